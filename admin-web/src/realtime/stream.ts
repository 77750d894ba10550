// The realtime channel of the logged-in user (GET admin/realtime, Server-Sent Events). An
// EventSource cannot send the Authorization header, so the stream is read by
// @microsoft/fetch-event-source over fetch. This module owns the reconnects: every attempt takes
// the current access token (refreshed first when it is about to expire, and after a 401 through
// the API client's refresh), and the id of the last event seen, so the server replays what came
// while the stream was down. The library's own retry is never used: it would resend the old token.
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source'
import { expiresSoon, getLang, getToken } from '@shop/shared'
import type { Notification } from '../hooks/api/notifications'

export const REALTIME_PATH = '/api/v1/admin/realtime'
/** the event type that carries a new notification */
export const NOTIFICATION_EVENT = 'notification'

export interface StreamOptions {
  onNotification: (n: Notification) => void
  /**
   * onOpen runs on every (re)connect once the server has subscribed the stream. replay tells
   * whether a last event id was sent (the server then sends what came after it first); without
   * one the stream carries new events only, and the caller should reload what it shows.
   */
  onOpen?: (info: { replay: boolean }) => void
  /** startId: the newest notification id the user already has, for the first connect */
  startId?: () => Promise<number | undefined>
  /** refresh renews the access token; false when the session is over (stop) */
  refresh: () => Promise<boolean>
  /** origin of the API (default: this page's) */
  baseUrl?: string
  /** backoff: the wait (ms) before attempt n (1, 2, ...) after failures in a row */
  backoff?: (failures: number) => number
}

export interface NotificationStream {
  close: () => void
  /** the id of the last event seen (sent as Last-Event-ID on the next connect) */
  lastEventId: () => string | undefined
  /** done settles when the stream has stopped for good (closed, or the session ended) */
  done: Promise<void>
}

/** 1 s, 2 s, 4 s ... at most 30 s */
export const defaultBackoff = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1))

class Unauthorized extends Error {}
/** a refusal that a retry will not change (403, 422, ...) */
class Refused extends Error {}
/** the server ended the stream (token expired, shutdown, lost subscription): reconnect */
class Ended extends Error {}

type Outcome = 'aborted' | 'ended' | 'unauthorized' | 'refused' | 'failed'

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const id = setTimeout(done, ms)
    function done() {
      clearTimeout(id)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}

export function openNotificationStream(opts: StreamOptions): NotificationStream {
  const ctrl = new AbortController()
  const backoff = opts.backoff ?? defaultBackoff
  const url = new URL(REALTIME_PATH, opts.baseUrl ?? window.location.origin).toString()
  let lastId: string | undefined

  function onMessage(ev: EventSourceMessage) {
    if (ev.id) lastId = ev.id
    if (ev.event !== NOTIFICATION_EVENT || !ev.data) return
    let n: Notification
    try {
      n = JSON.parse(ev.data) as Notification
    } catch {
      return
    }
    opts.onNotification(n)
  }

  // connect reads one stream until it ends; it says how it ended.
  async function connect(token: string): Promise<{ outcome: Outcome; opened: boolean }> {
    let opened = false
    const replay = lastId !== undefined
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Accept-Language': getLang(),
      accept: 'text/event-stream',
    }
    // lower case: the library keeps its own copy under this name, so there is only ever one
    if (replay) headers['last-event-id'] = lastId as string
    try {
      await fetchEventSource(url, {
        headers,
        signal: ctrl.signal,
        // a notification should chime in a background tab too
        openWhenHidden: true,
        async onopen(res) {
          const type = res.headers.get('content-type') ?? ''
          if (res.ok && type.startsWith('text/event-stream')) {
            opened = true
            opts.onOpen?.({ replay })
            return
          }
          if (res.status === 401) throw new Unauthorized()
          if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new Refused(`HTTP ${res.status}`)
          throw new Error(`realtime: HTTP ${res.status} ${type}`)
        },
        onmessage: onMessage,
        onclose() {
          throw new Ended()
        },
        onerror(err) {
          // never the library's retry: the next attempt needs a fresh token
          throw err
        },
      })
    } catch (err) {
      if (ctrl.signal.aborted) return { outcome: 'aborted', opened }
      if (err instanceof Unauthorized) return { outcome: 'unauthorized', opened }
      if (err instanceof Refused) return { outcome: 'refused', opened }
      if (err instanceof Ended) return { outcome: 'ended', opened }
      return { outcome: 'failed', opened }
    }
    return { outcome: 'aborted', opened }
  }

  async function run() {
    if (opts.startId) {
      try {
        const id = await opts.startId()
        if (id !== undefined && lastId === undefined) lastId = String(id)
      } catch {
        // no start id: the first connect carries new events only (onOpen says so)
      }
    }
    let failures = 0
    while (!ctrl.signal.aborted) {
      if (getToken() !== null && expiresSoon() && !(await opts.refresh())) return
      const token = getToken()
      if (token === null || ctrl.signal.aborted) return
      const { outcome, opened } = await connect(token)
      if (outcome === 'aborted' || outcome === 'refused') return
      if (outcome === 'unauthorized' && !(await opts.refresh())) return
      failures = opened ? 1 : failures + 1
      await sleep(backoff(failures), ctrl.signal)
    }
  }

  const done = run().catch(() => undefined)
  return {
    close: () => ctrl.abort(),
    lastEventId: () => lastId,
    done,
  }
}
