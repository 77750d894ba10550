// The customers' voice in the back office: ratings (view-rating: approve, disapprove, delete
// with undo), questions (view-question: answer, edit, delete) and price offers (view-order:
// status). One query-key factory; every change invalidates the area's lists and details.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap, type Meta } from '../../api/client'

export type Rating = components['schemas']['Rating']
export type Question = components['schemas']['Question']
export type PriceOffer = components['schemas']['PriceOffer']

export type RatingStatus = 'all' | 'approved' | 'disapproved'
export type QuestionStatus = 'all' | 'answered' | 'unanswered'
export type OfferStatus = 'all' | 'pending' | 'answered' | 'declined'

export interface VoiceQuery<S> {
  page: number
  paginate: number
  status: S
}

export const voiceKeys = {
  all: ['voice'] as const,
  ratings: (q: VoiceQuery<RatingStatus>) => [...voiceKeys.all, 'ratings', q] as const,
  rating: (id: number) => [...voiceKeys.all, 'rating', id] as const,
  questions: (q: VoiceQuery<QuestionStatus>) => [...voiceKeys.all, 'questions', q] as const,
  question: (id: number) => [...voiceKeys.all, 'question', id] as const,
  offers: (q: VoiceQuery<OfferStatus>) => [...voiceKeys.all, 'offers', q] as const,
}

interface Page<T> {
  data: T[]
  meta?: Meta
}

const query = <S extends string>(q: VoiceQuery<S>) => ({ page: q.page, paginate: q.paginate, status: q.status === 'all' ? undefined : q.status })

export function useRatings(q: VoiceQuery<RatingStatus>) {
  return useQuery({
    queryKey: voiceKeys.ratings(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/ratings', { params: { query: query(q) } }))) as Page<Rating>,
    placeholderData: keepPreviousData,
  })
}

export function useRating(id: number) {
  return useQuery({
    queryKey: voiceKeys.rating(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/ratings/{id}', { params: { path: { id } } }))).data as Rating,
  })
}

export function useQuestions(q: VoiceQuery<QuestionStatus>) {
  return useQuery({
    queryKey: voiceKeys.questions(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/questions', { params: { query: query(q) } }))) as Page<Question>,
    placeholderData: keepPreviousData,
  })
}

export function useQuestion(id: number) {
  return useQuery({
    queryKey: voiceKeys.question(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/questions/{id}', { params: { path: { id } } }))).data as Question,
  })
}

export function usePriceOffers(q: VoiceQuery<OfferStatus>) {
  return useQuery({
    queryKey: voiceKeys.offers(q),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/price-offers', { params: { query: query(q) } }))) as Page<PriceOffer>,
    placeholderData: keepPreviousData,
  })
}

function useVoiceChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: voiceKeys.all }) })
}

export function useApproveRating() {
  return useVoiceChange(({ id, approved }: { id: number; approved: boolean }) =>
    approved
      ? unwrap(client.PATCH('/api/v1/admin/ratings/{id}/approve', { params: { path: { id } } }))
      : unwrap(client.PATCH('/api/v1/admin/ratings/{id}/disapprove', { params: { path: { id } } })),
  )
}

export function useDeleteRating() {
  return useVoiceChange((id: number) => unwrap(client.DELETE('/api/v1/admin/ratings/{id}', { params: { path: { id } } })))
}

export function useRestoreRating() {
  return useVoiceChange((id: number) => unwrap(client.POST('/api/v1/admin/ratings/{id}/restore', { params: { path: { id } } })))
}

export function useAnswerQuestion() {
  return useVoiceChange(({ id, answer }: { id: number; answer: string }) =>
    unwrap(client.POST('/api/v1/admin/questions/{id}/answer', { params: { path: { id } }, body: { answer } })),
  )
}

export function useUpdateQuestion() {
  return useVoiceChange(({ id, body }: { id: number; body: { name?: string; question?: string; answer?: string } }) =>
    unwrap(client.PATCH('/api/v1/admin/questions/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteQuestion() {
  return useVoiceChange((id: number) => unwrap(client.DELETE('/api/v1/admin/questions/{id}', { params: { path: { id } } })))
}

export function useSetOfferStatus() {
  return useVoiceChange(({ id, status }: { id: number; status: 'pending' | 'answered' | 'declined' }) =>
    unwrap(client.PATCH('/api/v1/admin/price-offers/{id}', { params: { path: { id } }, body: { status } })),
  )
}
