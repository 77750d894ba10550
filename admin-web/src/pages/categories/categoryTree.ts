// The category tree as the admin shows it: GET admin/categories?include=all_subcategories may
// answer with the top level only (children nested) or with every category (each with its own
// subcategories); either way the categories are collected once by id and the tree is rebuilt
// from parent_id. Rows carry their depth and path ("TV › Televizori › OLED").
import type { CategoryDetail } from '../../api/catalogTypes'

export interface CategoryRow extends CategoryDetail {
  depth: number
  /** names from the top level down to this one */
  path: string[]
  parentName?: string
}

export interface CategoryTreeNode {
  value: number
  title: string
  children?: CategoryTreeNode[]
}

/** collect: every category of the answer once, by id, without its nested children. */
export function collect(list: CategoryDetail[]): Map<number, CategoryDetail> {
  const byId = new Map<number, CategoryDetail>()
  const walk = (c: CategoryDetail, parent?: number) => {
    const { subcategories, ...own } = c
    const known = byId.get(c.id)
    byId.set(c.id, { ...known, ...own, parent_id: own.parent_id ?? known?.parent_id ?? parent ?? null })
    for (const s of subcategories ?? []) walk(s, c.id)
  }
  for (const c of list) walk(c)
  return byId
}

function childrenOf(byId: Map<number, CategoryDetail>): Map<number | null, CategoryDetail[]> {
  const kids = new Map<number | null, CategoryDetail[]>()
  for (const c of byId.values()) {
    // a parent that is not in the answer: show the category at the top
    const p = c.parent_id != null && byId.has(c.parent_id) ? c.parent_id : null
    kids.set(p, [...(kids.get(p) ?? []), c])
  }
  const order = (a: CategoryDetail, b: CategoryDetail) => a.position - b.position || a.name.localeCompare(b.name, 'sr')
  for (const list of kids.values()) list.sort(order)
  return kids
}

/** flattenCategories: the tree in display order (parents before their children), with depth and path. */
export function flattenCategories(list: CategoryDetail[]): CategoryRow[] {
  const byId = collect(list)
  const kids = childrenOf(byId)
  const out: CategoryRow[] = []
  const seen = new Set<number>()
  const walk = (parent: number | null, depth: number, path: string[], parentName?: string) => {
    for (const c of kids.get(parent) ?? []) {
      if (seen.has(c.id)) continue
      seen.add(c.id)
      const p = [...path, c.name]
      out.push({ ...c, depth, path: p, parentName, level: c.level ?? depth + 1 })
      walk(c.id, depth + 1, p, c.name)
    }
  }
  walk(null, 0, [])
  return out
}

/** treeSelectData: the tree for antd TreeSelect; `exclude` (and its subtree) is left out. */
export function treeSelectData(list: CategoryDetail[], exclude?: number): CategoryTreeNode[] {
  const byId = collect(list)
  const kids = childrenOf(byId)
  const build = (parent: number | null, guard: Set<number>): CategoryTreeNode[] =>
    (kids.get(parent) ?? [])
      .filter((c) => c.id !== exclude && !guard.has(c.id))
      .map((c) => {
        const sub = build(c.id, new Set([...guard, c.id]))
        return sub.length ? { value: c.id, title: c.name, children: sub } : { value: c.id, title: c.name }
      })
  return build(null, new Set())
}
