package pricing

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// Change is one product's derived prices before and after a recompute.
type Change struct {
	ProductID        uint64      `json:"product_id"`
	SKU              string      `json:"sku"`
	Name             string      `json:"name"`
	OldWeb           money.Para  `json:"old_web_price"`
	NewWeb           money.Para  `json:"new_web_price"`
	OldAuthenticated money.Para  `json:"old_authenticated_price"`
	NewAuthenticated money.Para  `json:"new_authenticated_price"`
	OldDiscount      *money.Para `json:"old_discount_price"`
	NewDiscount      *money.Para `json:"new_discount_price"`
}

// OldShown is the price a guest saw before: the action price when there was one, else the
// web price.
func (c Change) OldShown() money.Para { return shownOf(c.OldWeb, c.OldDiscount) }

// NewShown is the price a guest sees after, chosen as OldShown is.
func (c Change) NewShown() money.Para { return shownOf(c.NewWeb, c.NewDiscount) }

// ShownChange is the change of the guest's price (new − old): what the shop's customers see
// move, whether the web price or the action changed.
func (c Change) ShownChange() money.Para { return c.NewShown() - c.OldShown() }

func shownOf(web money.Para, action *money.Para) money.Para {
	if action != nil {
		return *action
	}
	return web
}

// Report is what a recompute changed (or, dry, would change): how many products and the
// largest changes of the price a guest sees.
type Report struct {
	Changed int64    `json:"changed"`
	Largest []Change `json:"largest"`
	DryRun  bool     `json:"dry_run"`
}

// CategoryScope is MainCategory(id) after checking that the category exists (404 otherwise).
func (s *Service) CategoryScope(ctx context.Context, id uint64) (Scope, error) {
	var n int64
	if err := s.db.WithContext(ctx).Table("categories").Where("id = ?", id).Count(&n).Error; err != nil {
		return Scope{}, apperr.Wrap(err, "find category")
	}
	if n == 0 {
		return Scope{}, apperr.NotFoundThing("category")
	}
	return MainCategory(id), nil
}

// Recompute recomputes scope's prices in one transaction and reports the changes, the top
// largest changes of the guest's price first; dry, it computes the same without writing (the SELECT of the
// UPDATE's changes, in a transaction rolled back). phase, when not nil, is told "computing"
// then (not dry) "writing".
func (s *Service) Recompute(ctx context.Context, scope Scope, dry bool, top int, phase func(string)) (Report, error) {
	if phase == nil {
		phase = func(string) {}
	}
	rep := Report{DryRun: dry, Largest: []Change{}}
	if scope.empty {
		return rep, nil
	}
	errDry := apperr.New(apperr.Conflict, "error.invalid") // rolls the dry run back
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		phase("computing")
		args := append(append([]any{}, scope.args...), s.days()...)
		q := recomputeSQL(scope.cond).changes
		var rows []struct {
			Change
			N int64
		}
		if err := tx.Raw("SELECT c.*, COUNT(*) OVER () AS n FROM ("+q+") c ORDER BY ABS(COALESCE(c.new_discount, c.new_web) - COALESCE(c.old_discount, c.old_web)) DESC, c.product_id LIMIT ?",
			append(args, top)...).Scan(&rows).Error; err != nil {
			return apperr.Wrap(err, "recompute preview")
		}
		for _, r := range rows {
			rep.Changed = r.N
			rep.Largest = append(rep.Largest, r.Change)
		}
		if top == 0 {
			if err := tx.Raw("SELECT COUNT(*) FROM ("+q+") c", args...).Scan(&rep.Changed).Error; err != nil {
				return apperr.Wrap(err, "recompute preview")
			}
		}
		if dry {
			return errDry
		}
		phase("writing")
		n, err := s.RecomputeTx(ctx, tx, scope)
		rep.Changed = n
		return err
	})
	if err == errDry {
		err = nil
	}
	if err != nil {
		return Report{}, err
	}
	return rep, nil
}

// RecomputeStatement is the UPDATE RecomputeTx runs for scope, with its arguments (for the
// benchmark's EXPLAIN).
func (s *Service) RecomputeStatement(scope Scope) (string, []any) {
	return recomputeSQL(scope.cond).update, append(append(append([]any{}, scope.args...), s.days()...), s.now())
}
