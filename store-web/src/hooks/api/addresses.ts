// The customer's saved addresses (My account and the purchase completion): list, create,
// change, delete. Changes also refresh the session user (its addresses come with it).
import { unwrap, type components } from '@shop/shared'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'
import { useIsLoggedIn } from '../../session/loginState'
import { sessionKeys } from './session'

export type SavedAddress = components['schemas']['Address']
export type AddressInput = components['schemas']['AddressRequest']
export type AddressType = NonNullable<AddressInput['type']>

export const addressTypes: readonly AddressType[] = ['billing_address', 'shipping_address']

export const addressKeys = {
  all: ['addresses'] as const,
}

export function useAddresses() {
  const loggedIn = useIsLoggedIn()
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: async () => (await unwrap(api.GET('/api/v1/account/addresses'))).data ?? [],
    enabled: loggedIn,
    retry: false,
  })
}

function refresh(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: addressKeys.all })
  void qc.invalidateQueries({ queryKey: sessionKeys.me() })
}

/** useSaveAddress creates (no id) or changes (id) an address. */
export function useSaveAddress() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: AddressInput }) =>
      id
        ? unwrap(api.PATCH('/api/v1/account/addresses/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/account/addresses', { body })),
    onSuccess: () => refresh(qc),
  })
}

export function useDeleteAddress() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(api.DELETE('/api/v1/account/addresses/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(qc),
  })
}
