// Anonymous visitors get random cart and wish-list ids (cookies user_id, favorite_user_id) on
// their first visit outside the admin area.
import { ensureAnonymousIds } from '@shop/shared'
import { isAdminPath } from './rules'

export function initAnonymousVisitor(
  pathname: string,
  doc: Document = document,
): { cartId: string; wishlistId: string } | null {
  if (isAdminPath(pathname)) return null
  return ensureAnonymousIds(doc)
}
