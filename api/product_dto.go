package api

import (
	"bytes"
	"encoding/json"
	"time"

	"shop/internal/catalog"
	"shop/internal/platform/money"
)

// ProductCategoryResponse is a category as a product shows it.
type ProductCategoryResponse struct {
	ID       uint64     `json:"id"`
	Name     string     `json:"name"`
	Slug     string     `json:"slug"`
	MinPrice money.Para `json:"min_price" swaggertype:"number"`
} // @name ProductCategory

// ProductImageResponse is a product image wherever one is shown (a product's main_image and
// images, the images tab): the main flag, the URLs of its two variants (small: 300 px on the
// longer side, large: 1200 px) and its position.
type ProductImageResponse struct {
	ID    uint64 `json:"id"`
	Main  bool   `json:"main"`
	Small string `json:"small"`
	Large string `json:"large"`
	// Srcset offers the large image at the storefront's widths (240w, 480w, 960w), made on
	// first request (GET /media-w/{width}/{key}).
	Srcset   string `json:"srcset"`
	Position int    `json:"position"`
} // @name ProductImage

// ProductBrandResponse names a product's brand or manufacturer by id and name.
type ProductBrandResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name ProductNamedRef

// ProductValueResponse is one attribute value by id and text.
type ProductValueResponse struct {
	ID    uint64 `json:"id"`
	Value string `json:"value"`
} // @name ProductValueRef

// ProductAttributeResponse is one attribute of the product's main category with the product's value.
type ProductAttributeResponse struct {
	// ID is the attribute's id (the {attrId} of the value calls).
	ID                 uint64                `json:"id"`
	ProductAttributeID *uint64               `json:"product_attribute_id" extensions:"x-nullable"`
	Attribute          ProductBrandResponse  `json:"attribute"`
	Value              *ProductValueResponse `json:"value" extensions:"x-nullable"`
	Order              int                   `json:"order"`
	Active             bool                  `json:"active"`
} // @name ProductAttribute

// ProductStickerResponse is a catalog sticker of a product.
type ProductStickerResponse struct {
	ID                   uint64 `json:"id"`
	CatalogStickerTypeID uint64 `json:"catalog_sticker_type_id"`
	Sticker              string `json:"sticker"`
	From                 string `json:"from" example:"2025-06-01"`
	To                   string `json:"to" example:"2025-06-30"`
	Active               bool   `json:"active"`
	// StickerActive: active and today within from..to.
	StickerActive bool `json:"sticker_active"`
} // @name ProductCatalogStickerRef

// ProductDiscountResponse is the action a product shows today: its type, dates and price
// (the shown price for everyone while it lasts).
type ProductDiscountResponse struct {
	ID     uint64     `json:"id"`
	TypeID uint64     `json:"type_id"`
	Type   string     `json:"type"`
	From   string     `json:"from" example:"2026-11-25"`
	To     string     `json:"to" example:"2026-11-30"`
	Price  money.Para `json:"price" swaggertype:"number"`
} // @name ProductDiscount

// productDiscount is p's action today (nil: none); guest and customer are its shown prices.
func productDiscount(p *catalog.ProductDetails) (d *ProductDiscountResponse, guest, customer money.Para) {
	guest, customer = p.ShownPrices()
	if p.Discount != nil && p.DiscountPrice != nil {
		d = &ProductDiscountResponse{ID: p.Discount.ID, TypeID: p.Discount.TypeID, Type: p.Discount.Type, From: p.Discount.From,
			To: p.Discount.To, Price: *p.DiscountPrice}
	}
	return d, guest, customer
}

