// The activity log (GET admin/activity): who created, changed or deleted what, when and from
// where, with the old and new values; paged and filtered by type, user and date range.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'

export interface ActivityQuery {
  page?: number
  paginate?: number
  type?: string
  user_id?: number
  /** YYYY-MM-DD */
  date_from?: string
  date_to?: string
  /** what kind of thing (an entry type's first part, e.g. product) and which one */
  subject_type?: string
  subject_id?: number
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (q: ActivityQuery) => [...activityKeys.all, 'list', q] as const,
}

export function useActivity(q: ActivityQuery) {
  return useQuery({
    queryKey: activityKeys.list(q),
    queryFn: async () => await unwrap(client.GET('/api/v1/admin/activity', { params: { query: { ...q, type: q.type || undefined } } })),
    placeholderData: keepPreviousData,
  })
}
