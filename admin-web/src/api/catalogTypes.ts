// The catalogue's wire types: names the hooks and screens use, each an alias of the generated
// schema (src/api/schema.d.ts, from openapi/openapi.json; `npm run gen:api`). Never write a
// catalogue shape by hand here: when the server's document changes, these follow.
import type { components } from '@shop/shared'

type S = components['schemas']

export type MessageResponse = S['httpx.MessageResponse']
export type Meta = S['httpx.Meta']

// ---- lookups
export type Brand = S['Brand']
/** a value of the manufacturer attribute (id 24) */
export type Manufacturer = S['AttributeValue']
export type Supplier = S['Supplier']
export type Category = CategoryDetail
export type DiscountType = S['DiscountType']
export type CatalogStickerType = S['CatalogStickerType']

// ---- products
/** a product row of GET admin/products?include=mainCategory,mainImage (money: numbers, 2 decimals) */
export type ProductRow = S['ProductListItem']
export type ProductImage = S['ProductImage']
export type Image = ProductImage
/** GET admin/products/{id}?include=… (money: numbers with 2 decimals, RSD) */
export type ProductDetail = S['Product']
/** the body of POST (create) and PATCH (update) admin/products */
export type ProductBody = S['ProductRequest']
/** POST admin/products answers the new product under data.product */
export type ProductCreated = S['httpx.ChangeResponse-ProductCreated']
/** one attribute of a product (GET admin/products/{id}/attributes) */
export type ProductAttribute = S['ProductAttribute']
export type ProductCatalogSticker = S['ProductCatalogSticker']
/** GET and POST admin/products/transfer: the target category's attributes the products lack */
export type TransferCheck = S['ProductTransfer']

// ---- categories, attributes, brands
/** an admin category (GET admin/categories, …/{id}); percentages as numbers like 20.00 */
export type CategoryDetail = S['Category']
export type Declaration = S['CategoryDeclaration']
/** the body of POST/PATCH admin/categories: the declaration goes flat (declaration_name, …) */
export type CategoryBody = S['CreateCategoryRequest']
/** an attribute as attached to a category (GET admin/categories/{id}/attributes) */
export type CategoryAttribute = S['CategoryAttribute']
export type Attribute = S['Attribute']
export type AttributeValue = S['AttributeValue']
export type BrandRow = Brand

// ---- suppliers, activity
export type SupplierRow = Supplier
/** a supplier's price-list product (GET admin/suppliers-connected|-unconnected/{id}) */
export type SupplierProduct = S['SupplierProduct']
export type ActivityEntry = S['Activity']

/** a page of a list answer */
export interface Paged<T> {
  data: T[]
  meta?: Meta
}
