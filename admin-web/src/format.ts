// How the admin shows numbers, money and dates (catalogue spec 9): German/Serbian number format
// (1.234,56), prices with two decimals, dates as DD.MM.YYYY HH:mm; dates go to the API as YYYY-MM-DD.

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 })

/** formatMoney: 1234.5 -> '1.234,50' (no currency: columns say RSD in their title). */
export function formatMoney(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? money.format(v) : ''
}

export function formatNumber(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? number.format(v) : ''
}

const pad = (n: number) => String(n).padStart(2, '0')

/** formatDateTime: an ISO time as DD.MM.YYYY HH:mm in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** formatDay: 'YYYY-MM-DD' as DD.MM.YYYY (a day has no time zone). */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ''
}
