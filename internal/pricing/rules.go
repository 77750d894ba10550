package pricing

import (
	"context"
	"errors"
	"slices"
	"strings"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
)

// The rules staff manage (web margins, recommended prices, authenticated discounts) share
// this file: the checks of the references, percentages and price ranges, and the names shown in
// lists; rulescope.go holds the scope web margins and authenticated discounts have in common.
//
// The references are checked against the catalogue's tables directly: the catalogue depends on
// pricing (it asks for recomputes), so pricing cannot call the catalogue's service, and the
// formula reads the same tables anyway.

// manufacturerAttributeID is the attribute whose values are the manufacturers (spec: id 24;
// catalog.ManufacturerAttributeID, which pricing cannot import).
const manufacturerAttributeID = 24

// Percentage bounds of the rules (spec 9: percentages and margins 0.01 to 99.99; the
// recommended price's lower percentage 0 to 100).
const (
	minRuleBps  money.Bps = 1
	maxRuleBps  money.Bps = 9999
	maxLowerBps money.Bps = 10000
)

// Ref is a referenced row (category, supplier, brand, manufacturer) with its name for lists.
type Ref struct {
	ID   uint64
	Name string
}

// Opt is a field of a patch: Set when the request carried it, Value nil when it carried null.
type Opt[T any] struct {
	Set   bool
	Value *T
}

// apply overlays the patch's field on dst.
func (o Opt[T]) apply(dst **T) {
	if o.Set {
		*dst = o.Value
	}
}

// Of is a set patch field (tests and callers building a patch in Go).
func Of[T any](v T) Opt[T] { return Opt[T]{Set: true, Value: &v} }

// Null is a patch field set to null.
func Null[T any]() Opt[T] { return Opt[T]{Set: true} }

// ruleFields collects the field errors of one rule's form.
type ruleFields []apperr.FieldError

func (f *ruleFields) add(field, key string, args ...any) {
	if !f.has(field) {
		*f = append(*f, apperr.Field(field, key, args...))
	}
}

func (f ruleFields) has(field string) bool {
	return slices.ContainsFunc(f, func(e apperr.FieldError) bool { return e.Field == field })
}

// err is nil or the 422 with the fields in name order.
func (f ruleFields) err() error {
	if len(f) == 0 {
		return nil
	}
	slices.SortStableFunc(f, func(a, b apperr.FieldError) int { return strings.Compare(a.Field, b.Field) })
	return apperr.InvalidFields(f...)
}

// percent checks a required percentage within [lo, hi] (basis points).
func (f *ruleFields) percent(field string, v *money.Bps, lo, hi money.Bps) {
	switch {
	case v == nil:
		f.add(field, "validation.required")
	case *v < lo:
		f.add(field, "validation.min", "n", lo.String())
	case *v > hi:
		f.add(field, "validation.max", "n", hi.String())
	}
}

// priceRange checks an optional entry-price range: no negative bound, from ≤ to.
func (f *ruleFields) priceRange(from, to *money.Para) {
	if from != nil && *from < 0 {
		f.add("price_from", "validation.min", "n", "0")
	}
	if to != nil && *to < 0 {
		f.add("price_to", "validation.min", "n", "0")
	}
	if from != nil && to != nil && *from > *to && !f.has("price_from") && !f.has("price_to") {
		f.add("price_to", "pricing_rules.price_range")
	}
}

// name checks a rule's name: required, 2-255 characters (trimmed).
func (f *ruleFields) name(v *string) {
	*v = strings.TrimSpace(*v)
	switch n := len([]rune(*v)); {
	case n == 0:
		f.add("name", "validation.required")
	case n < 2:
		f.add("name", "validation.min_chars", "n", 2)
	case n > 255:
		f.add("name", "validation.max_chars", "n", 255)
	}
}

