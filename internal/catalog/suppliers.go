package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
)

// Supplier is a company whose price lists we import. UpdatedAt is the time of its last import.
type Supplier struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Supplier) TableName() string { return "suppliers" }

// SupplierProduct is one row of a supplier's price list, connected to at most one shop product
// (and a shop product to at most one supplier product: a unique index on product_id).
type SupplierProduct struct {
	ID               uint64 `gorm:"primaryKey"`
	SupplierID       uint64
	SKU              string `gorm:"column:sku"`
	Name             string
	Category         string // the supplier's own category name
	Brand            string
	EAN              string `gorm:"column:ean"`
	Price            int64  // para, without VAT
	RecommendedPrice int64  // para, 0 when the supplier gives none
	Stock            int
	ProductID        *uint64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (SupplierProduct) TableName() string { return "supplier_products" }

// SupplierSummary is a supplier with the counts of its connected and unconnected products.
type SupplierSummary struct {
	Supplier
	Connected   int64
	Unconnected int64
}

// SupplierFilter is the supplier list's query: a name search and the page.
type SupplierFilter struct {
	Search string
	Page   listing.Page
}

// ListSuppliers answers a page of suppliers by name with their product counts, computed in
// one grouped query for the whole page.
func (s *Service) ListSuppliers(ctx context.Context, f SupplierFilter) ([]SupplierSummary, int64, error) {
	q := s.db.WithContext(ctx).Model(&Supplier{})
	if term := strings.TrimSpace(f.Search); term != "" {
		q = q.Where("LOWER(name) LIKE ?"+db.LikeEscape, db.LikeContains(strings.ToLower(term)))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count suppliers")
	}
	var sups []Supplier
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&sups).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list suppliers")
	}
	out := make([]SupplierSummary, len(sups))
	if len(sups) == 0 {
		return out, total, nil
	}
	ids := make([]uint64, len(sups))
	at := map[uint64]int{}
	for i, sp := range sups {
		ids[i] = sp.ID
		at[sp.ID] = i
		out[i].Supplier = sp
	}
	var counts []struct {
		SupplierID  uint64
		Connected   int64
		Unconnected int64
	}
	err := s.db.WithContext(ctx).Model(&SupplierProduct{}).
		Select("supplier_id, SUM(CASE WHEN product_id IS NULL THEN 0 ELSE 1 END) AS connected, SUM(CASE WHEN product_id IS NULL THEN 1 ELSE 0 END) AS unconnected").
		Where("supplier_id IN ?", ids).Group("supplier_id").Scan(&counts).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "count supplier products")
	}
	for _, c := range counts {
		out[at[c.SupplierID]].Connected = c.Connected
		out[at[c.SupplierID]].Unconnected = c.Unconnected
	}
	return out, total, nil
}

// GetSupplier answers one supplier or its 404.
func (s *Service) GetSupplier(ctx context.Context, id uint64) (*Supplier, error) {
	var sp Supplier
	err := s.db.WithContext(ctx).First(&sp, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("supplier")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get supplier")
	}
	return &sp, nil
}

// CreateSupplier adds a supplier; a name already taken is a 422 on name.
func (s *Service) CreateSupplier(ctx context.Context, name string) (*Supplier, error) {
	name = strings.TrimSpace(name)
	switch n := len([]rune(name)); {
	case n == 0:
		return nil, apperr.InvalidFields(apperr.Field("name", "validation.required"))
	case n > 255:
		return nil, apperr.InvalidFields(apperr.Field("name", "validation.max_chars", "n", 255))
	}
	sp := Supplier{Name: name}
	if err := s.db.WithContext(ctx).Create(&sp).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil, apperr.InvalidFields(apperr.Field("name", "supplier.name_taken"))
		}
		return nil, apperr.Wrap(err, "create supplier")
	}
	return &sp, nil
}

