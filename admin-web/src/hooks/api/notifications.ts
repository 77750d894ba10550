// The logged-in user's notifications (admin/users/{user_id}/notifications): the bell's unread
// list with its count, the paged list of the notifications page, and the four changes. Every
// change reloads all of them (spec 4: after each change the unread list and count reload).
// The calls fail silently (spec 8: notification call failures are swallowed), and a change's
// feedback is the list itself, so they show no toast either.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'
import type { QueryMeta } from '../../api/queryClient'
import type { components } from '@shop/shared'

type S = components['schemas']

/** the counts of a finished import (a products import gives created only) */
export interface ImportCounts {
  rows?: number
  created?: number
  updated?: number
  unchanged?: number
  rejected?: number
}

/**
 * NotificationData is data of a notification: the producer's JSON object. The document types it
 * as a free object; these are the fields the price lists' contract names (all optional: a producer
 * sends the ones of its type).
 */
export interface NotificationData {
  /** the producer's text, in Serbian by default */
  message?: string
  pricelist?: { id?: number; supplier_id?: number; supplier?: string; file_name?: string } | null
  counts?: ImportCounts
  rejected_rows?: { row?: number; sku?: string; reason?: string }[]
  /** CategoriesNotMapped: the supplier's category names without a shop category */
  categories?: string[]
  /** a products import: the shop category it went into; PricesRecomputed: the category repriced */
  category?: { id?: number; name?: string } | null
  /** a failure's reason */
  error?: string
  /** StickersDone / StickersFailed: which mass job (catalog_stickers | energy_sticker); DiscountsDone / DiscountsFailed: discounts */
  job?: string
  /** StickersDone: the products changed; DiscountsDone: the products given the action */
  count?: number
  /** DiscountsDone: the products skipped for an overlapping discount */
  skipped?: number
  /** EponudaPricesApplied: products whose web price changed, and chosen ones without a new price */
  changed?: number
  missing?: number
  /** NewOrder: the order, its number and total (RSD) */
  order_id?: number
  number?: string
  total?: number
}

export type Notification = Omit<S['Notification'], 'data'> & { id: number; type: string; data?: NotificationData | null }
export type Meta = S['httpx.Meta']

export interface NotificationQuery {
  page?: number
  paginate?: number
}

export const notificationKeys = {
  all: ['notifications'] as const,
  users: (userId: number) => [...notificationKeys.all, userId] as const,
  unread: (userId: number) => [...notificationKeys.users(userId), 'unread'] as const,
  lists: (userId: number) => [...notificationKeys.users(userId), 'list'] as const,
  list: (userId: number, q: NotificationQuery) => [...notificationKeys.lists(userId), q] as const,
}

const quiet: QueryMeta = { quiet: true }

// The document types data as an empty object and marks no field required; the server always
// sends id and type (api/notifications.go).
const asNotifications = (rows: S['Notification'][] | undefined) => (rows ?? []) as Notification[]

export const unreadNotificationsQuery = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: async () => {
      const { data } = await unwrap(client.GET('/api/v1/admin/users/{id}/notifications/with-count', { params: { path: { id: userId } } }))
      return { notifications: asNotifications(data?.notifications), count: data?.count }
    },
    // the stream reloads it when something new comes; a poll is not needed
    staleTime: 60_000,
    meta: quiet,
  })

/** useUnreadNotifications: the bell's newest unread notifications (at most 20) and the unread count. */
export function useUnreadNotifications(userId: number) {
  return useQuery(unreadNotificationsQuery(userId))
}

export const notificationsQuery = (userId: number, q: NotificationQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, q),
    queryFn: async () => {
      const res = await unwrap(client.GET('/api/v1/admin/users/{id}/notifications', { params: { path: { id: userId }, query: q } }))
      return { data: asNotifications(res.data), meta: res.meta }
    },
    placeholderData: keepPreviousData,
    meta: quiet,
  })

/** useNotifications: one page of all the user's notifications, newest first. */
export function useNotifications(userId: number, q: NotificationQuery) {
  return useQuery(notificationsQuery(userId, q))
}

/** newestNotificationId: the id of the user's newest notification (read or not), 0 when none. */
export async function newestNotificationId(userId: number): Promise<number> {
  const res = await unwrap(client.GET('/api/v1/admin/users/{id}/notifications', { params: { path: { id: userId }, query: { page: 1, paginate: 1 } } }))
  return res.data?.[0]?.id ?? 0
}

/** reloadNotifications marks every notification query of the user stale (the open ones refetch). */
export function reloadNotifications(qc: QueryClient, userId: number) {
  return qc.invalidateQueries({ queryKey: notificationKeys.users(userId) })
}

function useNotificationChange<V>(userId: number, call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    // a failed change may have been partly done elsewhere (another tab): reload either way
    onSettled: () => reloadNotifications(qc, userId),
    meta: quiet,
  })
}

/** useMarkNotificationRead: mark one notification read. */
export function useMarkNotificationRead(userId: number) {
  return useNotificationChange(userId, (notificationId: number) =>
    unwrap(client.PATCH('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: userId, notification_id: notificationId } } })),
  )
}

/** useReadAllNotifications: mark all the user's notifications read. */
export function useReadAllNotifications(userId: number) {
  return useNotificationChange(userId, () =>
    unwrap(client.PATCH('/api/v1/admin/users/{id}/notifications/read-all', { params: { path: { id: userId } } })),
  )
}

/** useDeleteNotification: delete one notification. */
export function useDeleteNotification(userId: number) {
  return useNotificationChange(userId, (notificationId: number) =>
    unwrap(client.DELETE('/api/v1/admin/users/{id}/notifications/{notification_id}', { params: { path: { id: userId, notification_id: notificationId } } })),
  )
}

/** useDeleteAllNotifications: delete all the user's notifications. */
export function useDeleteAllNotifications(userId: number) {
  return useNotificationChange(userId, () =>
    unwrap(client.DELETE('/api/v1/admin/users/{id}/notifications/delete-all', { params: { path: { id: userId } } })),
  )
}