// exists tells whether table has a row with id (and the extra condition).
func exists(ctx context.Context, tx *gorm.DB, table string, id uint64, extra ...any) (bool, error) {
	var n []int
	q := "SELECT 1 FROM " + table + " WHERE id = ?"
	args := []any{id}
	if len(extra) > 0 {
		q += " AND " + extra[0].(string)
		args = append(args, extra[1:]...)
	}
	if err := tx.WithContext(ctx).Raw(q+" LIMIT 1", args...).Scan(&n).Error; err != nil {
		return false, apperr.Wrap(err, "check "+table)
	}
	return len(n) > 0, nil
}

// references checks that the ids a rule names exist; an unknown one is a 422 naming its field.
type reference struct {
	field, table string
	id           *uint64
	key          string // the message of an unknown id
	extra        []any  // a further condition and its arguments
}

func checkReferences(ctx context.Context, tx *gorm.DB, f *ruleFields, refs ...reference) error {
	for _, r := range refs {
		if r.id == nil || f.has(r.field) {
			continue
		}
		ok, err := exists(ctx, tx, r.table, *r.id, r.extra...)
		if err != nil {
			return err
		}
		if !ok {
			f.add(r.field, r.key)
		}
	}
	return nil
}

func categoryRef(field string, id *uint64) reference {
	return reference{field: field, table: "categories", id: id, key: "pricing_rules.unknown_category"}
}

func supplierRef(id *uint64) reference {
	return reference{field: "supplier_id", table: "suppliers", id: id, key: "pricing_rules.unknown_supplier"}
}

func brandRef(id *uint64) reference {
	return reference{field: "brand_id", table: "brands", id: id, key: "pricing_rules.unknown_brand"}
}

func manufacturerRef(id *uint64) reference {
	return reference{field: "manufacturer_id", table: "attribute_values", id: id, key: "pricing_rules.unknown_manufacturer",
		extra: []any{"attribute_id = ?", manufacturerAttributeID}}
}

// names reads id -> name of table for the ids (one query; unknown ids are left out).
func names(ctx context.Context, db *gorm.DB, table, column string, ids []uint64) (map[uint64]string, error) {
	out := map[uint64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   uint64
		Name string
	}
	if err := db.WithContext(ctx).Raw("SELECT id, "+column+" AS name FROM "+table+" WHERE id IN ?", ids).Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "read "+table+" names")
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}

// refOf is the Ref of an optional id with its name from m (nil id: nil).
func refOf(id *uint64, m map[uint64]string) *Ref {
	if id == nil {
		return nil
	}
	return &Ref{ID: *id, Name: m[*id]}
}

// idsOf collects the non-nil ids.
func idsOf(ids ...*uint64) []uint64 {
	var out []uint64
	for _, id := range ids {
		if id != nil && !slices.Contains(out, *id) {
			out = append(out, *id)
		}
	}
	return out
}

// getRow loads one rule row by id or the thing's 404.
func getRow[T any](ctx context.Context, tx *gorm.DB, id uint64, thing string) (*T, error) {
	var row T
	err := tx.WithContext(ctx).First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing(thing)
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get "+thing)
	}
	return &row, nil
}

// likeTerm is a LIKE pattern for "contains term", lower case, taken literally.
func likeTerm(term string) string { return db.LikeContains(strings.ToLower(strings.TrimSpace(term))) }

// record writes one activity entry of a rule change in tx.
func record(ctx context.Context, tx *gorm.DB, typ, subject string, id uint64, old, new any) error {
	return activity.Record(ctx, tx, activity.Change{Type: typ, SubjectType: subject, SubjectID: id, Old: old, New: new})
}

// manufacturerScopes are the products of the old and the new manufacturer of a rule.
func manufacturerScopes(old, new uint64) []Scope {
	if old == new {
		return []Scope{Manufacturer(new)}
	}
	return []Scope{Manufacturer(old), Manufacturer(new)}
}

// categoryScopes are the products a rule's scope touches before and after a change: every
// product when either names no category, else the old and the new category's (one scope when
// they are the same).
func categoryScopes(old, new *uint64) []Scope {
	switch {
	case old == nil || new == nil:
		return []Scope{All()}
	case *old == *new:
		return []Scope{MainCategory(*new)}
	}
	return []Scope{MainCategory(*old), MainCategory(*new)}
}
