// The activity-log entry types of proforma invoices and what they print, and the i18n key of
// each type's text (kept with the invoices' texts).
export const INVOICE_ACTIVITY_TYPES = [
  'proforma_invoice.created',
  'proforma_invoice.sent',
  'proforma_invoice.transferred',
  'invoice_data.updated',
  'bank.created',
  'bank.updated',
  'bank.deleted',
  'invoice_email.created',
  'invoice_email.updated',
  'invoice_email.deleted',
] as const

/** invoiceActivityKey: 'bank.created' -> 'invoices.activity.bank_created'; null for other types */
export function invoiceActivityKey(type: string): string | null {
  return (INVOICE_ACTIVITY_TYPES as readonly string[]).includes(type) ? `invoices.activity.${type.replace('.', '_')}` : null
}
