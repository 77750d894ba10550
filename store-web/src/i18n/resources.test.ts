import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mergeAreas } from './merge'

function area(lang: string): Record<string, Record<string, unknown>> {
  const dir = join(__dirname, lang)
  return Object.fromEntries(readdirSync(dir).map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))]))
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sr = mergeAreas(area('sr')) as any
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const en = mergeAreas(area('en')) as any

function flatKeys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? flatKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : []
  })
}

describe('i18n resources', () => {
  it('have the same area files in both languages', () => {
    expect(Object.keys(area('en')).sort()).toEqual(Object.keys(area('sr')).sort())
  })

  it('have the same keys in Serbian and English', () => {
    expect(flatKeys(en).sort()).toEqual(flatKeys(sr).sort())
  })

  it('hold every literal key the code asks for', () => {
    const srKeys = new Set(flatKeys(sr))
    const used = sources(join(__dirname, '..')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)].map((m) => m[1]),
    )
    expect(used.length).toBeGreaterThan(50)
    expect(used.filter((k) => !srKeys.has(k))).toEqual([])
  })

  it('keep the call-centre and shop hours exactly', () => {
    expect(sr.footer.callCentreHours).toBe('Pon–Pet 08–19, Sub 09–15')
    expect(sr.footer.shopHours).toBe('Pon–Pet 08–17, Sub 09–15')
    expect(en.footer.callCentreHours).toBe('Mon–Fri 08–19, Sat 09–15')
    expect(en.footer.shopHours).toBe('Mon–Fri 08–17, Sat 09–15')
  })
})
