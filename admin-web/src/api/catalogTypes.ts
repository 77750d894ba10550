// The catalogue's wire types: names the hooks and screens use, each an alias of the generated
// schema (src/api/schema.d.ts, from openapi/openapi.json; `npm run gen:api`). Never write a
// catalogue shape by hand here: when the server's document changes, these follow.
import type { components } from '@shop/shared'

type S = components['schemas']

/**
 * Sent<T, K>: T with the keys K always present. The document (swag) marks no response property
 * required, but the server's response structs (api/*_dto.go, taxonomy_*.go) carry no omitempty
 * on these: they are in every answer. Only keys the screens rely on are listed.
 */
export type Sent<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> }

export type MessageResponse = S['httpx.MessageResponse']
export type Meta = S['httpx.Meta']

// ---- lookups
export type Brand = Sent<S['Brand'], 'id' | 'name'>
/** a value of the manufacturer attribute (id 24) */
export type Manufacturer = Sent<S['AttributeValue'], 'id' | 'value'>
export type Supplier = Sent<S['Supplier'], 'id' | 'name'>
export type Category = CategoryDetail
export type DiscountType = Sent<S['DiscountType'], 'id' | 'name'>
export type CatalogStickerType = Sent<S['CatalogStickerType'], 'id' | 'name'>

// ---- products
/** a product row of GET admin/products?include=mainCategory,mainImage (money: numbers, 2 decimals) */
export type ProductRow = Sent<S['ProductListItem'], 'id' | 'sku' | 'name' | 'active' | 'visible' | 'entry_price' | 'web_price'>
export type ProductImage = Sent<S['ProductImage'], 'id' | 'small' | 'large'>
export type Image = ProductImage
/** GET admin/products/{id}?include=… (money: numbers with 2 decimals, RSD) */
export type ProductDetail = Sent<Omit<S['Product'], 'main_image'>, 'id' | 'sku' | 'name' | 'active' | 'visible'> & {
  /** null when the product has no image (x-nullable in the document) */
  main_image?: ProductImage | null
}
/** the body of POST (create) and PATCH (update) admin/products */
export type ProductBody = S['ProductRequest']
/** POST admin/products answers the new product under data.product */
export type ProductCreated = S['httpx.ChangeResponse-ProductCreated']
/** one attribute of a product (GET admin/products/{id}/attributes) */
export type ProductAttribute = Sent<S['ProductAttribute'], 'id'>
export type ProductCatalogSticker = Sent<S['ProductCatalogSticker'], 'id' | 'catalog_sticker_type_id'>
/** GET and POST admin/products/transfer: the target category's attributes the products lack */
export type TransferCheck = S['ProductTransfer']

// ---- categories, attributes, brands
/** an admin category (GET admin/categories, …/{id}); percentages as numbers like 20.00 */
export interface CategoryDetail extends Sent<Omit<S['Category'], 'subcategories'>, 'id' | 'name'> {
  subcategories?: CategoryDetail[]
}
export type Declaration = S['CategoryDeclaration']
/** the body of POST/PATCH admin/categories: the declaration goes flat (declaration_name, …) */
export type CategoryBody = S['CreateCategoryRequest']
/** an attribute as attached to a category (GET admin/categories/{id}/attributes) */
export type CategoryAttribute = Sent<S['CategoryAttribute'], 'id' | 'name'>
export type Attribute = Sent<S['Attribute'], 'id' | 'name'>
export type AttributeValue = Sent<S['AttributeValue'], 'id' | 'value'>
export type BrandRow = Brand

// ---- suppliers, activity
export type SupplierRow = Supplier
/** a supplier's price-list product (GET admin/suppliers-connected|-unconnected/{id}) */
export type SupplierProduct = Sent<S['SupplierProduct'], 'id' | 'sku' | 'name'>
export type ActivityEntry = Sent<S['Activity'], 'id' | 'type' | 'created_at'>

/** a page of a list answer */
export interface Paged<T> {
  data: T[]
  meta?: Meta
}

/**
 * sent: an answer seen with the keys Sent<…> guarantees (see above). The only cast between the
 * generated types and these names; a hook applies it to what it returns.
 */
export const sent = <T>(answer: unknown): T => answer as T
