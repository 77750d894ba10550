package activity

// Entry types and subjects of proforma invoices and what they print: staff
// making, mailing and transferring invoices, and keeping the company data, banks and e-mails.
const (
	ProformaInvoiceCreated     = "proforma_invoice.created"
	ProformaInvoiceSent        = "proforma_invoice.sent"
	ProformaInvoiceTransferred = "proforma_invoice.transferred"
	InvoiceDataUpdated         = "invoice_data.updated"
	BankCreated                = "bank.created"
	BankUpdated                = "bank.updated"
	BankDeleted                = "bank.deleted"
	InvoiceEmailCreated        = "invoice_email.created"
	InvoiceEmailUpdated        = "invoice_email.updated"
	InvoiceEmailDeleted        = "invoice_email.deleted"

	SubjectProformaInvoice = "proforma_invoice"
	SubjectInvoiceData     = "invoice_data"
	SubjectBank            = "bank"
	SubjectInvoiceEmail    = "invoice_email"
)
