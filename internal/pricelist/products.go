package pricelist

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// LinkProductFilter is the product linking list's query: a supplier or a shop category (where
// the supplier products are placed through their category's link) must be chosen; connected
// narrows to connected (true) or unconnected (false) ones; search matches SKU or name.
type LinkProductFilter struct {
	SupplierID uint64
	CategoryID uint64
	Connected  *bool
	Search     string
}

// LinkProduct is a supplier product as the product linking screen shows it: with its supplier's
// name and the shop product it is connected to (ProductID nil when unconnected).
type LinkProduct struct {
	ID               uint64
	SupplierID       uint64
	Supplier         string
	SKU              string `gorm:"column:sku"`
	Name             string
	Category         string
	CategoryID       *uint64
	Price            int64
	RecommendedPrice int64
	Stock            int
	ProductID        *uint64
	ProductSKU       string
	ProductName      string
}

// linkFoldedSQL is column folded in SQL the way catalog.Fold folds text: Serbian diacritics in
// both cases replaced (SQLite's LOWER leaves non-ASCII letters alone), then lower-cased.
func linkFoldedSQL(column string) string {
	expr := column
	for _, r := range [][2]string{{"Č", "c"}, {"č", "c"}, {"Ć", "c"}, {"ć", "c"}, {"Š", "s"}, {"š", "s"},
		{"Ž", "z"}, {"ž", "z"}, {"Đ", "dj"}, {"đ", "dj"}} {
		expr = "REPLACE(" + expr + ", '" + r[0] + "', '" + r[1] + "')"
	}
	return "LOWER(" + expr + ")"
}

var linkLikeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ListLinkProducts answers a page of supplier products for product linking, by SKU. Neither a
// supplier nor a category chosen is a 422 on supplier_id: 'Prvo izaberite dobavljača ili
// kategoriju'. The search is folded like the catalogue's ('frizider' finds 'Frižider').
func (s *Service) ListLinkProducts(ctx context.Context, f LinkProductFilter, page listing.Page) ([]LinkProduct, int64, error) {
	if f.SupplierID == 0 && f.CategoryID == 0 {
		return nil, 0, apperr.InvalidFields(apperr.Field("supplier_id", "product_link.select_first"))
	}
	where := func(q *gorm.DB) *gorm.DB {
		if f.SupplierID != 0 {
			q = q.Where("sp.supplier_id = ?", f.SupplierID)
		}
		if f.CategoryID != 0 {
			q = q.Where("sp.category_id = ?", f.CategoryID)
		}
		if f.Connected != nil {
			if *f.Connected {
				q = q.Where("sp.product_id IS NOT NULL")
			} else {
				q = q.Where("sp.product_id IS NULL")
			}
		}
		if term := catalog.Fold(strings.TrimSpace(f.Search)); term != "" {
			pattern := "%" + linkLikeEscaper.Replace(term) + "%"
			q = q.Where("("+linkFoldedSQL("sp.sku")+` LIKE ? ESCAPE '\' OR `+linkFoldedSQL("sp.name")+` LIKE ? ESCAPE '\')`, pattern, pattern)
		}
		return q
	}
	db := s.db.WithContext(ctx)
	var total int64
	if err := where(db.Table("supplier_products sp")).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count link products")
	}
	rows := []LinkProduct{}
	err := where(db.Table("supplier_products sp")).
		Select("sp.id, sp.supplier_id, s.name AS supplier, sp.sku, sp.name, sp.category, sp.category_id, sp.price, " +
			"sp.recommended_price, sp.stock, sp.product_id, COALESCE(p.sku, '') AS product_sku, COALESCE(p.name, '') AS product_name").
		Joins("JOIN suppliers s ON s.id = sp.supplier_id").
		Joins("LEFT JOIN products p ON p.id = sp.product_id").
		Order("sp.sku, sp.id").Offset(page.Offset()).Limit(page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list link products")
	}
	return rows, total, nil
}

// ConnectProduct connects a supplier product to a shop product (the catalogue's rules: either
// side connected elsewhere is a 409) and the shop product takes the supplier's price as its
// entry price, its stock and supplier, with its derived prices recomputed. A missing
// product_id, or one naming no product, is a 422 on product_id. Connect and price take-over are
// one transaction.
func (s *Service) ConnectProduct(ctx context.Context, supplierProductID, productID uint64) error {
	if productID == 0 {
		return apperr.InvalidFields(apperr.Field("product_id", "validation.required"))
	}
	err := s.catalog.ConnectSupplierProduct(ctx, supplierProductID, productID)
	if e := apperr.As(err); err != nil && e.Code == apperr.NotFound && e.Msg.Key == "notfound.product" {
		return apperr.InvalidFields(apperr.Field("product_id", "category_link.unknown"))
	}
	return err
}
