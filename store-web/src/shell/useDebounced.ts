import { useEffect, useState } from 'react'

/** SEARCH_DEBOUNCE_MS: the search box waits this long after the last key (spec 5 and 9). */
export const SEARCH_DEBOUNCE_MS = 500

/** useDebounced is value once it has stayed the same for ms; an empty string passes at once
 * (empty input clears the search). */
export function useDebounced(value: string, ms = SEARCH_DEBOUNCE_MS): string {
  const [out, setOut] = useState(value)
  useEffect(() => {
    if (value.trim() === '') {
      setOut(value)
      return
    }
    const id = setTimeout(() => setOut(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return out
}
