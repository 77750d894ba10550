package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen table shapes of 0003: the catalogue (categories, attributes, brands, lookups,
// products with their categories, images, attributes, stickers and discounts), suppliers with
// their price-list products, and the activity log.
//
// Money is integer para (1 RSD = 100 para); percentages are integer basis points
// (1 % = 100 bps), so 0.01 %..99.99 % is 1..9999. Neither is ever a float.

type category0003 struct {
	ID       uint64  `gorm:"primaryKey"`
	ParentID *uint64 `gorm:"index"`
	Name     string  `gorm:"size:255;not null"`
	Slug     string  `gorm:"size:255;not null;uniqueIndex:categories_slug_key"`
	Prefix   string  `gorm:"size:3;not null"`
	Position int     `gorm:"not null;default:0"`
	Level    int     `gorm:"not null;default:1"`
	// VAT and the three margins, in basis points.
	PdvBps          int    `gorm:"not null"`
	WebMarginBps    int    `gorm:"not null"`
	RetailMarginBps int    `gorm:"not null"`
	DealerMarginBps int    `gorm:"not null"`
	DescriptionTime string `gorm:"size:255;not null;default:''"`
	MinPrice        int64  `gorm:"not null;default:0"` // para
	AllowedRebate   int    `gorm:"not null;default:0"` // bps
	ImageKey        string `gorm:"size:512;not null;default:''"`
	// Declaration: name and type of goods, country of origin, consumer rights.
	DeclarationName string `gorm:"size:255;not null;default:''"`
	CountryOfOrigin string `gorm:"size:255;not null;default:''"`
	ConsumerRights  string `gorm:"type:text;not null;default:''"`
	Active          bool   `gorm:"not null;default:true"`
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (category0003) TableName() string { return "categories" }

type attribute0003 struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string `gorm:"size:255;not null"`
	Position  int    `gorm:"not null;default:0"`
	Active    bool   `gorm:"not null;default:true"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (attribute0003) TableName() string { return "attributes" }

type attributeValue0003 struct {
	ID          uint64 `gorm:"primaryKey"`
	AttributeID uint64 `gorm:"not null;uniqueIndex:attribute_values_attr_value_key,priority:1"`
	Value       string `gorm:"size:255;not null;uniqueIndex:attribute_values_attr_value_key,priority:2"`
	Position    int    `gorm:"not null;default:0"`
	Active      bool   `gorm:"not null;default:true"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (attributeValue0003) TableName() string { return "attribute_values" }

// categoryAttribute0003: which attributes a category's products have, in what order.
type categoryAttribute0003 struct {
	CategoryID  uint64 `gorm:"primaryKey"`
	AttributeID uint64 `gorm:"primaryKey;index"`
	Position    int    `gorm:"not null;default:0"`
	Active      bool   `gorm:"not null;default:true"`
}

func (categoryAttribute0003) TableName() string { return "category_attributes" }

type brand0003 struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string `gorm:"size:255;not null;uniqueIndex:brands_name_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (brand0003) TableName() string { return "brands" }

type discountType0003 struct {
	ID              uint64 `gorm:"primaryKey"`
	Name            string `gorm:"size:255;not null"`
	IsPercentage    bool   `gorm:"not null;default:false"`
	Text            string `gorm:"size:255;not null;default:''"`
	Color           string `gorm:"size:32;not null;default:''"`
	ShowInShockSale bool   `gorm:"not null;default:false"`
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (discountType0003) TableName() string { return "discount_types" }

type catalogStickerType0003 struct {
	ID              uint64 `gorm:"primaryKey"`
	Name            string `gorm:"size:255;not null"`
	Slug            string `gorm:"size:255;not null;uniqueIndex:catalog_sticker_types_slug_key"`
	StickerKey      string `gorm:"size:512;not null;default:''"` // the small sticker on product cards
	DesktopImageKey string `gorm:"size:512;not null;default:''"` // the action's header image
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (catalogStickerType0003) TableName() string { return "catalog_sticker_types" }

type supplier0003 struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string `gorm:"size:255;not null;uniqueIndex:suppliers_name_key"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (supplier0003) TableName() string { return "suppliers" }

type product0003 struct {
	ID   uint64 `gorm:"primaryKey"`
	SKU  string `gorm:"column:sku;size:15;not null;uniqueIndex:products_sku_key"`
	Name string `gorm:"size:1200;not null"`
	Slug string `gorm:"size:1300;not null;uniqueIndex:products_slug_key"`
	// Description is rich text stored as a JSON string.
	Description string `gorm:"type:text;not null;default:''"`
	// SearchText is name and SKU lower-cased with Serbian diacritics folded ('Frižider' ->
	// 'frizider'), written with the product, so search is one indexed LIKE on both databases.
	SearchText      string  `gorm:"size:1400;not null;default:''"`
	Active          bool    `gorm:"not null;default:true;index:products_active_visible_idx,priority:1"`
	Visible         bool    `gorm:"not null;default:true;index:products_active_visible_idx,priority:2"`
	Eponuda         bool    `gorm:"not null;default:false"` // in the e-ponuda feed
	EntryPrice      int64   `gorm:"not null;default:0"`     // para, without VAT
	WebPrice        int64   `gorm:"not null;default:0"`     // para, with VAT (derived)
	RetailPrice     int64   `gorm:"not null;default:0"`
	DealerPrice     int64   `gorm:"not null;default:0"`
	AuthPrice       int64   `gorm:"column:authenticated_price;not null;default:0"`
	EpPrice         int64   `gorm:"not null;default:0"`
	Stock           int     `gorm:"not null;default:0"`
	EAN             string  `gorm:"column:ean;size:64;not null;default:''"`
	CountryOfOrigin string  `gorm:"size:255;not null;default:''"`
	MainCategoryID  uint64  `gorm:"not null;index"`
	BrandID         *uint64 `gorm:"index"`
	// ManufacturerID is a value of the manufacturer attribute (id 24).
	ManufacturerID   *uint64 `gorm:"index"`
	SupplierID       *uint64 `gorm:"index"`
	EnergyStickerKey string  `gorm:"size:512;not null;default:''"`
	CreatedAt        time.Time
	UpdatedAt        time.Time `gorm:"index"`
}

func (product0003) TableName() string { return "products" }

type productCategory0003 struct {
	ProductID  uint64 `gorm:"primaryKey"`
	CategoryID uint64 `gorm:"primaryKey;index"`
}

func (productCategory0003) TableName() string { return "product_categories" }

type productImage0003 struct {
	ID        uint64 `gorm:"primaryKey"`
	ProductID uint64 `gorm:"not null;index"`
	Main      bool   `gorm:"not null;default:false"`
	SmallKey  string `gorm:"size:512;not null"`
	LargeKey  string `gorm:"size:512;not null"`
	Position  int    `gorm:"not null;default:0"`
	CreatedAt time.Time
}

func (productImage0003) TableName() string { return "product_images" }

// productAttribute0003: a product's value of one attribute (the value may still be unset).
type productAttribute0003 struct {
	ID               uint64  `gorm:"primaryKey"`
	ProductID        uint64  `gorm:"not null;uniqueIndex:product_attributes_product_attr_key,priority:1"`
	AttributeID      uint64  `gorm:"not null;uniqueIndex:product_attributes_product_attr_key,priority:2;index"`
	AttributeValueID *uint64 `gorm:"index"`
	Position         int     `gorm:"not null;default:0"`
	Active           bool    `gorm:"not null;default:true"`
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (productAttribute0003) TableName() string { return "product_attributes" }

type productCatalogSticker0003 struct {
	ID                   uint64    `gorm:"primaryKey"`
	ProductID            uint64    `gorm:"not null;uniqueIndex:product_catalog_stickers_key,priority:1"`
	CatalogStickerTypeID uint64    `gorm:"not null;uniqueIndex:product_catalog_stickers_key,priority:2;index"`
	ValidFrom            time.Time `gorm:"type:date;not null"`
	ValidTo              time.Time `gorm:"type:date;not null"`
	Active               bool      `gorm:"not null;default:true"`
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

func (productCatalogSticker0003) TableName() string { return "product_catalog_stickers" }

// discount0003 is an action on a product: a fixed price or a percentage off the web price,
// by its type's flag, valid from..to (dates inclusive).
type discount0003 struct {
	ID             uint64    `gorm:"primaryKey"`
	ProductID      uint64    `gorm:"not null;index"`
	DiscountTypeID uint64    `gorm:"not null;index"`
	Price          int64     `gorm:"not null;default:0"` // para, when the type is a fixed price
	PercentageBps  int       `gorm:"not null;default:0"`
	ValidFrom      time.Time `gorm:"type:date;not null"`
	ValidTo        time.Time `gorm:"type:date;not null"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (discount0003) TableName() string { return "discounts" }

// supplierProduct0003 is one row of a supplier's price list; connected to at most one shop
// product (ProductID), by an explicit link or by equal SKU on first import.
type supplierProduct0003 struct {
	ID               uint64  `gorm:"primaryKey"`
	SupplierID       uint64  `gorm:"not null;uniqueIndex:supplier_products_supplier_sku_key,priority:1"`
	SKU              string  `gorm:"column:sku;size:255;not null;uniqueIndex:supplier_products_supplier_sku_key,priority:2"`
	Name             string  `gorm:"size:1200;not null;default:''"`
	Category         string  `gorm:"size:255;not null;default:''"` // the supplier's own category name
	Brand            string  `gorm:"size:255;not null;default:''"`
	EAN              string  `gorm:"column:ean;size:64;not null;default:''"`
	Price            int64   `gorm:"not null;default:0"` // para, without VAT
	RecommendedPrice int64   `gorm:"not null;default:0"` // para, 0 when the supplier gives none
	Stock            int     `gorm:"not null;default:0"`
	ProductID        *uint64 `gorm:"uniqueIndex:supplier_products_product_key"`
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (supplierProduct0003) TableName() string { return "supplier_products" }

// activity0003 is one entry of the activity log: who changed what, from where, old and new
// values as JSON.
type activity0003 struct {
	ID          uint64    `gorm:"primaryKey"`
	Type        string    `gorm:"size:64;not null;index"` // e.g. product.created
	SubjectType string    `gorm:"size:64;not null;default:''"`
	SubjectID   uint64    `gorm:"not null;default:0"`
	UserID      *uint64   `gorm:"index"`
	IP          string    `gorm:"column:ip;size:64;not null;default:''"`
	OldValues   string    `gorm:"type:text;not null;default:''"`
	NewValues   string    `gorm:"type:text;not null;default:''"`
	CreatedAt   time.Time `gorm:"index"`
}

func (activity0003) TableName() string { return "activity_log" }

func catalogTables0003() []any {
	return []any{&category0003{}, &attribute0003{}, &attributeValue0003{}, &categoryAttribute0003{},
		&brand0003{}, &discountType0003{}, &catalogStickerType0003{}, &supplier0003{},
		&product0003{}, &productCategory0003{}, &productImage0003{}, &productAttribute0003{},
		&productCatalogSticker0003{}, &discount0003{}, &supplierProduct0003{}, &activity0003{}}
}

func m0003Catalog() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0003_catalog",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(catalogTables0003()...); err != nil {
				return err
			}
			if tx.Dialector.Name() == "postgres" {
				// Trigram index: search is LIKE '%term%' on the folded text, fast at 100k+ rows.
				for _, q := range []string{
					"CREATE EXTENSION IF NOT EXISTS pg_trgm",
					"CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)",
				} {
					if err := tx.Exec(q).Error; err != nil {
						return err
					}
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			t := catalogTables0003()
			for i := len(t) - 1; i >= 0; i-- {
				if err := tx.Migrator().DropTable(t[i]); err != nil {
					return err
				}
			}
			return nil
		},
	}
}
