package i18n

// proformaMessages: proforma invoices, the company data, banks and invoice e-mail entries.
var proformaMessages = map[string][2]string{
	"sales.proforma_created":         {"Profaktura je napravljena.", "The proforma invoice has been created."},
	"sales.proforma_sent":            {"Profaktura je poslata.", "The proforma invoice has been sent."},
	"sales.proforma_transferred":     {"Profaktura je prebačena u porudžbinu.", "The proforma invoice has been transferred to an order."},
	"sales.proforma_already_ordered": {"Profaktura je već prebačena u porudžbinu.", "The proforma invoice has already been transferred to an order."},
	"sales.proforma_empty":           {"Profaktura nema proizvoda.", "The proforma invoice has no products."},
	"sales.invoice_data_updated":     {"Podaci za fakturu su sačuvani.", "The invoice data has been saved."},
	"sales.bank_created":             {"Banka je dodata.", "The bank has been added."},
	"sales.bank_updated":             {"Banka je izmenjena.", "The bank has been updated."},
	"sales.bank_deleted":             {"Banka je obrisana.", "The bank has been deleted."},
	"sales.invoice_email_created":    {"E-mail adresa je dodata.", "The e-mail address has been added."},
	"sales.invoice_email_updated":    {"E-mail adresa je izmenjena.", "The e-mail address has been updated."},
	"sales.invoice_email_deleted":    {"E-mail adresa je obrisana.", "The e-mail address has been deleted."},
	"validation.bank_account":        {"Broj računa mora imati 18 cifara sa ispravnim kontrolnim brojem (npr. 160-0000000012345-67)", "The account number must have 18 digits with valid control digits (e.g. 160-0000000012345-67)"},
	"validation.bank_account_taken":  {"Ovaj broj računa je već unet", "This account number has already been entered"},
	"validation.invoice_email_taken": {"Ova e-mail adresa je već uneta", "This e-mail address has already been entered"},
	"validation.duplicate_product":   {"Proizvod je već na listi", "The product is already on the list"},
	"notfound.bank":                  {"Banka ne postoji ili je izbrisana.", "The bank does not exist or has been deleted."},
	"notfound.invoice_email":         {"E-mail adresa ne postoji ili je izbrisana.", "The e-mail address does not exist or has been deleted."},
}
