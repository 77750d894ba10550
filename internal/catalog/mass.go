package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/queue"
)

// MaxMassIDs bounds the ids of one mass call: the largest admin page (select-all takes the ids
// of the page), and far below SQLite's 32,766 bound parameters. Bigger selections go by filter.
const MaxMassIDs = 5000

// ProductSelection is what a mass change touches: the ids when any are given, else every
// product the list's filter selects (the whole filtered set, not a page).
//
// It travels in the job's payload as JSON: the API has parsed and checked the filter once;
// the job decodes the same struct (ProductFilter has no json tags, so its Go field names are
// the keys) and refuses a payload with a field it does not know, because a filter field
// dropped on the way would widen the selection.
type ProductSelection struct {
	IDs    []uint64      `json:"ids,omitempty"`
	Filter ProductFilter `json:"filter"`
}

// productSelection is a checked ProductSelection.
type productSelection struct {
	ids    []uint64
	filter *ProductFilter
}

// check refuses a selection that would touch every product (no ids and an empty filter)
// and one with too many ids; the filter's own values are checked when it is applied.
func (sel ProductSelection) check() (productSelection, error) {
	ids := make([]uint64, 0, len(sel.IDs))
	seen := make(map[uint64]bool, len(sel.IDs))
	for _, id := range sel.IDs {
		if id != 0 && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	switch {
	case len(ids) > MaxMassIDs:
		return productSelection{}, apperr.InvalidFields(apperr.Field("ids", "validation.max", "n", MaxMassIDs))
	case len(ids) > 0:
		return productSelection{ids: ids}, nil
	case sel.Filter.IsEmpty():
		return productSelection{}, apperr.InvalidFields(apperr.Field("ids", "product_media.select_first"))
	}
	f := sel.Filter
	f.Sort = "" // order means nothing to a set
	return productSelection{filter: &f}, nil
}

// where is the right side of "products.id IN ...": the ids, or the filter as a subquery.
func (sel productSelection) where(db *gorm.DB) (any, error) {
	if sel.filter == nil {
		return sel.ids, nil
	}
	sub, err := applyFilter(db.Session(&gorm.Session{NewDB: true}).Table("products").Select("products.id"), *sel.filter)
	if err != nil {
		return nil, err
	}
	return gorm.Expr("(?)", sub), nil
}

// payload is the selection as the job carries it.
func (sel productSelection) payload() (json.RawMessage, error) {
	out := ProductSelection{IDs: sel.ids}
	if sel.filter != nil {
		out.Filter = *sel.filter
	}
	return json.Marshal(out)
}

// decodeSelection reads a job's selection strictly and checks it again (a payload is input).
func decodeSelection(raw json.RawMessage) (productSelection, error) {
	var sel ProductSelection
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sel); err != nil {
		return productSelection{}, apperr.InvalidFields(apperr.Field("selection", "validation.type"))
	}
	return sel.check()
}

// validateSelection applies the filter once without running it, so bad filter values are a
// 422 at the request, not a failed job later.
func (s *Service) validateSelection(sel productSelection) error {
	_, err := sel.where(s.db)
	return err
}

// --- Mass catalog stickers ----------------------------------------------------------------

// MassAddCatalogStickers checks the sticker and the selection, then queues the job that puts
// the sticker on every selected product; the caller answers at once.
func (s *Service) MassAddCatalogStickers(ctx context.Context, in CatalogStickerInput, sel ProductSelection) error {
	v, err := in.check(s.db.WithContext(ctx))
	checked, selErr := sel.check()
	if err != nil || selErr != nil {
		return joinInvalid(err, selErr)
	}
	if err := s.validateSelection(checked); err != nil {
		return err
	}
	raw, err := checked.payload()
	if err != nil {
		return apperr.Wrap(err, "selection payload")
	}
	task, err := queue.NewCatalogStickerMassTask(queue.CatalogStickerMassPayload{
		CatalogStickerTypeID: v.typeID, From: v.from.Format(time.DateOnly), To: v.to.Format(time.DateOnly),
		Active: v.active, Selection: raw, UserID: actor.From(ctx).UserID})
	if err != nil {
		return apperr.Wrap(err, "catalog sticker task")
	}
	if _, err := s.enq.Enqueue(ctx, task); err != nil {
		return apperr.Wrap(err, "enqueue catalog stickers")
	}
	return nil
}

