// Package activity is the activity log: who created, changed or deleted what, from where, with
// the old and new values. Capabilities record entries inside their own transactions.
package activity

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
)

// Entry types of the specification's events.
const (
	ProductCreated                = "product.created"
	ProductUpdated                = "product.updated"
	ProductDeleted                = "product.deleted"
	DiscountCreated               = "discount.created"
	DiscountUpdated               = "discount.updated"
	DiscountDeleted               = "discount.deleted"
	DiscountTypeCreated           = "discount_type.created"
	DiscountTypeUpdated           = "discount_type.updated"
	DiscountTypeDeleted           = "discount_type.deleted"
	CategoryAttributeCreated      = "category_attribute.created"
	CategoryAttributeUpdated      = "category_attribute.updated"
	CategoryAttributeDeleted      = "category_attribute.deleted"
	CategoryAttributeValueCreated = "category_attribute_value.created"
	CategoryAttributeValueUpdated = "category_attribute_value.updated"
	CategoryAttributeValueDeleted = "category_attribute_value.deleted"
	ProductAttributeCreated       = "product_attribute.created"
	ProductAttributeUpdated       = "product_attribute.updated"
	ProductAttributeDeleted       = "product_attribute.deleted"
	ProductAttributeValueCreated  = "product_attribute_value.created"
	ProductAttributeValueUpdated  = "product_attribute_value.updated"
	ProductAttributeValueDeleted  = "product_attribute_value.deleted"
	ProductImageCreated           = "product_image.created"
	ProductImageUpdated           = "product_image.updated"
	ProductImageDeleted           = "product_image.deleted"
)

// Entry is one row of the log.
type Entry struct {
	ID          uint64 `gorm:"primaryKey"`
	Type        string
	SubjectType string
	SubjectID   uint64
	UserID      *uint64
	IP          string `gorm:"column:ip"`
	OldValues   string
	NewValues   string
	CreatedAt   time.Time
}

func (Entry) TableName() string { return "activity_log" }

// Change describes one event to record; Old and New are encoded as JSON (nil: none).
type Change struct {
	Type        string
	SubjectType string
	SubjectID   uint64
	Old, New    any
}

// Record writes changes in tx (the caller's transaction, so the log and the change commit
// together), attributed to the actor of ctx.
func Record(ctx context.Context, tx *gorm.DB, changes ...Change) error {
	if len(changes) == 0 {
		return nil
	}
	a := actor.From(ctx)
	var uid *uint64
	if a.UserID != 0 {
		id := a.UserID
		uid = &id
	}
	rows := make([]Entry, 0, len(changes))
	for _, c := range changes {
		rows = append(rows, Entry{Type: c.Type, SubjectType: c.SubjectType, SubjectID: c.SubjectID,
			UserID: uid, IP: a.IP, OldValues: encode(c.Old), NewValues: encode(c.New)})
	}
	if err := tx.WithContext(ctx).CreateInBatches(rows, 500).Error; err != nil {
		return apperr.Wrap(err, "record activity")
	}
	return nil
}

// RecordBulkTx writes one entry of type typ per subject that subjectIDs selects (a query of
// the caller's own table yielding a column id), all with the same new values, in one
// INSERT ... SELECT inside the caller's transaction, attributed to the actor of ctx: a mass
// change logs its thousands of rows without a statement per row (the old values are not kept).
func RecordBulkTx(ctx context.Context, tx *gorm.DB, typ, subjectType string, subjectIDs *gorm.DB, newValues any, at time.Time) error {
	a := actor.From(ctx)
	var uid *uint64
	if a.UserID != 0 {
		id := a.UserID
		uid = &id
	}
	b, err := json.Marshal(newValues)
	if err != nil {
		return apperr.Wrap(err, "encode activity")
	}
	err = tx.WithContext(ctx).Exec(`INSERT INTO activity_log (type, subject_type, subject_id, user_id, ip, old_values, new_values, created_at)
		SELECT `+typed(tx, "VARCHAR")+`, `+typed(tx, "VARCHAR")+`, s.id, `+typed(tx, "BIGINT")+`, `+typed(tx, "VARCHAR")+`, '', `+
		typed(tx, "TEXT")+`, `+typed(tx, "TIMESTAMPTZ")+` FROM (?) s`, typ, subjectType, uid, a.IP, string(b), at, subjectIDs).Error
	return apperr.Wrap(err, "record mass activity")
}

// typed is a bound parameter in a SELECT list of an INSERT ... SELECT: PostgreSQL cannot infer
// its type there (it would take text), SQLite needs no cast (and would mangle some).
func typed(tx *gorm.DB, pgType string) string {
	if db.IsPostgres(tx) {
		return "CAST(? AS " + pgType + ")"
	}
	return "?"
}

func encode(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}
