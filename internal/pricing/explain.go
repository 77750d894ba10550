package pricing

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// Stored are the derived prices the recompute last wrote for a product.
type Stored struct {
	Prices
	DiscountPrice    *money.Para
	ActiveDiscountID *uint64
}

// ProductExplanation is Explain's answer: the formula's every step for the product's current
// inputs, and what is stored (equal to it unless a recompute is still on its way).
type ProductExplanation struct {
	ProductID  uint64 `json:"product_id"`
	CategoryID uint64 `json:"category_id"`
	Explanation
	Stored Stored `json:"-"`
}

// Explain tells how a product's prices come about, by the same Evaluate the recompute's SQL
// mirrors, reading its inputs by id lookups (a handful of indexed queries).
func (s *Service) Explain(ctx context.Context, productID uint64) (*ProductExplanation, error) {
	in, st, err := s.LoadInputs(ctx, s.db, productID)
	if err != nil {
		return nil, err
	}
	return &ProductExplanation{ProductID: productID, CategoryID: in.CategoryID, Explanation: Evaluate(in), Stored: st}, nil
}

type productRow struct {
	ID                                                     uint64
	EntryPrice                                             int64
	MainCategoryID                                         uint64
	SupplierID, BrandID, ManufacturerID                    *uint64
	WebPrice, RetailPrice, DealerPrice, AuthenticatedPrice int64
	DiscountPrice                                          *int64
	ActiveDiscountID                                       *uint64
	EponudaPrice                                           *int64
}

// LoadInputs reads what product id's prices depend on (Inputs, with today's date from the
// shop's clock) and the prices stored for it, through db (a transaction or the pool).
func (s *Service) LoadInputs(ctx context.Context, db *gorm.DB, id uint64) (Inputs, Stored, error) {
	db = db.WithContext(ctx)
	var p productRow
	err := db.Raw(`SELECT id, entry_price, main_category_id, supplier_id, brand_id, manufacturer_id, web_price, retail_price,
		dealer_price, authenticated_price, discount_price, active_discount_id, eponuda_price FROM products WHERE id = ?`, id).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Inputs{}, Stored{}, apperr.NotFoundThing("product")
	}
	if err != nil {
		return Inputs{}, Stored{}, apperr.Wrap(err, "load product prices")
	}
	in := Inputs{Entry: money.Para(p.EntryPrice), CategoryID: p.MainCategoryID, SupplierID: p.SupplierID, BrandID: p.BrandID,
		ManufacturerID: p.ManufacturerID, Today: s.clk.Today()}
	if p.EponudaPrice != nil {
		v := money.Para(*p.EponudaPrice)
		in.Eponuda = &v
	}
	st := Stored{Prices: Prices{Web: money.Para(p.WebPrice), Retail: money.Para(p.RetailPrice), Dealer: money.Para(p.DealerPrice),
		Authenticated: money.Para(p.AuthenticatedPrice)}, ActiveDiscountID: p.ActiveDiscountID}
	if p.DiscountPrice != nil {
		v := money.Para(*p.DiscountPrice)
		st.DiscountPrice = &v
	}
	fail := func(err error) (Inputs, Stored, error) {
		return Inputs{}, Stored{}, apperr.Wrap(err, "load price inputs")
	}

	var c struct{ PdvBps, WebMarginBps, RetailMarginBps, DealerMarginBps int64 }
	if err := db.Raw("SELECT pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps FROM categories WHERE id = ?", p.MainCategoryID).
		Scan(&c).Error; err != nil {
		return fail(err)
	}
	in.Category = Margins{Pdv: money.Bps(c.PdvBps), Web: money.Bps(c.WebMarginBps), Retail: money.Bps(c.RetailMarginBps), Dealer: money.Bps(c.DealerMarginBps)}

	if err := db.Raw(`SELECT id, category_id, supplier_id, brand_id, price_from, price_to, margin_bps, created_at
		FROM web_margin_rules WHERE category_id = ?`, p.MainCategoryID).Scan(&in.WebRules).Error; err != nil {
		return fail(err)
	}
	if err := db.Raw(`SELECT id, name, category_id, supplier_id, brand_id, price_from, price_to, discount_bps, created_at
		FROM authenticated_discounts WHERE category_id IS NULL OR category_id = ?`, p.MainCategoryID).Scan(&in.AuthenticatedRules).Error; err != nil {
		return fail(err)
	}
	if p.ManufacturerID != nil {
		var rec []int64
		if err := db.Raw("SELECT recommended_price FROM supplier_products WHERE product_id = ?", p.ID).Scan(&rec).Error; err != nil {
			return fail(err)
		}
		if len(rec) > 0 {
			in.Recommended = money.Para(rec[0])
		}
		if err := db.Raw("SELECT id, name, manufacturer_id, lower_bps, created_at FROM recommended_prices WHERE manufacturer_id = ?",
			*p.ManufacturerID).Scan(&in.RecommendedRules).Error; err != nil {
			return fail(err)
		}
		if len(in.RecommendedRules) > 0 {
			ids := make([]uint64, len(in.RecommendedRules))
			for i, r := range in.RecommendedRules {
				ids[i] = r.ID
			}
			var cats []struct{ RecommendedPriceID, CategoryID uint64 }
			if err := db.Raw("SELECT recommended_price_id, category_id FROM recommended_price_categories WHERE recommended_price_id IN ?", ids).
				Scan(&cats).Error; err != nil {
				return fail(err)
			}
			for _, rc := range cats {
				for i := range in.RecommendedRules {
					if in.RecommendedRules[i].ID == rc.RecommendedPriceID {
						in.RecommendedRules[i].CategoryIDs = append(in.RecommendedRules[i].CategoryIDs, rc.CategoryID)
					}
				}
			}
		}
	}
	// The dates as text, first ten characters: what the recompute's comparison sees on both
	// databases (a date on PostgreSQL, text perhaps with a time on SQLite).
	var acts []struct {
		ID, DiscountTypeID   uint64
		TypeName             *string
		IsPercentage         *bool
		Price, PercentageBps int64
		ValidFrom, ValidTo   string
	}
	if err := db.Raw(`SELECT d.id, d.discount_type_id, t.name AS type_name, t.is_percentage, d.price, d.percentage_bps,
		CAST(d.valid_from AS TEXT) AS valid_from, CAST(d.valid_to AS TEXT) AS valid_to
		FROM discounts d LEFT JOIN discount_types t ON t.id = d.discount_type_id WHERE d.product_id = ?`, p.ID).Scan(&acts).Error; err != nil {
		return fail(err)
	}
	for _, a := range acts {
		act := Action{ID: a.ID, TypeID: a.DiscountTypeID, Price: money.Para(a.Price), PercentageBps: money.Bps(a.PercentageBps),
			From: dateOnly(a.ValidFrom), To: dateOnly(a.ValidTo)}
		if a.TypeName != nil {
			act.TypeName = *a.TypeName
		}
		act.IsPercentage = a.IsPercentage != nil && *a.IsPercentage
		in.Actions = append(in.Actions, act)
	}
	return in, st, nil
}

func dateOnly(s string) string {
	if len(s) > len(time.DateOnly) {
		return s[:len(time.DateOnly)]
	}
	return s
}
