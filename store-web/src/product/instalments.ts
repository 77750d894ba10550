// The instalment calculator's rule (catalogue spec 4): terms 6, 12 or 24 months (default 6);
// monthly instalment = (retail price − down payment) / months, two decimals, blank when the down
// payment is empty. Informational only: no interest. Money is counted in para (1/100 RSD), never
// in floating-point dinars.

export const instalmentTerms = [6, 12, 24] as const
export type InstalmentTerm = (typeof instalmentTerms)[number]
export const defaultTerm: InstalmentTerm = 6
/** The promoted term ('24 rate bez kamate'). */
export const promotedTerm: InstalmentTerm = 24

/**
 * parseAmount reads a typed amount: '10000', '10.000', '10.000,50', '10000,5', '10000.5'.
 * Answers null for an empty, negative or unreadable entry.
 */
export function parseAmount(input: string): number | null {
  let s = input.replace(/[\s\u00a0]/g, '').replace(/RSD$/i, '')
  if (s === '') return null
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.')
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '')
  if (!/^\d+(\.\d+)?$/.test(s)) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/**
 * monthlyInstalment is the monthly instalment in dinars (rounded to para, half up), or null
 * (blank) when the down payment is empty or unreadable, or above the retail price.
 */
export function monthlyInstalment(retailPrice: number, downPayment: string, months: number): number | null {
  const down = parseAmount(downPayment)
  if (down === null || months <= 0) return null
  const principal = Math.round(retailPrice * 100)
  const downPara = Math.round(down * 100)
  if (downPara > principal) return null
  return Math.round((principal - downPara) / months) / 100
}
