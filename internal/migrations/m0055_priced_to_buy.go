package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// productSummaries0055 is product_summaries as 0055 leaves it: 0054's, with a product whose
// web price is 0 no longer buyable, as it was never sellable nor purchasable: a missing price
// (a supplier's row without one, a margin over a zero entry price) is not a free product.
const productSummaries0055 = productSummaryColumns0053 + storefrontColumns0054 + `,
	(p.active AND p.visible AND p.stock > 0 AND p.web_price > 0
		AND NOT COALESCE(mc.min_price > p.web_price, FALSE)) AS buyable` + productSummariesFrom0053

// m0055PricedToBuy makes buyable (the storefront's cart rule) refuse a zero web price, the
// rule sellable and purchasable already had. Safe for a rolling deploy: the view keeps its
// columns, names, types and order; the previous release reads the same column, which now
// says no for the few products priced 0.
func m0055PricedToBuy() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0055_priced_to_buy",
		Migrate: func(tx *gorm.DB) error {
			return replaceView(tx, "product_summaries", productSummaries0055)
		},
		Rollback: func(tx *gorm.DB) error {
			return replaceView(tx, "product_summaries", productSummaries0054)
		},
	}
}