// SupplierProductRow is a supplier product as its lists show it: with the shop product it is
// connected to (ProductSKU and ProductName are empty when it is not connected).
type SupplierProductRow struct {
	SupplierProduct
	ProductSKU  string
	ProductName string
}

// SupplierProductsFilter picks a supplier's connected or unconnected products, one page.
type SupplierProductsFilter struct {
	SupplierID uint64
	Connected  bool
	Page       listing.Page
}

// ListSupplierProducts answers a supplier's connected or unconnected products by SKU, with the
// connected shop product joined in the same query; a supplier that does not exist is a 404.
func (s *Service) ListSupplierProducts(ctx context.Context, f SupplierProductsFilter) ([]SupplierProductRow, int64, error) {
	if _, err := s.GetSupplier(ctx, f.SupplierID); err != nil {
		return nil, 0, err
	}
	cond := "sp.supplier_id = ? AND sp.product_id IS NULL"
	if f.Connected {
		cond = "sp.supplier_id = ? AND sp.product_id IS NOT NULL"
	}
	var total int64
	if err := s.db.WithContext(ctx).Table("supplier_products sp").Where(cond, f.SupplierID).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count supplier products")
	}
	rows := []SupplierProductRow{}
	err := s.db.WithContext(ctx).Table("supplier_products sp").
		Select("sp.*, COALESCE(p.sku, '') AS product_sku, COALESCE(p.name, '') AS product_name").
		Joins("LEFT JOIN products p ON p.id = sp.product_id").
		Where(cond, f.SupplierID).Order("sp.sku, sp.id").
		Offset(f.Page.Offset()).Limit(f.Page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list supplier products")
	}
	return rows, total, nil
}

// SupplierProductInput is one price-list row to store.
type SupplierProductInput struct {
	SKU              string
	Name             string
	Category         string
	Brand            string
	EAN              string
	Price            int64 // para, without VAT
	RecommendedPrice int64 // para
	Stock            int
}

// supplierUpsertBatch keeps a statement's bound parameters well under SQLite's 32,766.
const supplierUpsertBatch = 1000

// UpsertSupplierProducts stores price-list rows of a supplier by its SKU, set-based: new SKUs
// are inserted, known ones get the new name, category, brand, EAN, prices and stock (their
// connection to a shop product is kept). The supplier's updated_at (its last import) is set.
// Rows without a SKU are skipped; of duplicate SKUs the last one wins.
func (s *Service) UpsertSupplierProducts(ctx context.Context, supplierID uint64, rows []SupplierProductInput) (int, error) {
	if _, err := s.GetSupplier(ctx, supplierID); err != nil {
		return 0, err
	}
	now := s.now()
	at := map[string]int{}
	batch := make([]SupplierProduct, 0, len(rows))
	for _, r := range rows {
		sku := strings.TrimSpace(r.SKU)
		if sku == "" {
			continue
		}
		sp := SupplierProduct{SupplierID: supplierID, SKU: sku, Name: r.Name, Category: r.Category, Brand: r.Brand,
			EAN: r.EAN, Price: r.Price, RecommendedPrice: r.RecommendedPrice, Stock: r.Stock, CreatedAt: now, UpdatedAt: now}
		if i, ok := at[sku]; ok {
			batch[i] = sp
			continue
		}
		at[sku] = len(batch)
		batch = append(batch, sp)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if len(batch) > 0 {
			err := tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "supplier_id"}, {Name: "sku"}},
				DoUpdates: clause.AssignmentColumns([]string{"name", "category", "brand", "ean", "price", "recommended_price", "stock", "updated_at"}),
			}).Omit("product_id").CreateInBatches(&batch, supplierUpsertBatch).Error
			if err != nil {
				return err
			}
		}
		return tx.Model(&Supplier{}).Where("id = ?", supplierID).Update("updated_at", now).Error
	})
	if err != nil {
		return 0, apperr.Wrap(err, "upsert supplier products")
	}
	return len(batch), nil
}

