package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0015: the actions' dates on the catalog sticker types (the storefront's actions
// pages show the types whose from..to covers today) and the landing pages.

// landingPage0015 is one landing page: its layout (1, 2 or 3), the action of layout 1, the
// banner image of layouts 2 and 3, rich-text descriptions and cards (sanitized HTML), a link.
type landingPage0015 struct {
	ID                   uint64  `gorm:"primaryKey"`
	Name                 string  `gorm:"size:255;not null"`
	Slug                 string  `gorm:"size:255;not null;uniqueIndex:landing_pages_slug_key"`
	ModelID              int     `gorm:"not null"`
	CatalogStickerTypeID *uint64 `gorm:"index"`
	BannerKey            string  `gorm:"size:512;not null;default:''"`
	TopDescription       string  `gorm:"type:text;not null;default:''"`
	BottomDescription    string  `gorm:"type:text;not null;default:''"`
	Card1                string  `gorm:"type:text;not null;default:''"`
	Card2                string  `gorm:"type:text;not null;default:''"`
	Card3                string  `gorm:"type:text;not null;default:''"`
	Card4                string  `gorm:"type:text;not null;default:''"`
	Link                 string  `gorm:"size:2048;not null;default:''"`
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

func (landingPage0015) TableName() string { return "landing_pages" }

// landingPageProduct0015 is a product of a landing page, in the page's order.
type landingPageProduct0015 struct {
	LandingPageID uint64 `gorm:"primaryKey;autoIncrement:false"`
	ProductID     uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Position      int    `gorm:"not null;default:0"`
}

func (landingPageProduct0015) TableName() string { return "landing_page_products" }

// landingPageCategory0015 is a category of a (layout 3) landing page, in the page's order.
type landingPageCategory0015 struct {
	LandingPageID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID    uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Position      int    `gorm:"not null;default:0"`
}

func (landingPageCategory0015) TableName() string { return "landing_page_categories" }

func m0015LandingPages() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0015_landing_pages",
		Migrate: func(tx *gorm.DB) error {
			// Plain ALTERs on both databases (GORM's SQLite migrator would rebuild the table).
			for _, col := range []string{"valid_from", "valid_to"} {
				if err := tx.Exec("ALTER TABLE catalog_sticker_types ADD COLUMN " + col + " DATE").Error; err != nil {
					return err
				}
			}
			// An existing type's action runs over the dates its products' stickers cover (a
			// type no product has stays without dates: not on the storefront until staff date it).
			if err := tx.Exec(`UPDATE catalog_sticker_types SET
				valid_from = (SELECT MIN(pcs.valid_from) FROM product_catalog_stickers pcs WHERE pcs.catalog_sticker_type_id = catalog_sticker_types.id),
				valid_to = (SELECT MAX(pcs.valid_to) FROM product_catalog_stickers pcs WHERE pcs.catalog_sticker_type_id = catalog_sticker_types.id)`).Error; err != nil {
				return err
			}
			return tx.Migrator().CreateTable(&landingPage0015{}, &landingPageProduct0015{}, &landingPageCategory0015{})
		},
		Rollback: func(tx *gorm.DB) error {
			if err := tx.Migrator().DropTable(&landingPageCategory0015{}, &landingPageProduct0015{}, &landingPage0015{}); err != nil {
				return err
			}
			for _, col := range []string{"valid_to", "valid_from"} {
				if err := tx.Exec("ALTER TABLE catalog_sticker_types DROP COLUMN " + col).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
