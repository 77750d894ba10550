// The admin shows every time in the shop's zone (Europe/Belgrade), whatever zone the browser (or
// this test process) is in; and no screen formats a time any other way than through format.ts.
import { formatDate, formatDateTime, formatTime, isDay, shopToday } from './format'

// 23:18 UTC on 24 November is 00:18 on the 25th in Belgrade (winter, UTC+1); 22:30 UTC on
// 14 June is 00:30 on the 15th (summer, UTC+2)
const winter = '2026-11-24T23:18:00Z'
const summer = '2026-06-14T22:30:00Z'

describe('times in the shop zone', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  // Node reads TZ again when it changes, so each zone below is the process's local zone in turn
  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/Belgrade'])('shows Belgrade time with the process in %s', (tz) => {
    vi.stubEnv('TZ', tz)
    expect(formatDateTime(winter)).toBe('25.11.2026 00:18')
    expect(formatDate(winter)).toBe('25.11.2026')
    expect(formatTime(winter)).toBe('00:18')
    expect(formatDateTime(summer)).toBe('15.06.2026 00:30')
    expect(shopToday(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25')
    expect(shopToday(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-24')
  })

  it('the process zone really moved (the check above is not vacuous)', () => {
    vi.stubEnv('TZ', 'UTC')
    expect(new Date(winter).getHours()).toBe(23)
  })

  it('midnight is 00, never 24', () => {
    expect(formatTime('2026-01-01T23:00:00Z')).toBe('00:00')
  })

  it('shows nothing for no time or a broken one', () => {
    expect(formatDateTime(undefined)).toBe('')
    expect(formatDateTime(null)).toBe('')
    expect(formatDateTime('')).toBe('')
    expect(formatDate('yesterday')).toBe('')
  })

  it('isDay takes real days only', () => {
    expect(isDay('2024-02-29')).toBe(true)
    expect(isDay('2025-02-29')).toBe(false)
    expect(isDay('01.02.2025')).toBe(false)
  })
})

// Every screen that shows a date or time goes through format.ts: none reads the browser's clock
// fields or its locale formatting itself. The sources are read as text (tests excluded).
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./format.ts', '!./api/schema.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

const forbidden: [string, RegExp][] = [
  ['toLocale*String', /\.toLocale(Date|Time)?String\(/],
  ['Intl.DateTimeFormat', /Intl\.DateTimeFormat/],
  ['a Date field read in local time', /\.get(Hours|Minutes|Date|Day|Month|FullYear)\(/],
  ['new Date(...)', /new Date\(/],
  ['dayjs() (the browser clock)', /dayjs\(\s*\)/],
  ['a dayjs time format', /\.format\(\s*['"`][^'"`]*(H|h|m{2}|s{2})[^'"`]*['"`]\s*\)/],
]

describe('one time formatter', () => {
  it('reads the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50)
    expect(Object.keys(sources)).toContain('./pages/suppliers/SupplierList.tsx')
  })

  it.each(forbidden)('no %s outside format.ts', (_, pattern) => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => pattern.test(text))
      .map(([file]) => file)
    expect(offenders).toEqual([])
  })
})