// ConnectSupplierProduct links a supplier product to a shop product, and in the same
// transaction the shop product follows it: the supplier's price becomes its entry price, the
// supplier's stock its stock, the supplier its supplier, with its derived prices recomputed
// (spec/decisions.md "Supplier price lists"). Either side already linked elsewhere is a 409
// naming which; linking the same pair again changes nothing.
func (s *Service) ConnectSupplierProduct(ctx context.Context, supplierProductID, productID uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sp SupplierProduct
		err := tx.First(&sp, supplierProductID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("supplier_product")
		}
		if err != nil {
			return apperr.Wrap(err, "get supplier product")
		}
		var n int64
		if err := tx.Table("products").Where("id = ?", productID).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "find product")
		}
		if n == 0 {
			return apperr.NotFoundThing("product")
		}
		if sp.ProductID != nil {
			if *sp.ProductID == productID {
				return s.followSupplierProduct(ctx, tx, sp.ID)
			}
			return apperr.New(apperr.Conflict, "supplier.product_already_connected")
		}
		res := tx.Model(&SupplierProduct{}).Where("id = ? AND product_id IS NULL", supplierProductID).
			Updates(map[string]any{"product_id": productID, "updated_at": s.now()})
		switch {
		case errors.Is(res.Error, gorm.ErrDuplicatedKey):
			return apperr.New(apperr.Conflict, "supplier.shop_product_taken")
		case res.Error != nil:
			return apperr.Wrap(res.Error, "connect supplier product")
		case res.RowsAffected == 0:
			// Connected by someone else between the read and the update.
			return apperr.New(apperr.Conflict, "supplier.product_already_connected")
		}
		if err := activity.Record(ctx, tx, activity.Change{Type: activity.PricelistProductConnected, SubjectType: activity.SubjectPricelistProduct,
			SubjectID: sp.ID, New: supplierProductLink(sp, &productID)}); err != nil {
			return err
		}
		return s.followSupplierProduct(ctx, tx, sp.ID)
	})
}

// supplierProductLink is a price-list row's connection as the activity log keeps it.
func supplierProductLink(sp SupplierProduct, productID *uint64) map[string]any {
	return map[string]any{"supplier_id": sp.SupplierID, "sku": sp.SKU, "product_id": productID}
}

// followSupplierProduct gives the shop product connected to the supplier product the
// supplier's price, stock and supplier, with its prices recomputed (one statement).
func (s *Service) followSupplierProduct(ctx context.Context, tx *gorm.DB, supplierProductID uint64) error {
	_, err := s.prices.ApplyOffersTx(ctx, tx, offers(tx).Where("sp.id = ?", supplierProductID))
	return err
}

// offers are connected supplier products as pricing reads them: the shop product, the
// supplier's price as its entry price, the supplier's stock and the supplier.
func offers(tx *gorm.DB) *gorm.DB {
	return tx.Table("supplier_products sp").Select("sp.product_id, sp.price AS entry_price, sp.stock, sp.supplier_id").
		Where("sp.product_id IS NOT NULL")
}

// ApplySupplierOffersTx gives the shop products connected to supplier supplierID's products
// with the SKUs skus yields (a one-column query of the caller's own rows, such as a price-list
// import's staged chunk) the supplier's price, stock and supplier, with their derived prices,
// in one statement inside the caller's transaction. It answers how many products changed.
func (s *Service) ApplySupplierOffersTx(ctx context.Context, tx *gorm.DB, supplierID uint64, skus *gorm.DB) (int64, error) {
	// Driven by the caller's SKUs and found through the (supplier, SKU) index: a chunk is a
	// small part of a large supplier.
	q := tx.Table("(?) k", skus).Joins("JOIN supplier_products sp ON sp.supplier_id = ? AND sp.sku = k.sku", supplierID).
		Select("sp.product_id, sp.price AS entry_price, sp.stock, sp.supplier_id").Where("sp.product_id IS NOT NULL")
	return s.prices.ApplyOffersTx(ctx, tx, q)
}

