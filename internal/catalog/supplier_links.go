package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// SupplierImportSelection picks the unconnected supplier products of one supplier that become
// shop products in CategoryID: those of one supplier category (category to category), or
// those with the given SKUs (product to category) when SKUs is not empty.
type SupplierImportSelection struct {
	SupplierID       uint64
	SupplierCategory string
	SKUs             []string
	CategoryID       uint64
}

// SupplierImportResult counts what an import did.
type SupplierImportResult struct {
	// Created shop products (each connected to the supplier product it came from).
	Created int
}

// supplierImportBatch is how many supplier products become products per transaction. A batch
// is committed whole with its connections, so a retried job takes only what is still
// unconnected and never creates a product twice.
const supplierImportBatch = 500

// productInsertBatch keeps a products INSERT at about 2,500 bound parameters (about 25 columns
// per row): the pure-Go SQLite driver slows sharply with larger statements.
const productInsertBatch = 100

// CreateProductsFromSupplierProducts creates a shop product from every unconnected supplier
// product the selection picks and connects each to the product made from it, set-based, in
// batches of a few hundred rows per transaction (a few statements per batch, never one per
// row). A new product gets the supplier product's name (its SKU when the name is empty), price
// as entry price, stock and EAN; the brand of the same name if one exists; the chosen category
// as its main and only category, with the derived prices from that category's margins; it is
// active and visible. Its SKU is the supplier's SKU when that fits (at most 15 characters) and
// is free, else the category's prefix and the supplier product's id; its slug is the name and
// SKU slugified, with -2, -3 ... when taken.
func (s *Service) CreateProductsFromSupplierProducts(ctx context.Context, sel SupplierImportSelection) (SupplierImportResult, error) {
	var res SupplierImportResult
	db := s.db.WithContext(ctx)
	var cat Category
	err := db.Where("id = ?", sel.CategoryID).Take(&cat).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return res, apperr.NotFoundThing("category")
	}
	if err != nil {
		return res, apperr.Wrap(err, "import category")
	}
	if _, err := s.GetSupplier(ctx, sel.SupplierID); err != nil {
		return res, err
	}
	var brands []Brand
	if err := db.Select("id, name").Find(&brands).Error; err != nil {
		return res, apperr.Wrap(err, "brands")
	}
	brandOf := make(map[string]uint64, len(brands))
	for _, b := range brands {
		brandOf[Fold(strings.TrimSpace(b.Name))] = b.ID
	}
	im := supplierImport{s: s, cat: &cat, brandOf: brandOf}

	run := func(scope func(q *gorm.DB) *gorm.DB) (int, error) {
		var n int
		err := db.Transaction(func(tx *gorm.DB) error {
			q := scope(tx.Model(&SupplierProduct{}).Where("supplier_id = ? AND product_id IS NULL", sel.SupplierID)).
				Order("id").Limit(supplierImportBatch)
			if tx.Dialector.Name() == "postgres" {
				// Two imports of overlapping selections wait for each other instead of
				// failing on the product_id unique index.
				q = q.Clauses(clause.Locking{Strength: "UPDATE"})
			}
			var rows []SupplierProduct
			if err := q.Find(&rows).Error; err != nil {
				return apperr.Wrap(err, "select supplier products")
			}
			var err error
			n, err = im.batch(ctx, tx, rows)
			return err
		})
		return n, err
	}

	if len(sel.SKUs) > 0 {
		skus := uniqueTrimmed(sel.SKUs)
		for len(skus) > 0 {
			chunk := skus[:min(len(skus), supplierImportBatch)]
			skus = skus[len(chunk):]
			n, err := run(func(q *gorm.DB) *gorm.DB { return q.Where("sku IN ?", chunk) })
			res.Created += n
			if err != nil {
				return res, err
			}
		}
		return res, nil
	}
	var last uint64
	for {
		after := last
		n, err := run(func(q *gorm.DB) *gorm.DB {
			return q.Where("category = ? AND id > ?", sel.SupplierCategory, after)
		})
		res.Created += n
		if err != nil {
			return res, err
		}
		if n < supplierImportBatch {
			return res, nil
		}
		last = im.lastID
	}
}

