// The pricing rules' wire types (web margins, recommended prices, authenticated discounts, the
// category margins save), each an alias of the generated schema: when the server's document
// changes, these follow.
import type { components } from '@shop/shared'
import type { Sent } from './catalogTypes'

type S = components['schemas']

export type WebMargin = Sent<S['WebMargin'], 'id' | 'category_id' | 'margin'>
export type WebMarginBody = S['WebMarginRequest']
export type RecommendedPrice = Sent<S['RecommendedPrice'], 'id' | 'name' | 'manufacturer_id' | 'lower' | 'categories'>
export type RecommendedPriceBody = S['RecommendedPriceRequest']
export type AuthDiscount = Sent<S['AuthenticatedDiscount'], 'id' | 'name' | 'discount'>
export type AuthDiscountBody = S['AuthenticatedDiscountRequest']
export type CategoryMarginsRow = S['CategoryMarginsRow']
