// A stand-in for @microsoft/fetch-event-source in tests (vi.mock the module with `fakeModule`):
// each call is recorded, and a test plays the server's part through it (open with a response,
// send events, end the stream), with the library's handler order (onopen, onmessage, onclose,
// onerror; an error thrown by onerror rejects the call; an abort resolves it).
import type { EventSourceMessage, FetchEventSourceInit } from '@microsoft/fetch-event-source'

export interface FakeCall {
  url: string
  init: FetchEventSourceInit
  headers: Record<string, string>
  /** the server answers: status and content type */
  open: (status?: number) => Promise<void>
  send: (ev: Partial<EventSourceMessage>) => void
  /** the server ends the stream */
  end: () => void
  settled: boolean
}

export const calls: FakeCall[] = []

export function fetchEventSource(url: string, init: FetchEventSourceInit): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const call: FakeCall = {
      url,
      init,
      headers: { ...(init.headers ?? {}) },
      settled: false,
      async open(status = 200) {
        const res = new Response('', { status, headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' } })
        try {
          await init.onopen?.(res)
        } catch (err) {
          fail(err)
        }
      },
      send(ev) {
        init.onmessage?.({ id: '', event: '', data: '', ...ev } as EventSourceMessage)
      },
      end() {
        try {
          init.onclose?.()
          finish()
        } catch (err) {
          fail(err)
        }
      },
    }
    const finish = () => {
      call.settled = true
      resolve()
    }
    const fail = (err: unknown) => {
      try {
        init.onerror?.(err)
      } catch (thrown) {
        call.settled = true
        reject(thrown)
      }
    }
    init.signal?.addEventListener('abort', finish)
    calls.push(call)
  })
}

export const fakeModule = { fetchEventSource, EventStreamContentType: 'text/event-stream' }
