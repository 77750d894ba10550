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
)

// Entry types of the specification's events.
const (
	ProductCreated                = "product.created"
	ProductUpdated                = "product.updated"
	ProductDeleted                = "product.deleted"
	DiscountCreated               = "discount.created"
	DiscountUpdated               = "discount.updated"
	DiscountDeleted               = "discount.deleted"
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
