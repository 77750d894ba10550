package catalog

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
)

// The price-list capability's reads and writes of the catalogue's supplier products,
// suppliers and categories: the catalogue owns these tables, so their
// column names live here and a renamed column fails to compile in one package.

// SupplierCategoryCount is one category name of a supplier's price-list products with how many
// carry it.
type SupplierCategoryCount struct {
	Category string
	N        int64
}

// SupplierCategoryCounts answers the non-empty category names of a supplier's price-list
// products with their counts.
func (s *Service) SupplierCategoryCounts(ctx context.Context, supplierID uint64) ([]SupplierCategoryCount, error) {
	var out []SupplierCategoryCount
	err := s.db.WithContext(ctx).Model(&SupplierProduct{}).Select("category, COUNT(*) AS n").
		Where("supplier_id = ? AND category <> ''", supplierID).Group("category").Scan(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "supplier categories")
	}
	return out, nil
}

// PlaceSupplierCategoryTx puts every price-list product of the supplier that carries the
// supplier's category name in shop category categoryID (nil: in none), inside the caller's
// transaction (a category link made or removed in the same one). It answers how many moved.
func (s *Service) PlaceSupplierCategoryTx(ctx context.Context, tx *gorm.DB, supplierID uint64, supplierCategory string, categoryID *uint64) (int64, error) {
	res := tx.WithContext(ctx).Model(&SupplierProduct{}).Where("supplier_id = ? AND category = ?", supplierID, supplierCategory).
		Update("category_id", categoryID)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "place supplier products")
	}
	return res.RowsAffected, nil
}

// CountUnconnectedSupplierProducts counts the supplier's price-list products not connected to
// a shop product, narrowed to a supplier category name (when not empty) and to SKUs (when given,
// at most a few thousand: the caller chunks).
func (s *Service) CountUnconnectedSupplierProducts(ctx context.Context, supplierID uint64, supplierCategory string, skus []string) (int64, error) {
	q := s.db.WithContext(ctx).Model(&SupplierProduct{}).Where("supplier_id = ? AND product_id IS NULL", supplierID)
	if supplierCategory != "" {
		q = q.Where("category = ?", supplierCategory)
	}
	if skus != nil {
		q = q.Where("sku IN ?", skus)
	}
	var n int64
	if err := q.Count(&n).Error; err != nil {
		return 0, apperr.Wrap(err, "count importable products")
	}
	return n, nil
}

// SupplierNames answers the names of the suppliers with these ids (unknown ids are left out).
func (s *Service) SupplierNames(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	return names(ctx, s.db.WithContext(ctx).Model(&Supplier{}), ids, "supplier names")
}

// CategoryNames answers the names of the categories with these ids (unknown ids are left out).
func (s *Service) CategoryNames(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	return names(ctx, s.db.WithContext(ctx).Model(&Category{}), ids, "category names")
}

func names(_ context.Context, q *gorm.DB, ids []uint64, what string) (map[uint64]string, error) {
	out := make(map[uint64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   uint64
		Name string
	}
	if err := q.Select("id, name").Where("id IN ?", ids).Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, what)
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}

// LinkableFilter is the product linking list's query: a supplier and/or the shop category the
// supplier products are placed in, connected (true) or unconnected (false) or both (nil), and a
// search in SKU or name.
type LinkableFilter struct {
	SupplierID uint64
	CategoryID uint64
	Connected  *bool
	Search     string
}

// LinkableSupplierProduct is a supplier product as the product linking screen shows it: with
// its supplier's name and the shop product it is connected to (ProductID nil when unconnected).
type LinkableSupplierProduct struct {
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

// ListLinkableSupplierProducts answers a page of supplier products by SKU for product linking;
// the search is folded like the catalogue's ('frizider' finds 'Frižider').
func (s *Service) ListLinkableSupplierProducts(ctx context.Context, f LinkableFilter, page listing.Page) ([]LinkableSupplierProduct, int64, error) {
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
		if term := Fold(strings.TrimSpace(f.Search)); term != "" {
			pattern := db.LikeContains(term)
			q = q.Where("("+foldedSQL("sp.sku")+` LIKE ?`+db.LikeEscape+` OR `+foldedSQL("sp.name")+` LIKE ?`+db.LikeEscape+`)`, pattern, pattern)
		}
		return q
	}
	db := s.db.WithContext(ctx)
	var total int64
	if err := where(db.Table("supplier_products sp")).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count link products")
	}
	rows := []LinkableSupplierProduct{}
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
