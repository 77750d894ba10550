package fiscal

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// Identity is who issues the receipts: the cashier printed on them and the ESIR's own number,
// which prefixes the shop's document number (config "fiscal").
type Identity struct {
	Cashier string
	ESIRID  string
}

// PaymentType is the device's payment type for an order's payment method. Card payments to
// come map to Card; instalments are paid through a bank's credit, a cashless "Other".
func PaymentType(method string) string {
	switch method {
	case sales.PaymentCashOnDelivery:
		return vsdc.PaymentCash
	case sales.PaymentBankTransfer:
		return vsdc.PaymentWireTransfer
	case sales.PaymentCardInShop:
		return vsdc.PaymentCard
	}
	return vsdc.PaymentOther
}

// BuildRequest is the receipt of kind for the order: one item per order line with the label of
// its VAT rate, one payment of the order's total, the buyer's PIB for a company, and for a
// refund the signed sale it refers to. Its total is the order's to the para, or it is refused.
// A refund of an item return (ret not nil) carries only the returned lines and quantities, at
// their prices, and its payment is their total; its number ends in -R and the return's number.
func BuildRequest(o *sales.Order, kind string, id Identity, sale *Receipt, ret *sales.OrderReturn) (*vsdc.InvoiceRequest, error) {
	req := &vsdc.InvoiceRequest{InvoiceType: vsdc.InvoiceNormal, TransactionType: vsdc.TransactionSale, Cashier: id.Cashier}
	suffix := ""
	switch kind {
	case KindNormal:
	case KindProforma:
		req.InvoiceType = vsdc.InvoiceProforma
		suffix = "-P"
	case KindRefund:
		if sale == nil || sale.Status != StatusSent || sale.SdcTime == nil {
			return nil, apperr.New(apperr.Invalid, "fiscal.sale_not_signed")
		}
		req.TransactionType = vsdc.TransactionRefund
		req.ReferentDocumentNumber = sale.InvoiceNumber
		req.ReferentDocumentDT = sale.SdcTime.In(clock.Zone).Format(time.RFC3339Nano)
		suffix = "-R"
	default:
		return nil, apperr.InvalidFields(apperr.Field("kind", "validation.oneof"))
	}
	lines, total := o.Items, o.Total
	if ret != nil {
		if kind != KindRefund {
			return nil, apperr.InvalidFields(apperr.Field("kind", "validation.oneof"))
		}
		suffix += strconv.Itoa(ret.Seq)
		lines, total = returnedLines(o, ret), ret.Total
	}
	if id.ESIRID != "" {
		req.InvoiceNumber = id.ESIRID + "/" + o.NumberOf() + suffix
	}
	if o.CompanyPIB != "" {
		req.BuyerID = vsdc.BuyerPIBPrefix + o.CompanyPIB
	}
	for _, it := range lines {
		label, ok := vsdc.LabelFor(it.VatBps)
		if !ok {
			return nil, apperr.New(apperr.Invalid, "fiscal.unknown_rate", "rate", money.Bps(it.VatBps).String(), "name", it.Name)
		}
		req.Items = append(req.Items, vsdc.Item{Name: it.Name, Quantity: it.Quantity, UnitPrice: it.Price, Labels: []string{label},
			TotalAmount: it.Price * money.Para(it.Quantity)})
	}
	if len(req.Items) == 0 {
		return nil, apperr.New(apperr.Invalid, "fiscal.no_items")
	}
	if t := req.Total(); t != total {
		return nil, apperr.New(apperr.Invalid, "fiscal.total_mismatch", "items", t.String(), "order", total.String())
	}
	req.Payment = []vsdc.Payment{{Amount: total, PaymentType: PaymentType(o.PaymentMethod)}}
	return req, nil
}

// returnedLines are the order's lines a return gave back, with the returned quantities (a
// line the order does not have is left out, and the totals then disagree).
func returnedLines(o *sales.Order, ret *sales.OrderReturn) []sales.OrderItem {
	byID := make(map[uint64]sales.OrderItem, len(o.Items))
	for _, it := range o.Items {
		byID[it.ID] = it
	}
	var out []sales.OrderItem
	for _, ri := range ret.Items {
		it, ok := byID[ri.OrderItemID]
		if !ok {
			continue
		}
		it.Quantity, it.Price, it.Total = ri.Quantity, ri.Price, ri.Total
		out = append(out, it)
	}
	return out
}

// newRequestID is 32 random hex characters: the longest RequestId the device keeps.
func newRequestID() string {
	b := make([]byte, vsdc.MaxRequestID/2)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// reasonOf is a refusal's or a failure's text for the staff (in Serbian, the back office's
// language; a device's own message stays as it came).
func reasonOf(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) && e.Code != apperr.Internal {
		return i18n.T(i18n.SR, e.Msg.Key, e.Msg.Args)
	}
	return err.Error()
}
