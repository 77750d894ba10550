package feeds

import (
	"context"
	"database/sql"
	"strings"
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

// feedSQL reads the feeds' products: active, visible, in the e-ponuda feed and buyable (a web
// price, not below the main category's minimum price), with brand, action dates and the main
// image (the one flagged main, else the first). Reads only; the catalogue owns these tables.
const feedSQL = `SELECT p.id, p.sku, p.name, p.slug, p.description, COALESCE(b.name, ''), p.main_category_id,
	p.web_price, p.discount_price, d.valid_from, d.valid_to, p.stock, p.ean,
	COALESCE((SELECT i.large_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.main DESC, i.position, i.id LIMIT 1), '')
FROM products p
JOIN categories c ON c.id = p.main_category_id
LEFT JOIN brands b ON b.id = p.brand_id
LEFT JOIN discounts d ON d.id = p.active_discount_id
WHERE p.active = ? AND p.visible = ? AND p.eponuda = ? AND p.web_price > 0 AND p.web_price >= c.min_price
ORDER BY p.id`

// FeedColumnsSQL is the feed's SELECT, for the benchmark's COPY of the same rows.
func FeedColumnsSQL() string { return feedSQL }

// categoryTree is every category's path and slug by id.
type categoryTree map[uint64]struct{ path, slug string }

func (f *Feeds) categoryTree(ctx context.Context) (categoryTree, error) {
	var rows []struct {
		ID       uint64
		ParentID *uint64
		Name     string
		Slug     string
	}
	if err := f.db.WithContext(ctx).Table("categories").Select("id", "parent_id", "name", "slug").Scan(&rows).Error; err != nil {
		return nil, err
	}
	type node struct {
		parent     *uint64
		name, slug string
	}
	nodes := make(map[uint64]node, len(rows))
	for _, r := range rows {
		nodes[r.ID] = node{r.ParentID, r.Name, r.Slug}
	}
	out := make(categoryTree, len(rows))
	for id, n := range nodes {
		names := []string{n.name}
		seen := map[uint64]bool{id: true}
		for p := n.parent; p != nil && !seen[*p]; {
			pn, ok := nodes[*p]
			if !ok {
				break
			}
			seen[*p] = true
			names = append(names, pn.name)
			p = pn.parent
		}
		for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
			names[i], names[j] = names[j], names[i]
		}
		out[id] = struct{ path, slug string }{strings.Join(names, " > "), n.slug}
	}
	return out, nil
}

// eachProduct streams the feed's products to fn, one row at a time (memory stays flat
// whatever the catalogue's size).
func (f *Feeds) eachProduct(ctx context.Context, fn func(*feedProduct) error) error {
	tree, err := f.categoryTree(ctx)
	if err != nil {
		return err
	}
	rows, err := f.db.WithContext(ctx).Raw(feedSQL, true, true, true).Rows()
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
		p.CategoryPath, p.CategorySlug = c.path, c.slug
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