// DisconnectSupplierProduct removes a supplier product's link to its shop product (only the
// link: both stay). Disconnecting an unconnected one changes nothing.
func (s *Service) DisconnectSupplierProduct(ctx context.Context, supplierProductID uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sp SupplierProduct
		err := tx.First(&sp, supplierProductID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("supplier_product")
		}
		if err != nil {
			return apperr.Wrap(err, "get supplier product")
		}
		if err := tx.Model(&SupplierProduct{}).Where("id = ?", supplierProductID).
			Updates(map[string]any{"product_id": nil, "updated_at": s.now()}).Error; err != nil {
			return apperr.Wrap(err, "disconnect supplier product")
		}
		if sp.ProductID == nil {
			return nil // nothing was connected: nothing changed to log
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.PricelistProductDisconnected, SubjectType: activity.SubjectPricelistProduct,
			SubjectID: sp.ID, Old: supplierProductLink(sp, sp.ProductID), New: supplierProductLink(sp, nil)})
	})
}

// ListActivity answers a page of the activity log (the catalogue's changes are most of it).
func (s *Service) ListActivity(ctx context.Context, f activity.Filter, userNames activity.UserNames) ([]activity.Listed, int64, error) {
	return activity.List(ctx, s.db, f, userNames)
}

// SupplierHeaderMapping answers a supplier's stored price-list header mapping (the price lists'
// JSON, kept on the supplier's row; "" when none); a supplier that does not exist is a 404.
func (s *Service) SupplierHeaderMapping(ctx context.Context, supplierID uint64) (string, error) {
	var rows []struct{ HeaderMapping string }
	if err := s.db.WithContext(ctx).Model(&Supplier{}).Select("header_mapping").Where("id = ?", supplierID).Scan(&rows).Error; err != nil {
		return "", apperr.Wrap(err, "header mapping")
	}
	if len(rows) == 0 {
		return "", apperr.NotFoundThing("supplier")
	}
	return rows[0].HeaderMapping, nil
}

// SetSupplierHeaderMapping stores a supplier's price-list header mapping (the price lists
// encode and check it); a supplier that does not exist is a 404.
func (s *Service) SetSupplierHeaderMapping(ctx context.Context, supplierID uint64, mapping string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []struct{ HeaderMapping string }
		if err := tx.Model(&Supplier{}).Select("header_mapping").Where("id = ?", supplierID).Scan(&rows).Error; err != nil {
			return apperr.Wrap(err, "header mapping")
		}
		if len(rows) == 0 {
			return apperr.NotFoundThing("supplier")
		}
		res := tx.Model(&Supplier{}).Where("id = ?", supplierID).UpdateColumn("header_mapping", mapping)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "save header mapping")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("supplier")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.HeaderMappingUpdated, SubjectType: activity.SubjectSupplier, SubjectID: supplierID,
			Old: headerMappingLog(rows[0].HeaderMapping), New: headerMappingLog(mapping)})
	})
}

// headerMappingLog is a stored header mapping (JSON text, "" for none) as the activity log
// keeps it: the mapping itself, so the screen shows field by field.
func headerMappingLog(mapping string) map[string]any {
	out := map[string]any{}
	if mapping != "" {
		_ = json.Unmarshal([]byte(mapping), &out) // stored by SetSupplierHeaderMapping's caller as JSON
	}
	return out
}

