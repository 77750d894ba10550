package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/queue"
)

// ProductSelection is what a mass change touches: the ids when any are given, else every
// product the list's filter selects (the whole filtered set, not a page). It is turned into
// SQL by the product area's selection (the same rules as the synchronous mass changes: at most
// MaxSelectedIDs ids, an empty filter refused).
//
// It travels in the job's payload as JSON: the API has parsed and checked the filter once;
// the job decodes the same struct (ProductFilter has no json tags, so its Go field names are
// the keys) and refuses a payload with a field it does not know, because a filter field
// dropped on the way would widen the selection.
type ProductSelection struct {
	IDs    []uint64      `json:"ids,omitempty"`
	Filter ProductFilter `json:"filter"`
}

// subquery is the selection as the right side of "id IN ...", or the request's 422 (nothing
// selected, too many ids, a bad filter value).
func (s *Service) subquery(ctx context.Context, sel ProductSelection) (clause.Expr, error) {
	f := sel.Filter
	f.Sort = "" // order means nothing to a set
	q, err := s.selection(ctx, sel.IDs, f, "ids", "product_media.select_first")
	if err != nil {
		return clause.Expr{}, err
	}
	return gorm.Expr("(?)", q), nil
}

// Payload is the selection as the job carries it (ids only when there are ids).
func (sel ProductSelection) Payload() (json.RawMessage, error) {
	if len(sel.IDs) > 0 {
		sel.Filter = ProductFilter{}
	}
	return json.Marshal(sel)
}

// decodeSelection reads a job's selection strictly (a payload is input too).
func decodeSelection(raw json.RawMessage) (ProductSelection, error) {
	var sel ProductSelection
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sel); err != nil {
		return ProductSelection{}, apperr.InvalidFields(apperr.Field("selection", "validation.type"))
	}
	return sel, nil
}

// The notifications that end a mass sticker job, to the user who started it: data carries
// job (MassJobCatalogStickers or MassJobEnergySticker), message, and count (done) or error
// (failed, after the last attempt).
const (
	NoteStickersDone   = "StickersDone"
	NoteStickersFailed = "StickersFailed"

	MassJobCatalogStickers = "catalog_stickers"
	MassJobEnergySticker   = "energy_sticker"
)

// --- Mass catalog stickers ----------------------------------------------------------------

// MassAddCatalogStickers checks the sticker and the selection, then queues the job that puts
// the sticker on every selected product; the caller answers at once.
func (s *Service) MassAddCatalogStickers(ctx context.Context, in CatalogStickerInput, sel ProductSelection) error {
	v, err := in.check(s.db.WithContext(ctx))
	_, selErr := s.subquery(ctx, sel)
	if err != nil || selErr != nil {
		return apperr.JoinInvalid(err, selErr)
	}
	raw, err := sel.Payload()
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
	where, err := s.subquery(ctx, sel)
	if err != nil {
		return 0, err
	}
	// The upsert and one activity entry per selected product commit together (the mass rule:
	// one entry per product, by one INSERT ... SELECT), attributed to the user who started it.
	ctx = jobActor(ctx, p.UserID)
	var n int64
	err = db.Transaction(func(tx *gorm.DB) error {
		var err error
		if n, err = s.upsertCatalogStickers(tx, v, where); err != nil {
			return err
		}
		return activity.RecordBulkTx(ctx, tx, activity.CatalogStickerAdded, "product", tx.Table("products").Select("id").Where("id IN ?", where),
			catalogStickerLog(v), s.now())
	})
	return n, err
}

// jobActor attributes a job's activity entries to the user who queued it (the job has no
// request; its context carries no actor).
func jobActor(ctx context.Context, userID uint64) context.Context {
	if actor.From(ctx).UserID != 0 || userID == 0 {
		return ctx
	}
	return actor.With(ctx, actor.Actor{UserID: userID})
}

// --- Mass energy stickers -----------------------------------------------------------------

// MassSetEnergySticker checks the selection and the file, stores the file once and queues the
// job that sets it on every selected product.
func (s *Service) MassSetEnergySticker(ctx context.Context, sel ProductSelection, r io.Reader) error {
	if _, err := s.subquery(ctx, sel); err != nil {
		return err
	}
	raw, err := sel.Payload()
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
	where, err := s.subquery(ctx, sel)
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
	// The update and one product.updated entry per selected product commit together (the mass
	// rule; the single route writes the same entry), attributed to the user who started it.
	ctx = jobActor(ctx, p.UserID)
	var changed int64
	err = db.Transaction(func(tx *gorm.DB) error {
		res := tx.Exec("UPDATE products SET energy_sticker_key = ?, updated_at = ? WHERE id IN ?", p.StickerKey, s.now(), where)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "set energy stickers")
		}
		changed = res.RowsAffected
		return activity.RecordBulkTx(ctx, tx, activity.ProductUpdated, "product", tx.Table("products").Select("id").Where("id IN ?", where),
			map[string]any{"energy_sticker_key": p.StickerKey}, s.now())
	})
	if err != nil {
		return 0, err
	}
	for _, k := range old {
		s.releaseEnergySticker(ctx, k)
	}
	return changed, nil
}
