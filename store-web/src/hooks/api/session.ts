// Session data hooks: the logged-in user, the enabled modules, and the account calls
// (login, register, logout, forgot and reset password).
import { getModules, saveModules, unwrap, type components } from '@shop/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'
import { endSession, startSession, useIsLoggedIn } from '../../session/loginState'
import { transferGuestLists } from './cart'

export type User = components['schemas']['User']
export type Address = components['schemas']['Address']
export type Session = components['schemas']['Session']
export type LoginInput = components['schemas']['LoginRequest']
export type RegisterInput = components['schemas']['RegisterRequest']
export type ForgotPasswordInput = components['schemas']['ForgotPasswordRequest']
export type ResetPasswordInput = components['schemas']['ResetPasswordRequest']

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  modules: () => [...sessionKeys.all, 'modules'] as const,
}

/** enabledModules turns the API's {name: enabled} object into the list of enabled names. */
export function enabledModules(obj: Record<string, boolean> | undefined): string[] {
  return Object.entries(obj ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort()
}

export const meQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: async () => (await unwrap(api.GET('/api/v1/users/token', { params: { query: { include: 'addresses' } } }))).data!,
  staleTime: 60_000,
  retry: false,
})

/** useMe is the logged-in user with addresses; idle when nobody is logged in. */
export function useMe() {
  const loggedIn = useIsLoggedIn()
  return useQuery({ ...meQuery, enabled: loggedIn })
}

export const modulesQuery = queryOptions({
  queryKey: sessionKeys.modules(),
  queryFn: async () => {
    const names = enabledModules((await unwrap(api.GET('/api/v1/modules'))).data)
    saveModules(names)
    return names
  },
  staleTime: 5 * 60_000,
  retry: 1,
})

/** pageModules: the enabled modules the server wrote into the page (<meta name="shop-modules">),
 * or null when the page has none. */
export function pageModules(): string[] | null {
  const v = document.querySelector('meta[name="shop-modules"]')?.getAttribute('content')
  return v ? v.split(',').filter(Boolean).sort() : null
}

/**
 * useModules is the list of enabled module names. The list in the page (else the one stored by
 * the last visit) is shown at once and refreshed in the background; data is undefined only when
 * neither is there.
 */
export function useModules() {
  const stored = pageModules() ?? getModules()
  return useQuery({
    ...modulesQuery,
    ...(stored ? { initialData: stored, initialDataUpdatedAt: 0 } : {}),
  })
}

function useStartSession() {
  const qc = useQueryClient()
  return (s: Session) => {
    startSession({ token: s.token!, refresh_token: s.refresh_token!, expires_in: s.expires_in! })
    // The login answer has no addresses: show the user now, load the full record next.
    if (s.user) qc.setQueryData(sessionKeys.me(), s.user)
    void qc.invalidateQueries({ queryKey: sessionKeys.me() })
    // The guest's cart and wish list join the user's (spec 4: on authentication).
    return transferGuestLists(qc)
  }
}

export function useLogin() {
  const start = useStartSession()
  return useMutation({
    mutationFn: async (body: LoginInput) => (await unwrap(api.POST('/api/v1/login', { body }))).data!,
    onSuccess: start,
  })
}

export function useRegister() {
  const start = useStartSession()
  return useMutation({
    mutationFn: async (body: RegisterInput) => (await unwrap(api.POST('/api/v1/register', { body }))).data!,
    onSuccess: start,
  })
}

/** useLogout revokes the tokens on the server; the local session ends even when that fails. */
export function useLogout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      try {
        await api.POST('/api/v1/logout')
      } finally {
        endSession()
        qc.removeQueries({ queryKey: sessionKeys.me() })
        // The user's orders and addresses are not for whoever uses the browser next.
        qc.removeQueries({ queryKey: ['orders'] })
        qc.removeQueries({ queryKey: ['addresses'] })
      }
    },
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordInput) =>
      (await unwrap(api.POST('/api/v1/password/forgot', { body }))).message,
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordInput) =>
      (await unwrap(api.POST('/api/v1/password/reset', { body }))).message,
  })
}

/** The social sign-in providers the shop offers ('google', 'facebook'); none when the call fails. */
export const socialProvidersQuery = queryOptions({
  queryKey: [...sessionKeys.all, 'social-providers'] as const,
  queryFn: async () => (await unwrap(api.GET('/api/v1/auth/providers'))).data ?? [],
  staleTime: 10 * 60_000,
  retry: false,
})

export function useSocialProviders() {
  return useQuery(socialProvidersQuery)
}

/** socialStartURL is the server's address that sends the browser to the provider. */
export function socialStartURL(provider: string, returnPath: string): string {
  return `/api/v1/auth/${encodeURIComponent(provider)}/start?return=${encodeURIComponent(returnPath)}`
}

/**
 * useSocialSession finishes a social sign-in: the server's callback left the new session in a
 * one-time HttpOnly cookie, this call turns it into tokens, and the session starts exactly as
 * after a password login (the same routine, so the guest's cart and wish list carry over too).
 */
export function useSocialSession() {
  const start = useStartSession()
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/v1/auth/social/session'))).data!,
    onSuccess: start,
  })
}
