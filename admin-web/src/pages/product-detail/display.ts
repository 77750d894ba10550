// How the catalogue's detail screens show money and times (catalogue spec 9): 1.234,56 RSD and
// DD.MM.YYYY HH:mm; dates go to the API as YYYY-MM-DD.
import type { Dayjs } from 'dayjs'

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** rsd: 1234.5 -> '1.234,50 RSD'; nothing for no number */
export function rsd(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? `${money.format(n)} RSD` : ''
}

/** percent: 20 -> '20,00 %' */
export function percent(v: number | string | null | undefined): string {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? `${money.format(n)} %` : ''
}

const pad = (n: number) => String(n).padStart(2, '0')

/** dateTime: an ISO time as DD.MM.YYYY HH:mm (browser time zone) */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** dateOnly and timeOnly: the two halves of dateTime */
export const dateOnly = (iso: string | null | undefined) => dateTime(iso).slice(0, 10)
export const timeOnly = (iso: string | null | undefined) => dateTime(iso).slice(11)

/** day: a DD.MM.YYYY or YYYY-MM-DD day as DD.MM.YYYY */
export function day(v: string | null | undefined): string {
  const m = v ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (v ?? '')
}

/** wireDay: a picked day as the API takes it */
export const wireDay = (d: Dayjs) => d.format('YYYY-MM-DD')

/** the antd DatePicker's shown format */
export const DAY_FORMAT = 'DD.MM.YYYY'
