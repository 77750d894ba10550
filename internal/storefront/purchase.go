package storefront

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// PurchaseProduct is what the cart and the checkout need of a product, read in one query:
// the derived prices pricing wrote, the purchasable rule's inputs, the stock and the VAT rate.
type PurchaseProduct struct {
	ID                 uint64
	SKU                string
	Name               string
	Slug               string
	Active             bool
	Visible            bool
	WebPrice           money.Para
	AuthenticatedPrice money.Para
	DiscountPrice      *money.Para
	Stock              int
	MainCategorySlug   string
	// VatBps is the main category's VAT (PDV) in basis points (the invoice shows it).
	VatBps       int
	MainImageKey string
	// Buyable is the catalogue's cart rule on this row (product_summaries.buyable).
	Buyable bool
}

// Price is pricing's shown price for a guest or a logged-in customer.
func (p PurchaseProduct) Price(loggedIn bool) money.Para {
	guest, customer := pricing.Shown(p.WebPrice, p.AuthenticatedPrice, p.DiscountPrice)
	if loggedIn {
		return customer
	}
	return guest
}

// purchaseSelect reads the catalogue's read model; the main category's columns fall back as
// when the category is missing, and its min price is in buyable.
const purchaseSelect = `SELECT p.id, p.sku, p.name, p.slug, p.active, p.visible, p.web_price, p.authenticated_price, p.discount_price, p.stock,
	COALESCE(p.category_slug, '') AS main_category_slug, COALESCE(p.pdv_bps, 0) AS vat_bps,
	p.main_image_small_key AS main_image_key, p.buyable
	FROM product_summaries p WHERE p.id IN ?`

// PurchaseProducts reads the products with these ids, by id (unknown ids are absent). tx is
// the caller's transaction (the checkout reads the prices of the moment it commits), nil: none.
func (s *Service) PurchaseProducts(ctx context.Context, tx *gorm.DB, ids []uint64) (map[uint64]PurchaseProduct, error) {
	out := make(map[uint64]PurchaseProduct, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	if tx == nil {
		tx = s.db
	}
	var rows []PurchaseProduct
	if err := tx.WithContext(ctx).Raw(purchaseSelect, ids).Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "purchase products")
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
