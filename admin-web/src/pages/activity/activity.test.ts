import i18n from '../../i18n'
import { readActivityFilters } from './ActivityLog'
import { ACTIVITY_TYPES, SUBJECT_TYPES, asObject, fieldLabel, subjectLabel, subjectText, typeKey, valueRows, valueText } from './activityValues'

describe('activity values side by side', () => {
  it('lists both sides by key and marks the changed ones', () => {
    expect(valueRows({ name: 'TV', price: 100 }, { name: 'TV', price: 120, active: true })).toEqual([
      { key: 'name', old: 'TV', new: 'TV', changed: false },
      { key: 'price', old: '100', new: '120', changed: true },
      { key: 'active', old: '', new: 'true', changed: true },
    ])
  })

  it('reads JSON text, nothing, and plain values', () => {
    expect(asObject('{"a":1}')).toEqual({ a: 1 })
    expect(asObject(null)).toBeNull()
    expect(asObject('plain')).toEqual({ value: 'plain' })
    expect(valueRows(null, { values: ['a', 'b'] })).toEqual([{ key: 'values', old: '', new: '["a","b"]', changed: true }])
    // a rich-text description shows as its text
    const desc = JSON.stringify({ root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Opis' }] }] } })
    expect(valueRows({ description: desc }, {})[0].old).toBe('Opis')
  })
})

describe('activity filters in the address', () => {
  it('keeps known types, positive user ids and YYYY-MM-DD days', () => {
    expect(readActivityFilters(new URLSearchParams('type=product.updated&user_id=3&date_from=2026-01-01&date_to=2026-01-31'))).toEqual({
      type: 'product.updated',
      user_id: 3,
      date_from: '2026-01-01',
      date_to: '2026-01-31',
    })
    expect(readActivityFilters(new URLSearchParams('type=drop+table&user_id=-1&date_from=01.01.2026'))).toEqual({})
    expect(readActivityFilters(new URLSearchParams('type=role.updated&subject_type=role&subject_id=4'))).toEqual({
      type: 'role.updated',
      subject_type: 'role',
      subject_id: 4,
    })
    expect(readActivityFilters(new URLSearchParams('subject_type=nope&subject_id=1.5'))).toEqual({})
  })

  it('every type has a text in both languages', () => {
    for (const type of ACTIVITY_TYPES) {
      expect(i18n.exists(typeKey(type), { lng: 'sr' })).toBe(true)
      expect(i18n.exists(typeKey(type), { lng: 'en' })).toBe(true)
    }
  })
})

describe('activity in the admin words', () => {
  const t = i18n.getFixedT('sr')
  it('names every subject kind in Serbian, the subject with its number', () => {
    const raw = SUBJECT_TYPES.filter((s) => subjectLabel(t, s) === s || subjectLabel(t, s) === s.replace(/_/g, ' '))
    expect(raw).toEqual([])
    expect(subjectText(t, 'order', 13)).toBe('Porudžbina br. 13')
    expect(subjectText(t, 'proforma_invoice', 3)).toBe('Profaktura br. 3')
    expect(subjectLabel(t, 'product')).toBe('Proizvod')
    expect(subjectLabel(t, 'discount')).toBe('Popust')
  })
  it('labels the fields and the order values', () => {
    expect(fieldLabel(t, 'cancel_reason')).toBe('Razlog otkazivanja')
    expect(fieldLabel(t, 'stock_returned')).toBe('Zalihe vraćene')
    expect(valueText(t, 'order', 'status', 'contacted')).toBe('Kontaktiran')
    expect(valueText(t, 'order', 'status', 'pending')).toBe('Na čekanju (u obradi)')
    expect(valueText(t, 'order', 'stock_returned', 'true')).toBe('da')
    expect(valueText(t, 'product', 'name', 'TV')).toBe('TV')
  })
})