// ProductListItem is a row of the product list. main_category, main_image, categories and
// supplier appear only when included; main_image is then null when the product has none.
type ProductListItem struct {
	ID                 uint64                    `json:"id"`
	SKU                string                    `json:"sku"`
	Name               string                    `json:"name"`
	Slug               string                    `json:"slug"`
	Active             bool                      `json:"active"`
	Visible            bool                      `json:"visible"`
	Eponuda            bool                      `json:"eponuda"`
	EntryPrice         money.Para                `json:"entry_price" swaggertype:"number"`
	WebPrice           money.Para                `json:"web_price" swaggertype:"number"`
	RetailPrice        money.Para                `json:"retail_price" swaggertype:"number"`
	DealerPrice        money.Para                `json:"dealer_price" swaggertype:"number"`
	AuthenticatedPrice money.Para                `json:"authenticated_price" swaggertype:"number"`
	Discount           *ProductDiscountResponse  `json:"discount" extensions:"x-nullable"`
	GuestPrice         money.Para                `json:"guest_price" swaggertype:"number"`
	CustomerPrice      money.Para                `json:"customer_price" swaggertype:"number"`
	Stock              int                       `json:"stock"`
	MainCategory       *ProductCategoryResponse  `json:"main_category,omitempty"`
	MainImage          *ProductImageResponse     `json:"main_image,omitempty" extensions:"x-nullable"`
	Categories         []ProductCategoryResponse `json:"categories,omitzero" validate:"optional"`
	Brand              *ProductBrandResponse     `json:"brand" extensions:"x-nullable"`
	Manufacturer       *ProductValueResponse     `json:"manufacturer" extensions:"x-nullable"`
	Supplier           *ProductBrandResponse     `json:"supplier,omitempty" extensions:"x-nullable"`
	Connected          bool                      `json:"connected"`
	SupplierProductID  *uint64                   `json:"supplier_product_id" extensions:"x-nullable"`
	CreatedAt          time.Time                 `json:"created_at"`
	UpdatedAt          time.Time                 `json:"updated_at"`

	nulls []string
} // @name ProductListItem

func (p ProductListItem) MarshalJSON() ([]byte, error) {
	type plain ProductListItem
	return marshalWithNulls(plain(p), p.nulls)
}

// ProductResponse is one product (GET, create, update). main_category, main_image, categories,
// images, attributes and supplier appear only when included (main_image and supplier then
// null when there is none).
type ProductResponse struct {
	ID                 uint64                     `json:"id"`
	SKU                string                     `json:"sku"`
	Name               string                     `json:"name"`
	Slug               string                     `json:"slug"`
	Description        string                     `json:"description"`
	Active             bool                       `json:"active"`
	Visible            bool                       `json:"visible"`
	Eponuda            bool                       `json:"eponuda"`
	EntryPrice         money.Para                 `json:"entry_price" swaggertype:"number"`
	WebPrice           money.Para                 `json:"web_price" swaggertype:"number"`
	RetailPrice        money.Para                 `json:"retail_price" swaggertype:"number"`
	DealerPrice        money.Para                 `json:"dealer_price" swaggertype:"number"`
	AuthenticatedPrice money.Para                 `json:"authenticated_price" swaggertype:"number"`
	Discount           *ProductDiscountResponse   `json:"discount" extensions:"x-nullable"`
	GuestPrice         money.Para                 `json:"guest_price" swaggertype:"number"`
	CustomerPrice      money.Para                 `json:"customer_price" swaggertype:"number"`
	EpPrice            money.Para                 `json:"ep_price" swaggertype:"number"`
	Stock              int                        `json:"stock"`
	EAN                string                     `json:"ean"`
	CountryOfOrigin    string                     `json:"country_of_origin"`
	MainCategoryID     uint64                     `json:"main_category_id"`
	MainCategorySlug   string                     `json:"main_category_slug"`
	BrandID            *uint64                    `json:"brand_id" extensions:"x-nullable"`
	ManufacturerID     *uint64                    `json:"manufacturer_id" extensions:"x-nullable"`
	SupplierID         *uint64                    `json:"supplier_id" extensions:"x-nullable"`
	MainCategory       *ProductCategoryResponse   `json:"main_category,omitempty"`
	MainImage          *ProductImageResponse      `json:"main_image,omitempty" extensions:"x-nullable"`
	Categories         []ProductCategoryResponse  `json:"categories,omitzero" validate:"optional"`
	Images             []ProductImageResponse     `json:"images,omitzero" validate:"optional"`
	Attributes         []ProductAttributeResponse `json:"attributes,omitzero" validate:"optional"`
	Brand              *ProductBrandResponse      `json:"brand" extensions:"x-nullable"`
	Manufacturer       *ProductValueResponse      `json:"manufacturer" extensions:"x-nullable"`
	Supplier           *ProductBrandResponse      `json:"supplier,omitempty" extensions:"x-nullable"`
	Connected          bool                       `json:"connected"`
	SupplierProductID  *uint64                    `json:"supplier_product_id" extensions:"x-nullable"`
	EnergyValueSticker *string                    `json:"energy_value_sticker" extensions:"x-nullable"`
	CatalogStickers    []ProductStickerResponse   `json:"catalog_stickers"`
	CreatedAt          time.Time                  `json:"created_at"`
	UpdatedAt          time.Time                  `json:"updated_at"`

	nulls []string
} // @name Product

