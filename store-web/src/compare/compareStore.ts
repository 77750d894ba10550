// The compare list: up to 4 products, kept in localStorage (key 'compare') so it survives
// reloads and is shared by tabs. Entries hold what the compare page needs to load each product.
import { useSyncExternalStore } from 'react'
import type { ProductCard } from '../catalog/format'

export const COMPARE_MAX = 4
const KEY = 'compare'

export interface CompareItem {
  id: number
  slug: string
  name: string
  main_category_slug: string
  /** image is the card's small picture, for the compare bar's thumbnail (absent: placeholder). */
  image?: string
}

let cache: CompareItem[] | undefined
const listeners = new Set<() => void>()

function read(): CompareItem[] {
  if (cache) return cache
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    cache = Array.isArray(v)
      ? (v as CompareItem[]).filter((x) => x && typeof x.id === 'number' && typeof x.slug === 'string').slice(0, COMPARE_MAX)
      : []
  } catch {
    cache = []
  }
  return cache
}

function write(items: CompareItem[]): void {
  cache = items
  localStorage.setItem(KEY, JSON.stringify(items))
  listeners.forEach((l) => l())
}

function subscribe(l: () => void): () => void {
  listeners.add(l)
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) {
      cache = undefined
      l()
    }
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(l)
    window.removeEventListener('storage', onStorage)
  }
}

export function compareItems(): CompareItem[] {
  return read()
}

/** toggleCompare adds the product (false when the list is full) or removes it. */
export function toggleCompare(p: ProductCard): boolean {
  const items = read()
  if (items.some((x) => x.id === p.id)) {
    write(items.filter((x) => x.id !== p.id))
    return true
  }
  if (items.length >= COMPARE_MAX) return false
  write([
    ...items,
    { id: p.id, slug: p.slug, name: p.name, main_category_slug: p.main_category_slug, image: p.main_image?.small },
  ])
  return true
}

export function removeFromCompare(id: number): void {
  write(read().filter((x) => x.id !== id))
}

export function clearCompare(): void {
  write([])
}

/** resetCompareCache forgets the cached list (tests clear localStorage between cases). */
export function resetCompareCache(): void {
  cache = undefined
}

export function useCompare(): CompareItem[] {
  return useSyncExternalStore(subscribe, read, () => [])
}
