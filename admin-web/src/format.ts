// How the admin shows numbers, money and dates (catalogue spec 9): German/Serbian number format
// (1.234,56), prices with two decimals, dates as DD.MM.YYYY HH:mm in the shop's zone; dates go to
// the API as YYYY-MM-DD.

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 })

/** formatMoney: 1234.5 -> '1.234,50' (no currency: columns say RSD in their title). */
export function formatMoney(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? money.format(v) : ''
}

export function formatNumber(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? number.format(v) : ''
}

// Every time the admin shows is the shop's (Europe/Belgrade, the server's one clock), never the
// browser's: a person in another zone, or a machine set to UTC, sees the same hour as the activity
// log and the server's date rules. Only this file turns an instant into a shown date or time.
export const SHOP_TIME_ZONE = 'Europe/Belgrade'

const shopClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  // h23: midnight is 00, never 24
  hourCycle: 'h23',
})

interface WallClock {
  year: string
  month: string
  day: string
  hour: string
  minute: string
}

/** shopWallClock: what a clock in Belgrade reads at the instant (undefined for no valid time). */
function shopWallClock(instant: string | number | Date | null | undefined): WallClock | undefined {
  if (instant === null || instant === undefined || instant === '') return undefined
  const d = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(d.getTime())) return undefined
  const part: Record<string, string> = {}
  for (const p of shopClock.formatToParts(d)) part[p.type] = p.value
  return { year: part.year, month: part.month, day: part.day, hour: part.hour, minute: part.minute }
}

/** formatDateTime: an instant (ISO time) as DD.MM.YYYY HH:mm in the shop's zone. */
export function formatDateTime(iso: string | null | undefined): string {
  const c = shopWallClock(iso)
  return c ? `${c.day}.${c.month}.${c.year} ${c.hour}:${c.minute}` : ''
}

/** formatDate: the shop's calendar day of an instant, DD.MM.YYYY. */
export function formatDate(iso: string | null | undefined): string {
  const c = shopWallClock(iso)
  return c ? `${c.day}.${c.month}.${c.year}` : ''
}

/** formatTime: the shop's HH:mm of an instant. */
export function formatTime(iso: string | null | undefined): string {
  const c = shopWallClock(iso)
  return c ? `${c.hour}:${c.minute}` : ''
}

/** shopToday: the shop's calendar day now, YYYY-MM-DD (what the date pickers call today). */
export function shopToday(now: Date = new Date()): string {
  const c = shopWallClock(now)!
  return `${c.year}-${c.month}-${c.day}`
}

/** formatDay: 'YYYY-MM-DD' as DD.MM.YYYY (a day has no time zone). */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ''
}

/** isDay: s is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  // read and written back in UTC, so no zone can move the day
  const d = new Date(s + 'T00:00:00Z')
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
