package storefront

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// The storefront's actions pages (spec 2: all actions, action preview, single action): an
// action is a catalog sticker type with its dates; its products are those carrying its sticker.

// ActionPage is an action with one page of its products.
type ActionPage struct {
	Action   *catalog.CatalogStickerType
	Products []catalog.ProductDetails
	Total    int64
}

// Actions are the actions running today (the shop's date).
func (s *Service) Actions(ctx context.Context) ([]catalog.CatalogStickerType, error) {
	return s.cat.ActiveCatalogStickerTypes(ctx)
}

// Action is the running action with this slug and a page of its products whose sticker shows
// today, sorted like a category page (sort: newest, price, -price, name, -name). An unknown
// slug, or an action not running today, is 404.
func (s *Service) Action(ctx context.Context, slug, sort string, page listing.Page, loggedIn bool) (*ActionPage, error) {
	t, err := s.cat.CatalogStickerTypeBySlug(ctx, slug)
	if apperr.Is(err, apperr.NotFound) || err == nil && !t.ActiveOn(s.Today()) {
		return nil, apperr.NotFoundThing("action")
	}
	if err != nil {
		return nil, err
	}
	return s.actionPage(ctx, t, true, sort, page, loggedIn)
}

// ActionPreview is the action with this id whatever its dates (staff look at one before it
// starts; the handler guards who may), with every product carrying its sticker switched on.
func (s *Service) ActionPreview(ctx context.Context, id uint64, sort string, page listing.Page, loggedIn bool) (*ActionPage, error) {
	t, err := s.cat.GetCatalogStickerType(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return nil, apperr.NotFoundThing("action")
	}
	if err != nil {
		return nil, err
	}
	return s.actionPage(ctx, t, false, sort, page, loggedIn)
}

// ActionRunning tells whether the action with this id runs today (unknown: false).
func (s *Service) ActionRunning(ctx context.Context, id uint64) (bool, error) {
	t, err := s.cat.GetCatalogStickerType(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return t.ActiveOn(s.Today()), nil
}

func (s *Service) actionPage(ctx context.Context, t *catalog.CatalogStickerType, today bool, sort string, page listing.Page, loggedIn bool) (*ActionPage, error) {
	order, ok := sorts[sort]
	if !ok {
		return nil, apperr.InvalidFields(apperr.Field("sort", "validation.oneof"))
	}
	size, err := PageSize(page.Size)
	if err != nil {
		return nil, err
	}
	page.Size = size
	day, next := s.cat.TodayAndTomorrow()
	q := &categoryQuery{db: s.db.WithContext(ctx), f: CategoryProductsFilter{Sort: sort}, price: shownPriceSQL(loggedIn),
		scope: func(db *gorm.DB) *gorm.DB {
			cond, args := catalog.StickerCondition(t.ID, today, day, next)
			return db.Where(cond, args...)
		}}
	out := &ActionPage{Action: t}
	if out.Products, out.Total, err = s.productPage(ctx, q, order, page); err != nil {
		return nil, err
	}
	return out, nil
}
