// Package storefront is the public side of the catalogue: what a guest or a logged-in customer
// sees of a product (spec catalogue-and-storefront.md 4 and 7, decisions "Prices"). It reads the
// catalogue and pricing's derived prices; it never recomputes a price.
package storefront

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// RelatedLimit is how many related products a product page shows.
const RelatedLimit = 4

// RetailMarkupBps is the storefront's retail price when the stored retail price is below the
// current price: the current price × 1.14 (spec 4).
const RetailMarkupBps = 11400

// Service answers the storefront's catalogue calls.
type Service struct {
	db  *gorm.DB
	cat *catalog.Service
	// memo: the category tree and the category pages' facets under the catalogue's change
	// mark (nil on SQLite).
	memo *pageMemo
}

// NewService builds the storefront over the catalogue.
func NewService(db *gorm.DB, cat *catalog.Service) *Service {
	return &Service{db: db, cat: cat, memo: newPageMemo(db)}
}

// Prices are what the storefront shows of a product for one caller.
type Prices struct {
	// Price is the shown price: the action price, else the authenticated price when logged
	// in, else the web price (pricing.Shown).
	Price money.Para
	// Retail is the struck price: the retail price, or Price × 1.14 when the retail price is
	// below Price; Saving is Retail − Price.
	Retail money.Para
	Saving money.Para
}

// ShownPrices applies the shown-price and retail rules to p for a guest or a logged-in customer.
func ShownPrices(p *catalog.ProductDetails, loggedIn bool) Prices {
	guest, customer := p.ShownPrices()
	price := guest
	if loggedIn {
		price = customer
	}
	retail := p.RetailPrice
	if retail < price {
		retail = money.Para((int64(price)*RetailMarkupBps + 5000) / 10000)
	}
	return Prices{Price: price, Retail: retail, Saving: retail - price}
}

// LoginDiscount tells whether logging in lowers p's price: an authenticated-discount rule
// gave it a customer price below the guest's (an action's price is the same for both). The
// card's "*Uloguj se i ostvari dodatni popust" is promised only then.
func LoginDiscount(p *catalog.ProductDetails) bool {
	guest, customer := p.ShownPrices()
	return customer < guest
}

// ProductPage is a product as its storefront page shows it, with related products.
type ProductPage struct {
	*catalog.ProductDetails
	Related []catalog.ProductDetails
}

// Product is the product with this slug for the storefront: only active products visible on
// site are shown (anything else is 404 'Proizvod ne postoji ili je izbrisan.'). The main
// category and brand are always loaded (the purchasable rule and breadcrumbs need them).
func (s *Service) Product(ctx context.Context, slug string, inc catalog.ProductIncludes) (*ProductPage, error) {
	inc.MainCategory = true
	p, related, err := s.cat.LiveProductBySlug(ctx, slug, inc, RelatedLimit)
	if err != nil {
		return nil, err
	}
	return &ProductPage{ProductDetails: p, Related: related}, nil
}

// Today is the shop's date (YYYY-MM-DD), for the catalog stickers shown today.
func (s *Service) Today() string { return s.cat.Today() }
