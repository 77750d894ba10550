package i18n

// einvoiceMessages: SEF e-invoices of company orders.
var einvoiceMessages = map[string][2]string{
	"notfound.einvoice":          {"E-faktura ne postoji.", "The e-invoice does not exist."},
	"einvoice.no_pib":            {"Porudžbina nema PIB kupca; e-faktura se izdaje samo pravnim licima.", "The order has no buyer PIB; e-invoices are issued to companies only."},
	"einvoice.not_completed":     {"E-faktura se izdaje kada je porudžbina završena.", "An e-invoice is issued once the order is completed."},
	"einvoice.not_cancellable":   {"Otkazati se može samo poslata e-faktura na koju kupac još nije odgovorio (status: {status}).", "Only a sent e-invoice the buyer has not answered can be cancelled (status: {status})."},
	"einvoice.not_stornable":     {"Stornirati se može samo poslata ili prihvaćena e-faktura (status: {status}).", "Only a sent or approved e-invoice can be reversed (status: {status})."},
	"einvoice.not_retryable":     {"E-faktura je već u SEF-u (status: {status}).", "The e-invoice is already in SEF (status: {status})."},
	"einvoice.sef_refused":       {"SEF je odbio zahtev: {reason}", "SEF refused the request: {reason}"},
	"einvoice.sef_unreachable":   {"SEF trenutno nije dostupan; pokušajte ponovo.", "SEF cannot be reached at the moment; try again."},
	"einvoice.rejected_notice":   {"Kupac {buyer} je odbio e-fakturu {number} (porudžbina {order}): {reason}", "{buyer} rejected e-invoice {number} (order {order}): {reason}"},
	"validation.einvoice_status": {"Nepoznat status e-fakture.", "Unknown e-invoice status."},
}
