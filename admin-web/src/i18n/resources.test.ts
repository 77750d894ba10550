import { screens } from '../screens'
import en from './en.json'
import sr from './sr.json'

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('i18n resources', () => {
  it('have the same keys in Serbian and English', () => {
    expect(keys(sr).sort()).toEqual(keys(en).sort())
  })

  it('have a title for every screen', () => {
    const have = new Set(keys(sr))
    expect(Object.values(screens).map((s) => s.title).filter((t) => !have.has(t))).toEqual([])
  })

  it('keep the texts the specification quotes', () => {
    expect(sr.login.submit).toBe('Prijavi se')
    expect(sr.common.noData).toBe('Nema podataka')
    expect(sr.validation.required).toBe('Polje je obavezno')
    expect(sr.errors.server).toBe('Doslo je do greske na serveru pokusajte ponovo.')
    expect(en.errors.server).toBe('There was a server error, please try again.')
  })
})
