// The pagination control's rules (catalogue spec 2 and 4): at most 5 page links in full, else the
// first and last page with an ellipsis on the side(s) cut short; and the step back one page when
// the list shrank under the current page (a delete emptied the last page, a filter narrowed it).

export type PageItem = number | 'gap-before' | 'gap-after'

/** lastPage: page count = total / size rounded up (at least 1). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)))
}

/** pageItems lists the links for page `current` of `last`: every page up to 5, else 1 … window … last. */
export function pageItems(current: number, last: number): PageItem[] {
  if (last <= 5) return Array.from({ length: Math.max(1, last) }, (_, i) => i + 1)
  let from = current - 1
  let to = current + 1
  if (current <= 3) {
    from = 2
    to = 4
  } else if (current >= last - 2) {
    from = last - 3
    to = last - 1
  }
  const items: PageItem[] = [1]
  if (from > 2) items.push('gap-before')
  for (let p = from; p <= to; p++) items.push(p)
  if (to < last - 1) items.push('gap-after')
  items.push(last)
  return items
}

/**
 * stepBack: the page to go to when the answer has fewer pages than the current page number, or
 * undefined to stay. One page back at a time, as the spec says; the next answer decides again.
 */
export function stepBack(current: number, last: number): number | undefined {
  return current > 1 && current > last ? current - 1 : undefined
}
