// The price-list file's client-side checks (spec 5 and 8): XLSX only, at most 10 MB. The server
// checks the same (and reads the file); these only spare a useless upload.

/** 10 MB as the server counts it: 10,000,000 bytes (as the 2 MB image limit is 2,000,000) */
export const MAX_PRICELIST_BYTES = 10_000_000

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const XLSX_ACCEPT = `.xlsx,${XLSX_TYPE}`

/**
 * pricelistFileProblem: the i18n key of what is wrong with a chosen file, or null. The name
 * decides the format (browsers give XLSX files an empty type on some systems).
 */
export function pricelistFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name.trim())) return 'pricelists.file.notXlsx'
  if (file.size > MAX_PRICELIST_BYTES) return 'pricelists.file.tooLarge'
  return null
}
