// The contact page's messages in the back office (view-contact-message: read, search;
// delete-contact-message: delete). One query-key factory; a delete invalidates lists and details.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap, type Meta } from '../../api/client'

export type ContactMessage = components['schemas']['ContactMessage']

export interface ContactMessageQuery {
  page: number
  paginate: number
  search: string
}

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  lists: () => [...contactMessageKeys.all, 'list'] as const,
  list: (q: ContactMessageQuery) => [...contactMessageKeys.lists(), q] as const,
  detail: (id: number) => [...contactMessageKeys.all, 'detail', id] as const,
}

interface Page<T> {
  data: T[]
  meta?: Meta
}

export function useContactMessages(q: ContactMessageQuery) {
  return useQuery({
    queryKey: contactMessageKeys.list(q),
    queryFn: async () =>
      (await unwrap(
        client.GET('/api/v1/admin/contact-messages', { params: { query: { page: q.page, paginate: q.paginate, search: q.search || undefined } } }),
      )) as Page<ContactMessage>,
    placeholderData: keepPreviousData,
  })
}

export function useContactMessage(id: number) {
  return useQuery({
    queryKey: contactMessageKeys.detail(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/contact-messages/{id}', { params: { path: { id } } }))).data as ContactMessage,
  })
}

export function useDeleteContactMessage() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(client.DELETE('/api/v1/admin/contact-messages/{id}', { params: { path: { id } } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: contactMessageKeys.all }),
  })
}
