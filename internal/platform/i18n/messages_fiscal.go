package i18n

// fiscalMessages: fiscal receipts (the ESIR side of e-fiskalizacija) and recording payments.
var fiscalMessages = map[string][2]string{
	"notfound.receipt":         {"Fiskalni račun ne postoji ili je izbrisan.", "The fiscal receipt does not exist or has been deleted."},
	"sales.payment_cancelled":  {"Otkazana porudžbina ne može biti plaćena", "A cancelled order cannot be paid"},
	"fiscal.sale_not_signed":   {"Račun prodaje još nije potpisan; refundacija čeka na njega", "The sale's receipt is not signed yet; the refund waits for it"},
	"fiscal.unknown_rate":      {"Stopa PDV-a {rate} % (artikal {name}) nema poresku oznaku", "The VAT rate {rate} % (item {name}) has no tax label"},
	"fiscal.no_items":          {"Porudžbina nema stavki", "The order has no items"},
	"fiscal.total_mismatch":    {"Zbir stavki ({items}) nije jednak iznosu porudžbine ({order})", "The items' sum ({items}) differs from the order's total ({order})"},
	"fiscal.not_paid":          {"Porudžbina nije plaćena", "The order is not paid"},
	"fiscal.not_refunded":      {"Porudžbina nije otkazana posle plaćanja", "The order was not cancelled after payment"},
	"fiscal.no_proforma":       {"Za ovu porudžbinu se ne izdaje fiskalni predračun", "This order gets no fiscal proforma receipt"},
	"fiscal.retry_failed_only": {"Ponovo se šalju samo neuspeli računi", "Only failed receipts are sent again"},
	"fiscal.test_receipt":      {"PROBNI RAČUN — izdao ga je simulator, nije fiskalni račun", "TEST RECEIPT — issued by the simulator, not a fiscal receipt"},
	"sales.payment_recorded":   {"Plaćanje je evidentirano; fiskalni račun se izdaje.", "The payment has been recorded; the fiscal receipt is being issued."},
	"fiscal.retried":           {"Račun je ponovo poslat u obradu.", "The receipt has been queued again."},
	"fiscal.kind.normal":       {"Promet prodaja", "Sale"},
	"fiscal.kind.refund":       {"Promet refundacija", "Refund"},
	"fiscal.kind.proforma":     {"Predračun", "Proforma"},
	"fiscal.status.pending":    {"Na čekanju", "Pending"},
	"fiscal.status.sent":       {"Izdat", "Issued"},
	"fiscal.status.failed":     {"Neuspešan", "Failed"},
}
