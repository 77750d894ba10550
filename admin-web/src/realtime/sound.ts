// The notification chime (spec 4, Realtime: on a notification a sound plays). A browser may
// refuse to play before the user has interacted with the page (autoplay policy): that is fine,
// the toast and the bell still show it.
export const SOUND_URL = `${import.meta.env.BASE_URL}sounds/notification.wav`

/** a burst of events (a replay after a reconnect) chimes once */
export const CHIME_GAP_MS = 1000

/** createChime gives a play function that plays the sound at most once per CHIME_GAP_MS. */
export function createChime(url = SOUND_URL, now: () => number = Date.now): () => void {
  let last = -Infinity
  return () => {
    const at = now()
    if (at - last < CHIME_GAP_MS) return
    last = at
    try {
      const played = new Audio(url).play()
      // autoplay refused, or no audio device: nothing to tell the user
      if (played && typeof played.catch === 'function') played.catch(() => undefined)
    } catch {
      // no Audio in this environment
    }
  }
}
