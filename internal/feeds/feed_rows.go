package feeds

import (
	"context"
	"database/sql"
	"time"

	"shop/internal/catalog"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// feedProduct is one product of the feeds, as the query reads it. Prices are para with VAT.
type feedProduct struct {
	ID            uint64
	SKU           string
	Name          string
	Slug          string
	Description   string
	Brand         string
	CategoryID    uint64
	WebPrice      int64
	DiscountPrice sql.NullInt64
	SaleFrom      sql.NullTime
	SaleTo        sql.NullTime
	Stock         int
	EAN           string
	ImageKey      string

	// Filled from the categories: the main category's path ("A > B > C") and slug.
	CategoryPath string
	CategorySlug string
}

// ShownPrice is the guest's price by pricing's one rule (pricing.Shown): the action's price
// while one is valid today (pricing writes discount_price only then), else the web price.
func (p *feedProduct) ShownPrice() int64 {
	var discount *money.Para
	if p.DiscountPrice.Valid {
		d := money.Para(p.DiscountPrice.Int64)
		discount = &d
	}
	guest, _ := pricing.Shown(money.Para(p.WebPrice), money.Para(p.WebPrice), discount)
	return int64(guest)
}

// OnSale tells whether the shown price is an action's price below the web price.
func (p *feedProduct) OnSale() bool {
	return p.DiscountPrice.Valid && p.DiscountPrice.Int64 > 0 && p.DiscountPrice.Int64 < p.WebPrice
}

// feedSQL reads the feeds' products from the catalogue's read model: sellable (live, with a
// web price not below the main category's minimum) and in the e-ponuda feed, with the action's
// dates.
const feedSQL = `SELECT p.id, p.sku, p.name, p.slug, p.description, p.brand_name, p.main_category_id,
	p.web_price, p.discount_price, d.valid_from, d.valid_to, p.stock, p.ean, p.image_key
FROM product_summaries p
LEFT JOIN discounts d ON d.id = p.active_discount_id
WHERE p.sellable AND p.eponuda
ORDER BY p.id`

// FeedColumnsSQL is the feed's SELECT, for the benchmark's COPY of the same rows.
func FeedColumnsSQL() string { return feedSQL }

// eachProduct streams the feed's products to fn, one row at a time (memory stays flat
// whatever the catalogue's size).
func (f *Feeds) eachProduct(ctx context.Context, fn func(*feedProduct) error) error {
	tree, err := f.catalog.CategoryPaths(ctx)
	if err != nil {
		return err
	}
	rows, err := f.db.WithContext(ctx).Raw(feedSQL).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	var p feedProduct
	for rows.Next() {
		p = feedProduct{}
		var from, to any
		if err := rows.Scan(&p.ID, &p.SKU, &p.Name, &p.Slug, &p.Description, &p.Brand, &p.CategoryID,
			&p.WebPrice, &p.DiscountPrice, &from, &to, &p.Stock, &p.EAN, &p.ImageKey); err != nil {
			return err
		}
		p.SaleFrom, p.SaleTo = dateOf(from), dateOf(to)
		c := tree[p.CategoryID]
		p.CategoryPath, p.CategorySlug = c.Path, c.Slug
		p.Description = catalog.DescriptionText(p.Description)
		if err := fn(&p); err != nil {
			return err
		}
	}
	return rows.Err()
}

// dateOf reads a DATE column as either driver gives it (time.Time, or text on SQLite).
func dateOf(v any) sql.NullTime {
	switch t := v.(type) {
	case time.Time:
		return sql.NullTime{Time: t, Valid: true}
	case string:
		return parseDate(t)
	case []byte:
		return parseDate(string(t))
	}
	return sql.NullTime{}
}

func parseDate(s string) sql.NullTime {
	if len(s) >= 10 {
		if t, err := time.Parse(time.DateOnly, s[:10]); err == nil {
			return sql.NullTime{Time: t, Valid: true}
		}
	}
	return sql.NullTime{}
}
