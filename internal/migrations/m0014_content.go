package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0014: the storefront's content staff manage (internal/content): banners by
// position with their products, news, the home screen (products, categories, sections) and
// the editable static pages (one row per Serbian slug, title and body in sr and en).
type banner0014 struct {
	ID   uint64 `gorm:"primaryKey"`
	Name string `gorm:"size:255;not null"`
	// Position is a key of content.Positions (home_slider, home_middle, ...).
	Position       string  `gorm:"size:32;not null;index:banners_position_idx,priority:1"`
	SortOrder      int     `gorm:"not null;default:0;index:banners_position_idx,priority:2"`
	Link           string  `gorm:"size:1024;not null;default:''"`
	CategoryID     *uint64 `gorm:"index"`
	BrandID        *uint64 `gorm:"index"`
	ImageKey       string  `gorm:"size:512;not null"`
	MobileImageKey string  `gorm:"size:512;not null;default:''"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (banner0014) TableName() string { return "banners" }

type bannerProduct0014 struct {
	BannerID  uint64 `gorm:"primaryKey;autoIncrement:false"`
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Position  int    `gorm:"not null;default:0"`
}

func (bannerProduct0014) TableName() string { return "banner_products" }

type news0014 struct {
	ID          uint64    `gorm:"primaryKey"`
	Title       string    `gorm:"size:255;not null"`
	Body        string    `gorm:"type:text;not null"`
	ImageKey    string    `gorm:"size:512;not null;default:''"`
	PublishedAt time.Time `gorm:"not null;index"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (news0014) TableName() string { return "news" }

type homeProduct0014 struct {
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false"`
	SortOrder int    `gorm:"not null;default:0"`
}

func (homeProduct0014) TableName() string { return "home_products" }

type homeCategory0014 struct {
	CategoryID uint64 `gorm:"primaryKey;autoIncrement:false"`
	SortOrder  int    `gorm:"not null;default:0"`
}

func (homeCategory0014) TableName() string { return "home_categories" }

type homeSection0014 struct {
	ID          uint64 `gorm:"primaryKey"`
	Name        string `gorm:"size:255;not null"`
	SortOrder   int    `gorm:"not null;default:0;index"`
	ShowDesktop bool   `gorm:"not null;default:true"`
	ShowMobile  bool   `gorm:"not null;default:true"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (homeSection0014) TableName() string { return "home_sections" }

type homeSectionProduct0014 struct {
	SectionID uint64 `gorm:"primaryKey;autoIncrement:false"`
	ProductID uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Position  int    `gorm:"not null;default:0"`
}

func (homeSectionProduct0014) TableName() string { return "home_section_products" }

type homeSectionCategory0014 struct {
	SectionID  uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Position   int    `gorm:"not null;default:0"`
}

func (homeSectionCategory0014) TableName() string { return "home_section_categories" }

type page0014 struct {
	// Slug is the storefront path without the leading '/' (e.g. uslovi-isporuke).
	Slug      string `gorm:"size:128;primaryKey"`
	TitleSr   string `gorm:"size:255;not null"`
	TitleEn   string `gorm:"size:255;not null;default:''"`
	BodySr    string `gorm:"type:text;not null"`
	BodyEn    string `gorm:"type:text;not null"`
	UpdatedAt time.Time
}

func (page0014) TableName() string { return "pages" }

func m0014Content() *gormigrate.Migration {
	tables := []any{&banner0014{}, &bannerProduct0014{}, &news0014{}, &homeProduct0014{}, &homeCategory0014{},
		&homeSection0014{}, &homeSectionProduct0014{}, &homeSectionCategory0014{}, &page0014{}}
	return &gormigrate.Migration{
		ID: "0014_content",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(tables...)
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(tables...)
		},
	}
}
