// The back office's shell settings (admin/shell, any staff): the sidebar's external
// supplier-login link. Configuration: it does not change while the server runs.
import { useQuery } from '@tanstack/react-query'
import { client, unwrap } from '../../api/client'

export const shellKeys = { all: ['shell'] as const }

/** useShell: asked only for staff (enabled), since anyone else is refused. */
export function useShell(enabled = true) {
  return useQuery({
    enabled,
    queryKey: shellKeys.all,
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/shell'))).data ?? {},
    staleTime: Infinity,
  })
}
