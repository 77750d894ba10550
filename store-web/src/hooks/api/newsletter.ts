// The newsletter from the footer (double opt-in) and the mails' signed links: confirm,
// unsubscribe, and the back-in-stock alert's unsubscribe. Each answers the server's message.
import { unwrap } from '@shop/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../api/client'

export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: async (body: { email: string; website: string }) => (await unwrap(api.POST('/api/v1/newsletter/subscribe', { body }))).message,
  })
}

/** the links' query: id, signature and (confirm links) expires */
export interface SignedLink {
  id: number
  signature: string
  expires?: number
}

export function useNewsletterConfirm() {
  return useMutation({
    mutationFn: async (l: SignedLink) =>
      (await unwrap(api.POST('/api/v1/newsletter/confirm', { body: { id: l.id, expires: l.expires ?? 0, signature: l.signature } }))).message,
  })
}

export function useNewsletterUnsubscribe() {
  return useMutation({
    mutationFn: async (l: SignedLink) => (await unwrap(api.POST('/api/v1/newsletter/unsubscribe', { body: { id: l.id, signature: l.signature } }))).message,
  })
}

export function useStockUnsubscribe() {
  return useMutation({
    mutationFn: async (l: SignedLink) =>
      (await unwrap(api.GET('/api/v1/available-again/unsubscribe', { params: { query: { id: l.id, signature: l.signature } } }))).message,
  })
}
