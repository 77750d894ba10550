package pricelist

import (
	"context"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// LinkProductFilter is the product linking list's query: a supplier or a shop category (where
// the supplier products are placed through their category's link) must be chosen; connected
// narrows to connected (true) or unconnected (false) ones; search matches SKU or name.
type LinkProductFilter = catalog.LinkableFilter

// LinkProduct is a supplier product as the product linking screen shows it (the catalogue owns
// the supplier products and answers the list).
type LinkProduct = catalog.LinkableSupplierProduct

// ListLinkProducts answers a page of supplier products for product linking, by SKU. Neither a
// supplier nor a category chosen is a 422 on supplier_id: 'Prvo izaberite dobavljača ili
// kategoriju'. The search is folded like the catalogue's ('frizider' finds 'Frižider').
func (s *Service) ListLinkProducts(ctx context.Context, f LinkProductFilter, page listing.Page) ([]LinkProduct, int64, error) {
	if f.SupplierID == 0 && f.CategoryID == 0 {
		return nil, 0, apperr.InvalidFields(apperr.Field("supplier_id", "product_link.select_first"))
	}
	return s.catalog.ListLinkableSupplierProducts(ctx, f, page)
}

// ConnectProduct connects a supplier product to a shop product (the catalogue's rules: either
// side connected elsewhere is a 409) and the shop product takes the supplier's price as its
// entry price, its stock and supplier, with its derived prices recomputed. A missing
// product_id, or one naming no product, is a 422 on product_id. Connect and price take-over are
// one transaction.
func (s *Service) ConnectProduct(ctx context.Context, supplierProductID, productID uint64) error {
	if productID == 0 {
		return apperr.InvalidFields(apperr.Field("product_id", "validation.required"))
	}
	err := s.catalog.ConnectSupplierProduct(ctx, supplierProductID, productID)
	if e := apperr.As(err); err != nil && e.Code == apperr.NotFound && e.Msg.Key == "notfound.product" {
		return apperr.InvalidFields(apperr.Field("product_id", "category_link.unknown"))
	}
	return err
}
