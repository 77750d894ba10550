package einvoice

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/sales"
)

// Credit notes: an item return recorded after SEF has the order's invoice lowers what the
// buyer owes and the VAT of that supply, which only a credit note (knjižno odobrenje, UBL
// CreditNote 381 naming the invoice) does; a storno is for an invoice issued in error. Units
// returned before the invoice was made are left out of it instead (returns_seq).

// withdrawn are invoice statuses after which there is no supply left to credit: the buyer
// refused the invoice, or the shop withdrew it.
var withdrawn = map[string]bool{StatusRejected: true, StatusCancelled: true, StatusStorno: true}

// CreditReturn makes the credit note of one item return of a company order (once: a second
// call answers the first one) and queues its sending, as Issue does for the invoice. It
// answers nil without an error when the return needs none: the order has no invoice yet, the
// invoice already leaves the return out, or SEF does not have it (not sent yet: the poll tries
// again once it is; refused, rejected, cancelled or stornoed).
func (s *Service) CreditReturn(ctx context.Context, orderID, returnID uint64) (*Einvoice, error) {
	if e, err := s.creditNote(ctx, orderID, returnID); err == nil || !apperr.Is(err, apperr.NotFound) {
		return e, err
	}
	inv, err := s.ByOrder(ctx, orderID)
	if apperr.Is(err, apperr.NotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if inv.SEFInvoiceID == nil || withdrawn[inv.Status] {
		return nil, nil
	}
	ret, err := s.sales.Return(ctx, orderID, returnID)
	if err != nil {
		return nil, err
	}
	if ret.Seq <= inv.ReturnsSeq {
		return nil, nil
	}
	now := s.clock.Now()
	issued := clock.Day(now)
	o, d, err := s.creditDocument(ctx, orderID, returnID, "", issued)
	if err != nil {
		return nil, err
	}
	e := &Einvoice{OrderID: orderID, Kind: KindCreditNote, ReturnID: returnID, Number: d.Number, RequestID: newRequestID(),
		BuyerName: o.CompanyName, BuyerPIB: o.CompanyPIB, BuyerCompanyNumber: o.CompanyNumber, IssueDate: issued,
		DeliveryDate: inv.DeliveryDate, Total: d.Total, Status: StatusQueued, CreatedAt: now, UpdatedAt: now}
	if e.XML, e.Error, err = render(d); err != nil {
		return nil, err
	}
	created, err := s.create(ctx, e)
	if err != nil {
		return nil, err
	}
	if !created {
		return s.creditNote(ctx, orderID, returnID)
	}
	return e, nil
}

// creditDocument is the credit note of a return: the returned lines at their prices, the
// return's total payable, naming the order's invoice. number "" takes the credit note's own.
func (s *Service) creditDocument(ctx context.Context, orderID, returnID uint64, number, issued string) (*sales.Order, Document, error) {
	inv, err := s.ByOrder(ctx, orderID)
	if err != nil {
		return nil, Document{}, err
	}
	o, err := s.sales.Order(ctx, orderID)
	if err != nil {
		return nil, Document{}, err
	}
	ret, err := s.sales.Return(ctx, orderID, returnID)
	if err != nil {
		return nil, Document{}, err
	}
	if number == "" {
		number = CreditNumber(o.NumberOf(), ret.Seq)
	}
	lines := make(map[uint64]sales.OrderItem, len(o.Items))
	for _, it := range o.Items {
		lines[it.ID] = it
	}
	returned := *o
	returned.Items, returned.Total = nil, ret.Total
	for _, ri := range ret.Items {
		it := lines[ri.OrderItemID]
		it.Quantity, it.Total = ri.Quantity, ri.Total
		returned.Items = append(returned.Items, it)
	}
	d, err := s.document(ctx, &returned, number, issued, "")
	if err != nil {
		return nil, Document{}, err
	}
	d.Credits = &InvoiceRef{Number: inv.Number, IssueDate: inv.IssueDate}
	return o, d, nil
}

func (s *Service) creditNote(ctx context.Context, orderID, returnID uint64) (*Einvoice, error) {
	var e Einvoice
	err := s.db.WithContext(ctx).Where("order_id = ? AND kind = ? AND return_id = ?", orderID, KindCreditNote, returnID).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("einvoice")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "credit note")
	}
	return &e, nil
}

// CreditNotes are the order's credit notes, oldest first (without their XML).
func (s *Service) CreditNotes(ctx context.Context, orderID uint64) ([]Einvoice, error) {
	out := []Einvoice{}
	err := s.db.WithContext(ctx).Omit("xml").Where("order_id = ? AND kind = ?", orderID, KindCreditNote).Order("id").Find(&out).Error
	return out, apperr.Wrap(err, "credit notes")
}

// sweepCredits makes the credit notes the returns recorded since the instant call for and do
// not have: the queue was down, or the invoice reached SEF after the return.
func (s *Service) sweepCredits(ctx context.Context, since time.Time) error {
	rets, err := s.sales.FiscalReturns(ctx, since)
	if err != nil || len(rets) == 0 {
		return err
	}
	orders, retIDs := make([]uint64, 0, len(rets)), make([]uint64, 0, len(rets))
	for _, r := range rets {
		orders, retIDs = append(orders, r.OrderID), append(retIDs, r.ID)
	}
	var sent []uint64
	if err := s.db.WithContext(ctx).Model(&Einvoice{}).Where("kind = ? AND sef_invoice_id IS NOT NULL AND order_id IN ?", KindInvoice, orders).
		Pluck("order_id", &sent).Error; err != nil {
		return apperr.Wrap(err, "credit sweep")
	}
	var credited []uint64
	if err := s.db.WithContext(ctx).Model(&Einvoice{}).Where("kind = ? AND return_id IN ?", KindCreditNote, retIDs).
		Pluck("return_id", &credited).Error; err != nil {
		return apperr.Wrap(err, "credit sweep")
	}
	invoiced, done := map[uint64]bool{}, map[uint64]bool{}
	for _, id := range sent {
		invoiced[id] = true
	}
	for _, id := range credited {
		done[id] = true
	}
	for _, r := range rets {
		if !invoiced[r.OrderID] || done[r.ID] {
			continue
		}
		if _, err := s.CreditReturn(ctx, r.OrderID, r.ID); err != nil {
			s.log.WarnContext(ctx, "credit note not made by the sweep", "order_id", r.OrderID, "return_id", r.ID, "error", err.Error())
		}
	}
	return nil
}
