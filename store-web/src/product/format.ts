// Number and date formats of the storefront's content pages (spec 9: German-style numbers,
// prices with 2 decimals in RSD; dates DD.MM.YYYY).

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** formatPrice: 12.345,60 RSD. */
export function formatPrice(n: number | undefined | null): string {
  return `${money.format(n ?? 0)} RSD`
}

/** formatAmount: 12.345,60 (no currency). */
export function formatAmount(n: number): string {
  return money.format(n)
}

/** formatDate: an RFC 3339 time or YYYY-MM-DD as DD.MM.YYYY (the date part as written). */
export function formatDate(s: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s ?? '')
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ''
}