// supplierImport is one import's fixed inputs and its progress.
type supplierImport struct {
	s       *Service
	cat     *Category
	brandOf map[string]uint64
	lastID  uint64 // the highest supplier product id done (keyset for the next batch)
}

// batch turns up to supplierImportBatch supplier products into products in tx.
func (im *supplierImport) batch(ctx context.Context, tx *gorm.DB, rows []SupplierProduct) (int, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	im.lastID = rows[len(rows)-1].ID
	skus, err := im.shopSKUs(tx, rows)
	if err != nil {
		return 0, err
	}
	now := im.s.now()
	margins := im.cat.Margins()
	products := make([]Product, len(rows))
	for i, sp := range rows {
		name := strings.TrimSpace(sp.Name)
		if name == "" {
			name = strings.TrimSpace(sp.SKU)
		}
		pr := pricing.Derive(money.Para(sp.Price), margins) // for the activity log; pricing stores them
		supplierID := sp.SupplierID
		products[i] = Product{
			SKU: skus[i], Name: name, SearchText: searchText(name, skus[i]),
			Active: true, Visible: true,
			EntryPrice: money.Para(sp.Price), WebPrice: pr.Web, RetailPrice: pr.Retail, DealerPrice: pr.Dealer, AuthPrice: pr.Authenticated,
			Stock: sp.Stock, EAN: strings.TrimSpace(sp.EAN), MainCategoryID: im.cat.ID,
			BrandID: idPtr(im.brandOf[Fold(strings.TrimSpace(sp.Brand))]), SupplierID: &supplierID,
			CreatedAt: now, UpdatedAt: now,
		}
	}
	if err := im.slugs(tx, products); err != nil {
		return 0, err
	}
	if err := tx.Omit(pricing.Columns...).CreateInBatches(&products, productInsertBatch).Error; err != nil {
		return 0, apperr.Wrap(err, "create products")
	}
	links := make([]ProductCategory, len(products))
	changes := make([]activity.Change, len(products))
	for i, p := range products {
		if p.ID == 0 {
			return 0, apperr.Wrap(errors.New("no id returned"), "create products")
		}
		links[i] = ProductCategory{ProductID: p.ID, CategoryID: im.cat.ID}
		changes[i] = activity.Change{Type: activity.ProductCreated, SubjectType: "product", SubjectID: p.ID,
			New: productLog{p, []uint64{im.cat.ID}}}
	}
	if err := tx.CreateInBatches(&links, 1000).Error; err != nil {
		return 0, apperr.Wrap(err, "product categories")
	}
	if err := im.connect(tx, rows, products, now); err != nil {
		return 0, err
	}
	// The derived prices are pricing's to write, in one statement for the batch.
	ids := make([]uint64, len(products))
	for i, p := range products {
		ids[i] = p.ID
	}
	if _, err := im.s.prices.RecomputeTx(ctx, tx, pricing.Products(ids...)); err != nil {
		return 0, err
	}
	if err := activity.Record(ctx, tx, changes...); err != nil {
		return 0, err
	}
	return len(products), nil
}

// connect points every supplier product of the batch at its new product in one UPDATE. A
// supplier product connected meanwhile by someone else rolls the batch back (the job retries
// and takes only what is still unconnected).
func (im *supplierImport) connect(tx *gorm.DB, rows []SupplierProduct, products []Product, now time.Time) error {
	var b strings.Builder
	args := make([]any, 0, 2*len(rows)+2)
	ids := make([]uint64, len(rows))
	b.WriteString("UPDATE supplier_products SET product_id = CASE id")
	for i, sp := range rows {
		b.WriteString(" WHEN ? THEN " + typedParam(tx, "BIGINT"))
		args = append(args, sp.ID, products[i].ID)
		ids[i] = sp.ID
	}
	b.WriteString(" END, updated_at = ? WHERE id IN ? AND product_id IS NULL")
	args = append(args, now, ids)
	res := tx.Exec(b.String(), args...)
	if res.Error != nil {
		return apperr.Wrap(res.Error, "connect supplier products")
	}
	if res.RowsAffected != int64(len(rows)) {
		return apperr.Wrap(fmt.Errorf("connected %d of %d", res.RowsAffected, len(rows)), "connect supplier products")
	}
	return nil
}

