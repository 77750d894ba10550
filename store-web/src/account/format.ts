// Dates as the spec shows them: DD.MM.YYYY HH:mm (Belgrade time).
const fmt = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Belgrade',
})

export function formatDate(iso: string | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : fmt.format(d).replace(',', '')
}
