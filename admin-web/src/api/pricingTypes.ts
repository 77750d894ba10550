// The pricing rules' wire types (web margins, recommended prices, authenticated discounts, the
// category margins save), each an alias of the generated schema: when the server's document
// changes, these follow.
import type { components } from '@shop/shared'

type S = components['schemas']

export type WebMargin = S['WebMargin']
export type WebMarginBody = S['WebMarginRequest']
export type RecommendedPrice = S['RecommendedPrice']
export type RecommendedPriceBody = S['RecommendedPriceRequest']
export type AuthDiscount = S['AuthenticatedDiscount']
export type AuthDiscountBody = S['AuthenticatedDiscountRequest']
export type CategoryMarginsRow = S['CategoryMarginsRow']