// shopSKUs chooses each row's product SKU: the supplier's SKU when it has 1-15 characters and
// no product (nor an earlier row) has it, else the category prefix and the supplier product id
// ("LAP1234"), with -2, -3 ... in the rare case that is taken too. One query for the batch;
// only a taken fallback costs another.
func (im *supplierImport) shopSKUs(tx *gorm.DB, rows []SupplierProduct) ([]string, error) {
	prefix := strings.ToUpper(strings.TrimSpace(im.cat.Prefix))
	if prefix == "" {
		prefix = "P"
	}
	fallback := func(sp SupplierProduct) string { return prefix + strconv.FormatUint(sp.ID, 10) }
	candidates := make([]string, 0, 2*len(rows))
	for _, sp := range rows {
		if own := strings.TrimSpace(sp.SKU); fitsSKU(own) {
			candidates = append(candidates, own)
		}
		candidates = append(candidates, fallback(sp))
	}
	taken, err := takenValues(tx, "sku", candidates)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, sp := range rows {
		sku := strings.TrimSpace(sp.SKU)
		if !fitsSKU(sku) || taken[sku] {
			sku = fallback(sp)
			for n := 2; taken[sku]; n++ {
				sku = fmt.Sprintf("%s-%d", fallback(sp), n)
				if len(sku) > 15 {
					return nil, apperr.Wrap(fmt.Errorf("no free SKU for supplier product %d", sp.ID), "product SKU")
				}
				more, err := takenValues(tx, "sku", []string{sku})
				if err != nil {
					return nil, err
				}
				if more[sku] {
					taken[sku] = true
				}
			}
		}
		taken[sku] = true
		out[i] = sku
	}
	return out, nil
}

// fitsSKU tells whether a supplier's SKU can be a product's (products.sku holds 15 characters).
func fitsSKU(sku string) bool {
	n := utf8.RuneCountInString(sku)
	return n >= 1 && n <= 15
}

// slugs gives each new product a free slug: its name and SKU slugified (the SKU makes it
// almost always unique at once), with -2, -3 ... when taken. One query for the batch; only a
// taken slug costs another.
func (im *supplierImport) slugs(tx *gorm.DB, products []Product) error {
	bases := make([]string, len(products))
	for i, p := range products {
		base := Slugify(p.Name + " " + p.SKU)
		if base == "" {
			base = "proizvod"
		}
		if len(base) > 1280 {
			base = strings.TrimRight(base[:1280], "-")
		}
		bases[i] = base
	}
	taken, err := takenValues(tx, "slug", bases)
	if err != nil {
		return err
	}
	for i, base := range bases {
		slug := base
		if taken[slug] {
			var like []string
			err := tx.Table("products").Where(`slug LIKE ?`+db.LikeEscape, db.LikeLiteral(base)+"-%").Pluck("slug", &like).Error
			if err != nil {
				return apperr.Wrap(err, "product slugs")
			}
			for _, l := range like {
				taken[l] = true
			}
			for n := 2; taken[slug]; n++ {
				slug = fmt.Sprintf("%s-%d", base, n)
			}
		}
		taken[slug] = true
		products[i].Slug = slug
	}
	return nil
}

// takenValues answers which of values some product already has in column (sku or slug).
func takenValues(tx *gorm.DB, column string, values []string) (map[string]bool, error) {
	taken := map[string]bool{}
	for len(values) > 0 {
		chunk := values[:min(len(values), 1000)]
		values = values[len(chunk):]
		var got []string
		if err := tx.Table("products").Where(column+" IN ?", chunk).Pluck(column, &got).Error; err != nil {
			return nil, apperr.Wrap(err, "taken product "+column+"s")
		}
		for _, g := range got {
			taken[g] = true
		}
	}
	return taken, nil
}

// uniqueTrimmed is values trimmed, without blanks and repeats, in their order.
func uniqueTrimmed(values []string) []string {
	seen := make(map[string]bool, len(values))
	out := make([]string, 0, len(values))
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out
}
