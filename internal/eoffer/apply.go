package eoffer

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// ActivityWebPriceSet is the activity entry of a product whose web price e-ponuda set.
const ActivityWebPriceSet = "product.eponuda_price_set"

// Notification types of the apply job.
const (
	NoteApplied     = "EponudaPricesApplied"
	NoteApplyFailed = "EponudaPricesApplyFailed"
)

// MaxApplyIDs bounds one apply.
const MaxApplyIDs = 20000

// Applied is what an apply did: products whose web price e-ponuda set anew, and those chosen
// that the newest file no longer prices (no competitor left, or not in it).
type Applied struct {
	Changed int64 `json:"changed"`
	Missing int   `json:"missing"`
	Queued  bool  `json:"queued"`
}

// Apply sets the chosen products' web price to their new price (POST admin/eponuda-update):
// the new prices are computed now from the newest file, exactly as Recalc shows them, and a
// job hands them to pricing (without a queue, here). The job carries the prices, so a retry
// sets the very same ones.
func (s *Service) Apply(ctx context.Context, st Settings, ids []uint64) (Applied, error) {
	ps, err := st.check()
	if err != nil {
		return Applied{}, err
	}
	ids = uniq(ids)
	if len(ids) == 0 {
		return Applied{}, apperr.InvalidFields(apperr.Field("ids", "validation.required"))
	}
	if len(ids) > MaxApplyIDs {
		return Applied{}, apperr.InvalidFields(apperr.Field("ids", "eoffer.too_many_ids", "max", MaxApplyIDs))
	}
	imp, err := s.LatestImport(ctx)
	if err != nil {
		return Applied{}, err
	}
	if imp == nil {
		return Applied{}, apperr.InvalidFields(apperr.Field("ids", "eoffer.no_file"))
	}
	rows, err := s.offerRows(ctx, imp.ID, Scope{}, ids)
	if err != nil {
		return Applied{}, err
	}
	a := actor.From(ctx)
	p := queue.EofferApplyPayload{ImportID: imp.ID, UserID: a.UserID, IP: a.IP, Lang: string(langOf(ctx))}
	own := s.ownShops()
	for _, r := range rows {
		if ps.compute(r, own) {
			p.Prices = append(p.Prices, queue.EofferAppliedPrice{ProductID: r.ID, Price: int64(r.NewPrice)})
		}
	}
	p.Missing = len(ids) - len(p.Prices)
	if s.enq != nil {
		task, err := queue.NewEofferApplyTask(p)
		if err == nil {
			_, err = s.enq.Enqueue(ctx, task)
		}
		if err == nil {
			return Applied{Queued: true, Missing: p.Missing}, nil
		}
		s.log.WarnContext(ctx, "e-ponuda apply not queued, running it now", "error", err.Error())
	}
	return s.RunApply(ctx, p, true)
}

// RunApply is the apply job: the payload's prices go to pricing (products.eponuda_price, an
// input of the formula), which recomputes the products' derived prices in the same
// transaction; each product whose web price changes gets an activity entry (old and new web
// price); the user is told when it commits. Idempotent: a retry after a crash sets the same
// prices, and a second run changes nothing.
func (s *Service) RunApply(ctx context.Context, p queue.EofferApplyPayload, lastAttempt bool) (Applied, error) {
	ctx = actor.With(ctx, actor.Actor{UserID: p.UserID, IP: p.IP})
	lang := i18n.Lang(p.Lang)
	prices := make(map[uint64]money.Para, len(p.Prices))
	for _, pr := range p.Prices {
		prices[pr.ProductID] = money.Para(pr.Price)
	}
	out := Applied{Missing: p.Missing}
	publish := func(context.Context) {}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		changed, err := s.pricing.SetEponudaPricesTx(ctx, tx, prices)
		if err != nil {
			return err
		}
		out.Changed = int64(len(changed))
		changes := make([]activity.Change, 0, len(changed))
		for _, c := range changed {
			changes = append(changes, activity.Change{Type: ActivityWebPriceSet, SubjectType: "product", SubjectID: c.ProductID,
				Old: map[string]any{"web_price": c.OldWeb}, New: map[string]any{"web_price": c.NewWeb, "eponuda_price": c.Eponuda}})
		}
		if err := activity.Record(ctx, tx, changes...); err != nil {
			return err
		}
		if p.UserID == 0 || s.notify == nil {
			return nil
		}
		publish, err = s.notify.NotifyTx(tx, p.UserID, NoteApplied, map[string]any{
			"message": i18n.T(lang, "eoffer.note_applied", map[string]any{"count": out.Changed}), "changed": out.Changed, "missing": out.Missing})
		return err
	})
	if err != nil {
		if lastAttempt && p.UserID != 0 && s.notify != nil && !errors.Is(err, context.Canceled) {
			reason := i18n.Reason(lang, err)
			if nerr := s.notify.Notify(context.WithoutCancel(ctx), p.UserID, NoteApplyFailed, map[string]any{
				"message": i18n.T(lang, "eoffer.note_apply_failed", map[string]any{"error": reason})}); nerr != nil {
				s.log.WarnContext(ctx, "notification not sent", "user_id", p.UserID, "error", nerr.Error())
			}
		}
		return Applied{}, err
	}
	publish(context.WithoutCancel(ctx))
	return out, nil
}

// uniq drops zero and repeated ids, keeping the first of each.
func uniq(ids []uint64) []uint64 {
	seen := map[uint64]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