// ApplyCatalogStickerMass is the job's work: one INSERT ... SELECT ... ON CONFLICT over the
// selection. It answers the rows inserted or updated. Idempotent: a retry upserts the same rows.
func (s *Service) ApplyCatalogStickerMass(ctx context.Context, p queue.CatalogStickerMassPayload) (int64, error) {
	active := p.Active
	in := CatalogStickerInput{CatalogStickerTypeID: p.CatalogStickerTypeID, From: p.From, To: p.To, Active: &active}
	db := s.db.WithContext(ctx)
	v, err := in.check(db)
	if err != nil {
		return 0, err // the type was deleted meanwhile: retrying cannot help
	}
	sel, err := decodeSelection(p.Selection)
	if err != nil {
		return 0, err
	}
	return s.upsertCatalogStickers(db, v, sel)
}

// --- Mass energy stickers -----------------------------------------------------------------

// MassSetEnergySticker checks the selection and the file, stores the file once and queues the
// job that sets it on every selected product.
func (s *Service) MassSetEnergySticker(ctx context.Context, sel ProductSelection, r io.Reader) error {
	checked, err := sel.check()
	if err != nil {
		return err
	}
	if err := s.validateSelection(checked); err != nil {
		return err
	}
	raw, err := checked.payload()
	if err != nil {
		return apperr.Wrap(err, "selection payload")
	}
	key, err := s.storeSticker(ctx, r)
	if err != nil {
		return err
	}
	task, err := queue.NewEnergyStickerMassTask(queue.EnergyStickerMassPayload{
		StickerKey: key, Selection: raw, UserID: actor.From(ctx).UserID})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, task)
	}
	if err != nil {
		s.deleteObjects(ctx, key)
		return apperr.Wrap(err, "enqueue energy stickers")
	}
	return nil
}

// ApplyEnergyStickerMass is the job's work: one UPDATE of energy_sticker_key over the
// selection. It answers the rows changed. Idempotent: a retry sets the same key again.
func (s *Service) ApplyEnergyStickerMass(ctx context.Context, p queue.EnergyStickerMassPayload) (int64, error) {
	if p.StickerKey == "" {
		return 0, apperr.InvalidFields(apperr.Field("sticker", "validation.file_required"))
	}
	sel, err := decodeSelection(p.Selection)
	if err != nil {
		return 0, err
	}
	db := s.db.WithContext(ctx)
	where, err := sel.where(db)
	if err != nil {
		return 0, err
	}
	// The labels this replaces, to delete the objects no product uses any more afterwards.
	var old []string
	if err := db.Table("products").Distinct("energy_sticker_key").
		Where("id IN ? AND energy_sticker_key <> '' AND energy_sticker_key <> ?", where, p.StickerKey).
		Pluck("energy_sticker_key", &old).Error; err != nil {
		return 0, apperr.Wrap(err, "energy stickers replaced")
	}
	res := db.Exec("UPDATE products SET energy_sticker_key = ?, updated_at = ? WHERE id IN ?", p.StickerKey, s.now(), where)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "set energy stickers")
	}
	for _, k := range old {
		s.releaseEnergySticker(ctx, k)
	}
	return res.RowsAffected, nil
}

// joinInvalid merges the field errors of several checks into one 422 (the form shows them
// all at once); anything that is not a 422 wins as it is.
func joinInvalid(errs ...error) error {
	var fields []apperr.FieldError
	for _, err := range errs {
		if err == nil {
			continue
		}
		if !apperr.Is(err, apperr.Invalid) {
			return err
		}
		fields = append(fields, apperr.As(err).Fields...)
	}
	if len(fields) == 0 {
		return nil
	}
	return apperr.InvalidFields(fields...)
}
