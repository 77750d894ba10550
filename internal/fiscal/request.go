package fiscal

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
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
func BuildRequest(o *sales.Order, kind string, id Identity, sale *Receipt) (*vsdc.InvoiceRequest, error) {
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
	if id.ESIRID != "" {
		req.InvoiceNumber = id.ESIRID + "/" + o.NumberOf() + suffix
	}
	if o.CompanyPIB != "" {
		req.BuyerID = vsdc.BuyerPIBPrefix + o.CompanyPIB
	}
	for _, it := range o.Items {
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
	if t := req.Total(); t != o.Total {
		return nil, apperr.New(apperr.Invalid, "fiscal.total_mismatch", "items", t.String(), "order", o.Total.String())
	}
	req.Payment = []vsdc.Payment{{Amount: o.Total, PaymentType: PaymentType(o.PaymentMethod)}}
	return req, nil
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
