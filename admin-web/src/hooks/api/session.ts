// The session: who is logged in (users/token), the enabled modules, login and logout.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { clearTokens, getModules, getToken, saveModules, saveTokens } from '@shop/shared'
import { clearQueueCookie, client, setQueueCookie, unwrap } from '../../api/client'
import { isStaff } from '../../auth/access'

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  modules: () => [...sessionKeys.all, 'modules'] as const,
}

export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/users/token'))).data,
    enabled: getToken() !== null,
    staleTime: 5 * 60_000,
  })

/** useMe: the logged-in user (roles, permissions, avatar). */
export function useMe() {
  return useQuery(meQuery())
}

export const modulesQuery = () =>
  queryOptions({
    queryKey: sessionKeys.modules(),
    queryFn: async () => {
      const { data } = await unwrap(client.GET('/api/v1/modules'))
      const names = Object.entries(data ?? {})
        .filter(([, on]) => on)
        .map(([name]) => name)
        .sort()
      saveModules(names)
      return names
    },
    // the last known list while the call is on the way (the guards read it)
    placeholderData: () => getModules() ?? undefined,
    staleTime: 5 * 60_000,
  })

/** useModules: the names of the enabled modules, kept under localStorage 'modules' too. */
export function useModules() {
  return useQuery(modulesQuery())
}

export interface Credentials {
  email: string
  password: string
}

/** useLogin logs in; only staff get a session here (a customer's tokens are revoked at once). */
export function useLogin() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: Credentials) => {
      const { data: session } = await unwrap(client.POST('/api/v1/login', { body }))
      if (!session) throw new Error('login answered without a session')
      const staff = isStaff(session.user)
      if (staff) {
        saveTokens({ token: session.token, refresh_token: session.refresh_token, expires_in: session.expires_in })
        setQueueCookie(session.token)
        qc.setQueryData(sessionKeys.me(), session.user)
      } else {
        void client.POST('/api/v1/logout', { headers: { Authorization: `Bearer ${session.token}` } }).catch(() => undefined)
      }
      return { staff, user: session.user }
    },
  })
}

/** useLogout revokes the session on the server and forgets it here, whatever the answer. */
export function useLogout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.POST('/api/v1/logout')),
    onSettled: () => {
      clearTokens()
      clearQueueCookie()
      qc.removeQueries()
    },
  })
}
