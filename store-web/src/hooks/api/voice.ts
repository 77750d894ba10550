// The customers' voice: from the product page rate (guests too), ask a question, subscribe to
// the back-in-stock mail, send a price offer; from the contact page write to the shop. Each
// answers the server's message.
import { unwrap, type components } from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'

export type RatingInput = components['schemas']['RatingRequest']
export type QuestionInput = components['schemas']['QuestionRequest']
export type SubscribeInput = components['schemas']['SubscribeRequest']
export type PriceOfferInput = Omit<components['schemas']['PriceOfferRequest'], 'price'> & { price?: number | string }

/** the product page's query key starts with these (a rating or answer changes what it shows) */
export const productKeys = { all: ['product'] as const }

export function useRateProduct(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: RatingInput) =>
      (await unwrap(api.POST('/api/v1/products/{slug}/ratings', { params: { path: { slug } }, body }))).message,
    onSuccess: () => void qc.invalidateQueries({ queryKey: productKeys.all }),
  })
}

export function useAskQuestion(slug: string) {
  return useMutation({
    mutationFn: async (body: QuestionInput) =>
      (await unwrap(api.POST('/api/v1/products/{slug}/questions', { params: { path: { slug } }, body }))).message,
  })
}

export type ContactInput = components['schemas']['ContactRequest']

export function useContact() {
  return useMutation({
    mutationFn: async (body: ContactInput) => (await unwrap(api.POST('/api/v1/contact', { body }))).message,
  })
}

export function useBackInStock(slug: string) {
  return useMutation({
    mutationFn: async (body: SubscribeInput) =>
      (await unwrap(api.POST('/api/v1/products/{slug}/available-again/subscribe', { params: { path: { slug } }, body }))).message,
  })
}

export function usePriceOffer() {
  return useMutation({
    mutationFn: async (body: PriceOfferInput) =>
      (await unwrap(api.POST('/api/v1/priceoffer', { body: body as components['schemas']['PriceOfferRequest'] }))).message,
  })
}