func (p ProductResponse) MarshalJSON() ([]byte, error) {
	type plain ProductResponse
	return marshalWithNulls(plain(p), p.nulls)
}

// marshalWithNulls writes v and adds `"key": null` for included relations that are empty
// (omitempty drops a relation that was not asked for; one that was asked for is null).
func marshalWithNulls(v any, nulls []string) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(nulls) == 0 {
		return b, err
	}
	var buf bytes.Buffer
	buf.Write(b[:len(b)-1])
	for _, k := range nulls {
		buf.WriteString(`,"` + k + `":null`)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// ProductCreatedResponse is `data` of a create: `{"product": {...}}` as the spec reads it.
type ProductCreatedResponse struct {
	Product ProductResponse `json:"product"`
} // @name ProductCreated

// TransferResponse is `{message, attributes}`: the target category's attributes the products
// lack (preview), or the ones the transfer created.
type TransferResponse struct {
	Message    string                 `json:"message"`
	Attributes []ProductBrandResponse `json:"attributes"`
} // @name ProductTransfer

// MassChangeResponse is `{message, data: {count}}`.
type MassChangeResponse struct {
	Count int64 `json:"count"`
} // @name MassChangeCount

// productStickerURL is a sticker type's image URL ("" when the type has no image yet).
func productStickerURL(key string) string {
	if key == "" {
		return ""
	}
	return mediaURL(key)
}

func productImageResponse(im *catalog.ProductImageRef) *ProductImageResponse {
	if im == nil {
		return nil
	}
	return &ProductImageResponse{ID: im.ID, Main: im.Main, Small: mediaURL(im.SmallKey), Large: mediaURL(im.LargeKey), Srcset: imageSrcset(im.LargeKey), Position: im.Position}
}

func productCategoryResponses(cs []catalog.ProductCategoryRef) []ProductCategoryResponse {
	if cs == nil {
		return nil
	}
	out := make([]ProductCategoryResponse, 0, len(cs))
	for _, c := range cs {
		out = append(out, ProductCategoryResponse(c))
	}
	return out
}

func productCategoryResponse(c *catalog.ProductCategoryRef) *ProductCategoryResponse {
	if c == nil {
		return nil
	}
	r := ProductCategoryResponse(*c)
	return &r
}

func productRefResponse(r *catalog.ProductRef) *ProductBrandResponse {
	if r == nil {
		return nil
	}
	return &ProductBrandResponse{ID: r.ID, Name: r.Name}
}

func productValueResponse(v *catalog.ProductValueRef) *ProductValueResponse {
	if v == nil {
		return nil
	}
	return &ProductValueResponse{ID: v.ID, Value: v.Value}
}

func productAttributeResponses(vs []catalog.ProductAttributeView) []ProductAttributeResponse {
	if vs == nil {
		return nil
	}
	out := make([]ProductAttributeResponse, 0, len(vs))
	for i := range vs {
		out = append(out, productAttributeResponse(&vs[i]))
	}
	return out
}

func productAttributeResponse(v *catalog.ProductAttributeView) ProductAttributeResponse {
	return ProductAttributeResponse{ID: v.Attribute.ID, ProductAttributeID: v.ProductAttributeID,
		Attribute: ProductBrandResponse{ID: v.Attribute.ID, Name: v.Attribute.Name},
		Value:     productValueResponse(v.Value), Order: v.Order, Active: v.Active}
}

func productListItem(p *catalog.ProductDetails, inc catalog.ProductIncludes) ProductListItem {
	r := ProductListItem{ID: p.ID, SKU: p.SKU, Name: p.Name, Slug: p.Slug, Active: p.Active, Visible: p.Visible, Eponuda: p.Eponuda,
		EntryPrice: p.EntryPrice, WebPrice: p.WebPrice, RetailPrice: p.RetailPrice, DealerPrice: p.DealerPrice, AuthenticatedPrice: p.AuthPrice,
		Stock: p.Stock, MainCategory: productCategoryResponse(p.MainCategory), MainImage: productImageResponse(p.MainImage),
		Categories: productCategoryResponses(p.Categories), Brand: productRefResponse(p.Brand), Manufacturer: productValueResponse(p.Manufacturer),
		Supplier: productRefResponse(p.Supplier), Connected: p.Connected(), SupplierProductID: p.SupplierProductID,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	r.Discount, r.GuestPrice, r.CustomerPrice = productDiscount(p)
	r.nulls = includedNulls(inc, r.MainImage == nil, r.Supplier == nil, r.MainCategory == nil)
	return r
}

func includedNulls(inc catalog.ProductIncludes, noImage, noSupplier, noCategory bool) []string {
	var nulls []string
	if inc.MainImage && noImage {
		nulls = append(nulls, "main_image")
	}
	if inc.Supplier && noSupplier {
		nulls = append(nulls, "supplier")
	}
	if inc.MainCategory && noCategory {
		nulls = append(nulls, "main_category")
	}
	return nulls
}

func productResponse(p *catalog.ProductDetails, inc catalog.ProductIncludes, today string) ProductResponse {
	r := ProductResponse{ID: p.ID, SKU: p.SKU, Name: p.Name, Slug: p.Slug, Description: p.Description, Active: p.Active, Visible: p.Visible,
		Eponuda: p.Eponuda, EntryPrice: p.EntryPrice, WebPrice: p.WebPrice, RetailPrice: p.RetailPrice, DealerPrice: p.DealerPrice,
		AuthenticatedPrice: p.AuthPrice, EpPrice: p.EpPrice, Stock: p.Stock, EAN: p.EAN, CountryOfOrigin: p.CountryOfOrigin,
		MainCategoryID: p.MainCategoryID, MainCategorySlug: p.MainCategorySlug, BrandID: p.BrandID, ManufacturerID: p.ManufacturerID,
		SupplierID: p.SupplierID, MainCategory: productCategoryResponse(p.MainCategory), MainImage: productImageResponse(p.MainImage),
		Categories: productCategoryResponses(p.Categories), Attributes: productAttributeResponses(p.Attributes),
		Brand: productRefResponse(p.Brand), Manufacturer: productValueResponse(p.Manufacturer), Supplier: productRefResponse(p.Supplier),
		Connected: p.Connected(), SupplierProductID: p.SupplierProductID, CatalogStickers: []ProductStickerResponse{},
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if p.Images != nil {
		r.Images = make([]ProductImageResponse, 0, len(p.Images))
		for i := range p.Images {
			r.Images = append(r.Images, *productImageResponse(&p.Images[i]))
		}
	}
	if p.EnergyStickerKey != "" {
		u := mediaURL(p.EnergyStickerKey)
		r.EnergyValueSticker = &u
	}
	for _, s := range p.CatalogStickers {
		from, to := s.ValidFrom.Format(time.DateOnly), s.ValidTo.Format(time.DateOnly)
		r.CatalogStickers = append(r.CatalogStickers, ProductStickerResponse{ID: s.ID, CatalogStickerTypeID: s.CatalogStickerTypeID,
			Sticker: productStickerURL(s.StickerKey), From: from, To: to, Active: s.Active,
			StickerActive: s.Active && from <= today && today <= to})
	}
	r.Discount, r.GuestPrice, r.CustomerPrice = productDiscount(p)
	r.nulls = includedNulls(inc, r.MainImage == nil, r.Supplier == nil, r.MainCategory == nil)
	return r
}

// ProductFilterQuery documents the product list's filter parameters for the OpenAPI document:
// the query of GET admin/products and, on every mass call, the selection when no ids are sent
// (the whole filtered set). The handlers bind catalog.ProductFilter; a test keeps the two
// field lists equal. Id lists go comma-joined; flags take 1/true/0/false; money takes
// 1234.56 or 1.234,56.
type ProductFilterQuery struct {
	// name or SKU contains (Serbian diacritics folded: 'frizider' finds 'Frižider')
	Search string `form:"search"`
	// category ids, comma-joined (main or additional category)
	Categories string `form:"categories"`
	// one category id
	Category uint64 `form:"category"`
	// supplier ids, comma-joined (the product's supplier or a connected price-list row)
	Suppliers string `form:"suppliers"`
	// one supplier id
	Supplier uint64 `form:"supplier"`
	// brand ids, comma-joined
	Brands string `form:"brands"`
	// manufacturer ids (values of attribute 24), comma-joined
	Manufacturers string `form:"manufacturers"`
	// active only
	Active bool `form:"active"`
	// inactive only
	Inactive bool `form:"inactive"`
	// with an image
	WithImage bool `form:"with_image"`
	// without an image
	WithoutImage bool `form:"without_image"`
	// with an attribute value
	WithAttributes bool `form:"with_attributes"`
	// without any attribute value
	WithoutAttributes bool `form:"without_attributes"`
	// connected to a price-list product
	Connected bool `form:"connected"`
	// not connected
	Disconnected bool `form:"disconnected"`
	// visible on site
	Live bool `form:"live"`
	// not visible on site
	Dead bool `form:"dead"`
	// visible on site equals
	Visible bool `form:"visible"`
	// in the e-ponuda feed equals
	Eponuda bool `form:"eponuda"`
	// web price at least
	WebPriceFrom float64 `form:"web_price_from" swaggertype:"number"`
	// web price at most
	WebPriceTo float64 `form:"web_price_to" swaggertype:"number"`
	// entry price at least
	EntryPriceFrom float64 `form:"entry_price_from" swaggertype:"number"`
	// entry price at most
	EntryPriceTo float64 `form:"entry_price_to" swaggertype:"number"`
	// has a discount valid today (or within discount_from..discount_to)
	Discount bool `form:"discount"`
	// discount type id
	DiscountType uint64 `form:"discount_type"`
	// discount price at least
	DiscountPriceFrom float64 `form:"discount_price_from" swaggertype:"number"`
	// discount price at most
	DiscountPriceTo float64 `form:"discount_price_to" swaggertype:"number"`
	// YYYY-MM-DD
	DiscountFrom string `form:"discount_from"`
	// YYYY-MM-DD
	DiscountTo string `form:"discount_to"`
	// id, name, sku, entry_price, web_price, created_at, updated_at; '-' first: descending (a mass call ignores it)
	Sort string `form:"sort"`
} // @name ProductFilterQuery

// ProductRequest is the product form (create and update; on update sku must be absent or
// unchanged). Brand and manufacturer are always taken (null: none); the other optional fields,
// when absent, keep their values. Money: a number with at most two decimals (or a string).
type ProductRequest struct {
	SKU         string      `json:"sku" example:"FR-001"`
	Name        string      `json:"name" example:"Frižider Gorenje NRK 6192"`
	EntryPrice  *money.Para `json:"entry_price" swaggertype:"number" example:"41666.67" extensions:"x-nullable"`
	Description *string     `json:"description" example:"{\"root\":{\"children\":[]}}" extensions:"x-nullable"`
	// Categories: the first is the main category unless main_category_id is given.
	Categories      []uint64 `json:"categories"`
	MainCategoryID  *uint64  `json:"main_category_id" extensions:"x-nullable"`
	Active          *bool    `json:"active" extensions:"x-nullable"`
	Visible         *bool    `json:"visible" extensions:"x-nullable"`
	BrandID         *uint64  `json:"brand_id" extensions:"x-nullable"`
	ManufacturerID  *uint64  `json:"manufacturer_id" extensions:"x-nullable"`
	CountryOfOrigin *string  `json:"country_of_origin" extensions:"x-nullable"`
	EAN             *string  `json:"ean" extensions:"x-nullable"`
	Stock           *int     `json:"stock" extensions:"x-nullable"`
} // @name ProductRequest

// MassDescriptionRequest carries the new description and the ids (none: the list's filter
// parameters in the query select).
type MassDescriptionRequest struct {
	Description string   `json:"description"`
	IDs         []uint64 `json:"ids"`
} // @name MassDescriptionRequest

// MassAttributesRequest names the products by id (none: the filter in the query), optionally only these
// attributes or the attributes of this category.
type MassAttributesRequest struct {
	IDs          []uint64 `json:"ids"`
	AttributeIDs []uint64 `json:"attribute_ids"`
	CategoryID   uint64   `json:"category_id"`
} // @name MassAttributesRequest

// TransferRequest moves products to another category: the target, the products (none: the filter in the query) and the
// state of the attributes the move creates (default active).
type TransferRequest struct {
	CategoryID uint64   `json:"category_id"`
	Products   []uint64 `json:"products"`
	Active     *bool    `json:"active" extensions:"x-nullable"`
} // @name TransferRequest

// AttributeValueRequest is a value text (1-255 characters).
type AttributeValueRequest struct {
	Value string `json:"value"`
} // @name AttributeValueRequest
