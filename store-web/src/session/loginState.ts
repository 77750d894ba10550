// Login state derives from the stored token; components subscribe to its changes here
// (login, logout, a refresh token that stopped working, another tab).
import { clearTokens, getToken, saveTokens, type Tokens } from '@shop/shared'
import { useSyncExternalStore } from 'react'

const listeners = new Set<() => void>()

// Whether the last session ended by the user's own logout (rather than an expired refresh
// token): a logged-out user on a login-required page goes home, not to the login form.
let loggedOutByUser = false

function notify(): void {
  for (const l of listeners) l()
}

function subscribe(l: () => void): () => void {
  listeners.add(l)
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'token') l()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(l)
    window.removeEventListener('storage', onStorage)
  }
}

export function isLoggedIn(): boolean {
  return Boolean(getToken())
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn)
}

export function endedByLogout(): boolean {
  return loggedOutByUser
}

export function startSession(t: Tokens): void {
  loggedOutByUser = false
  saveTokens(t)
  notify()
}

/** endSession: the user logged out. */
export function endSession(): void {
  loggedOutByUser = true
  clearTokens()
  notify()
}

/** sessionEnded is called by the auth middleware after it cleared the tokens itself. */
export function sessionEnded(): void {
  loggedOutByUser = false
  notify()
}
