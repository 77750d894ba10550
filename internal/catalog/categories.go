package catalog

import (
	"time"

	"shop/internal/platform/money"
)

// MaxCategoryLevel is the deepest level of the category tree (top level is 1).
const MaxCategoryLevel = 4

// Category is a node of the category tree with its VAT, margins, minimum price and the
// declaration printed on products of the category.
type Category struct {
	ID              uint64
	ParentID        *uint64
	Name            string
	Slug            string
	Prefix          string
	Position        int
	Level           int
	PdvBps          money.Bps
	WebMarginBps    money.Bps
	RetailMarginBps money.Bps
	DealerMarginBps money.Bps
	DescriptionTime string
	MinPrice        money.Para
	AllowedRebate   money.Bps
	ImageKey        string
	DeclarationName string
	CountryOfOrigin string
	ConsumerRights  string
	Active          bool
	CreatedAt       time.Time
	UpdatedAt       time.Time

	// Subcategories is filled only when a tree is asked for.
	Subcategories []*Category `gorm:"-"`
	// ProductsCount is filled only by the admin list.
	ProductsCount *int64 `gorm:"-"`
}

func (Category) TableName() string { return "categories" }
