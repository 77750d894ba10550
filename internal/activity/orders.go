package activity

// Entry types and subjects of the staff's order handling. Every change of an
// order is logged with the order as the subject, so the order's history is one filter away
// (subject_type=order, subject_id=<id>).
const (
	OrderPlaced            = "order.placed"
	OrderStatusChanged     = "order.status_changed"
	OrderUpdated           = "order.updated"
	OrderReturned          = "order.returned"
	OrderNoteCreated       = "order_note.created"
	OrderNoteUpdated       = "order_note.updated"
	OrderNoteDeleted       = "order_note.deleted"
	OrderCustomerNoteSent  = "order_note.sent"
	OrderAttachmentCreated = "order_attachment.created"
	OrderAttachmentDeleted = "order_attachment.deleted"
	OrderEinvoiceIssued    = "order.einvoice_issued"
	OrderEinvoiceCancelled = "order.einvoice_cancelled"
	OrderEinvoiceStorno    = "order.einvoice_storno"
	SubjectOrder           = "order"
)
