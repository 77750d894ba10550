// The first screen's data the Go server embeds in the page (internal/seo): the JSON answer of
// the API call the page makes first, under that call's path and query (`key`), in a
// <script type="application/json" id="__SHOP_DATA__"> (data, never run: the CSP stays
// script-src 'self'). A page's hook passes it to react-query as initialData so the first
// screen shows without waiting for the API. It is read once, and only for the page it was
// rendered for: after the first navigation the app fetches as usual.
// The prices in it are the guest's: with a token the hook refetches at once (initialDataUpdatedAt 0).

interface FirstScreen {
  key: string
  /** The language the server described the page in (its texts and names are in it). */
  lang?: string
  data: unknown
}

let cached: FirstScreen | null | undefined
let taken = false

function read(): FirstScreen | null {
  if (cached !== undefined) return cached
  cached = null
  const el = typeof document === 'undefined' ? null : document.getElementById('__SHOP_DATA__')
  if (el?.textContent) {
    try {
      const v = JSON.parse(el.textContent) as FirstScreen
      if (v && typeof v.key === 'string') cached = v
    } catch {
      // A broken script is no data: the page fetches.
    }
  }
  return cached
}

/**
 * initialData returns the embedded answer of the API call `key` (the path with its query, e.g.
 * `/api/v1/categories/frizideri/products`), or undefined when the page carries none for it. The
 * first call that gets it consumes it, so a later visit of the same page fetches fresh data.
 * With `lang` (the language the app asks the API in), an answer described in another language
 * is none.
 */
export function initialData<T>(key: string, lang?: string): T | undefined {
  const fs = read()
  if (taken || !fs || fs.key !== key) return undefined
  if (lang && fs.lang && fs.lang !== lang) return undefined
  taken = true
  return fs.data as T
}

/** resetInitialData forgets what was read (tests). */
export function resetInitialData(): void {
  cached = undefined
  taken = false
}
