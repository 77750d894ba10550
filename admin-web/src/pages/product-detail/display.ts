// How the catalogue's detail screens show money and days (catalogue spec 9): 1.234,56 RSD and
// DD.MM.YYYY; dates go to the API as YYYY-MM-DD. Instants are shown by ../../format (shop's zone).
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

/** day: a DD.MM.YYYY or YYYY-MM-DD day as DD.MM.YYYY */
export function day(v: string | null | undefined): string {
  const m = v ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (v ?? '')
}

/** wireDay: a picked day as the API takes it */
export const wireDay = (d: Dayjs) => d.format('YYYY-MM-DD')

/** the antd DatePicker's shown format */
export const DAY_FORMAT = 'DD.MM.YYYY'
