package activity

// Entry types of the actions (catalog sticker types), the stickers on products, the category
// margins and the price-list links and imports.
const (
	CatalogStickerTypeCreated = "catalog_sticker_type.created"
	CatalogStickerTypeUpdated = "catalog_sticker_type.updated"
	SubjectCatalogStickerType = "catalog_sticker_type"

	// The subject of an entry is its type's first part, so the screen's subject filter finds it.
	// a product's catalog stickers (the values name the sticker type)
	CatalogStickerAdded   = "product.catalog_sticker_added"
	CatalogStickerRemoved = "product.catalog_sticker_removed"
	// (a product's energy sticker is a product.updated with energy_sticker_key, as it was)

	// (the category margins screen writes a category.updated per changed category, as the form)

	// price-list links of a supplier's category to a shop category (subject: the link)
	CategoryLinkCreated = "category_link.created"
	CategoryLinkDeleted = "category_link.deleted"
	SubjectCategoryLink = "category_link"
	// a price-list row connected to or disconnected from a shop product (subject: the row)
	PricelistProductConnected    = "pricelist_product.connected"
	PricelistProductDisconnected = "pricelist_product.disconnected"
	SubjectPricelistProduct      = "pricelist_product"
	// a price list uploaded for import and a supplier's header mapping (subject: the supplier)
	PricelistUploaded    = "supplier.pricelist_uploaded"
	HeaderMappingUpdated = "supplier.header_mapping_updated"
	SubjectSupplier      = "supplier"
)