// LockSupplierTx holds the supplier's row until tx ends (PostgreSQL; SQLite's writer lock
// already serialises): one price-list import of a supplier at a time.
func (s *Service) LockSupplierTx(ctx context.Context, tx *gorm.DB, supplierID uint64) error {
	q := tx.WithContext(ctx).Model(&Supplier{}).Select("id").Where("id = ?", supplierID)
	if db.IsPostgres(tx) {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var ids []uint64
	if err := q.Pluck("id", &ids).Error; err != nil {
		return apperr.Wrap(err, "lock supplier")
	}
	return nil
}

// TouchSupplierTx marks the supplier updated at (its last import; the suppliers list shows it).
func (s *Service) TouchSupplierTx(ctx context.Context, tx *gorm.DB, supplierID uint64, at time.Time) error {
	if err := tx.WithContext(ctx).Model(&Supplier{}).Where("id = ?", supplierID).UpdateColumn("updated_at", at).Error; err != nil {
		return apperr.Wrap(err, "touch supplier")
	}
	return nil
}

// SupplierRowsColumns are the columns of the rows a price-list import hands to
// UpdateSupplierProductsTx and InsertSupplierProductsTx: the supplier's SKU, name, category,
// brand, EAN, price and recommended price (para), stock, the shop category the row is placed
// in (NULL: none) and the row's line in the file.
const SupplierRowsColumns = "sku, name, category, brand, ean, price, recommended_price, stock, category_id, line"

// UpdateSupplierProductsTx gives supplier supplierID's known products the values of rows (a
// query of the caller's staged rows yielding SupplierRowsColumns, one row per SKU) in one
// UPDATE inside the caller's transaction; rows whose values and placement are unchanged are
// not written. It answers how many were.
func (s *Service) UpdateSupplierProductsTx(ctx context.Context, tx *gorm.DB, supplierID uint64, rows *gorm.DB, at time.Time) (int64, error) {
	res := tx.WithContext(ctx).Exec(`UPDATE supplier_products SET name = st.name, category = st.category, brand = st.brand, ean = st.ean,
			price = st.price, recommended_price = st.recommended_price, stock = st.stock, category_id = st.category_id, updated_at = ?
		FROM (?) st
		WHERE supplier_products.supplier_id = ? AND supplier_products.sku = st.sku AND (supplier_products.name <> st.name
			OR supplier_products.category <> st.category OR supplier_products.brand <> st.brand OR supplier_products.ean <> st.ean
			OR supplier_products.price <> st.price OR supplier_products.recommended_price <> st.recommended_price
			OR supplier_products.stock <> st.stock OR supplier_products.category_id IS DISTINCT FROM st.category_id)`, at, rows, supplierID)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "update supplier products")
	}
	return res.RowsAffected, nil
}

// InsertSupplierProductsTx adds the rows (as for UpdateSupplierProductsTx) whose SKU supplier
// supplierID does not have yet, in the file's order, in one INSERT ... SELECT. Each meets the
// shop product of an equal SKU (spec: "by equal SKU on first import") unless another supplier
// product holds that one already; known rows are never connected here (a link staff removed
// stays removed). It answers how many were added.
func (s *Service) InsertSupplierProductsTx(ctx context.Context, tx *gorm.DB, supplierID uint64, rows *gorm.DB, at time.Time) (int64, error) {
	res := tx.WithContext(ctx).Exec(`INSERT INTO supplier_products (supplier_id, sku, name, category, brand, ean, price, recommended_price, stock,
			category_id, product_id, created_at, updated_at)
		SELECT `+typedParam(tx, "BIGINT")+`, st.sku, st.name, st.category, st.brand, st.ean, st.price, st.recommended_price, st.stock,
			st.category_id, p.id, `+typedParam(tx, "TIMESTAMPTZ")+`, `+typedParam(tx, "TIMESTAMPTZ")+`
		FROM (?) st
		LEFT JOIN products p ON p.sku = st.sku AND NOT EXISTS (SELECT 1 FROM supplier_products o WHERE o.product_id = p.id)
		WHERE NOT EXISTS (SELECT 1 FROM supplier_products sp WHERE sp.supplier_id = ? AND sp.sku = st.sku)
		ORDER BY st.line`, supplierID, at, at, rows, supplierID)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "insert supplier products")
	}
	return res.RowsAffected, nil
}
