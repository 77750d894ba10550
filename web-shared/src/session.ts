// Browser storage of the session, under the keys the specification names
// (token, modules, language) plus the refresh token and the access token's expiry.

export type Lang = 'sr' | 'en'

export const keys = {
  token: 'token',
  refreshToken: 'refresh_token',
  expiresAt: 'token_expires_at',
  modules: 'modules',
  language: 'language',
} as const

export interface Tokens {
  token: string
  refresh_token: string
  expires_in: number
}

export function getToken(): string | null {
  return localStorage.getItem(keys.token)
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(keys.refreshToken)
}

/** expiresSoon: the access token is past (or within 10 s of) its expiry. */
export function expiresSoon(now = Date.now()): boolean {
  const at = Number(localStorage.getItem(keys.expiresAt) || 0)
  return at > 0 && now >= at - 10_000
}

export function saveTokens(t: Tokens, now = Date.now()): void {
  localStorage.setItem(keys.token, t.token)
  localStorage.setItem(keys.refreshToken, t.refresh_token)
  localStorage.setItem(keys.expiresAt, String(now + t.expires_in * 1000))
}

export function clearTokens(): void {
  localStorage.removeItem(keys.token)
  localStorage.removeItem(keys.refreshToken)
  localStorage.removeItem(keys.expiresAt)
}

export function getLang(): Lang {
  return localStorage.getItem(keys.language) === 'en' ? 'en' : 'sr'
}

export function setLang(l: Lang): void {
  localStorage.setItem(keys.language, l)
}

/** saveModules stores the enabled module names (a JSON list) for the shells and guards. */
export function saveModules(names: string[]): void {
  localStorage.setItem(keys.modules, JSON.stringify(names))
}

/** getModules: the stored module names, or null when no module list is available. */
export function getModules(): string[] | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(keys.modules) ?? 'null')
    return Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : null
  } catch {
    return null
  }
}
