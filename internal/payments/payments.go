package payments

import (
	"context"
	"fmt"
	"strings"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// Outcomes of a statement line.
const (
	// Matched: the payment of the order is recorded now (its fiscal receipt follows).
	Matched = "matched"
	// AlreadyPaid: the reference and amount match an order whose payment was recorded before
	// (a statement imported twice, or staff were first); nothing changes.
	AlreadyPaid = "already_paid"
	// Mismatched: the reference names an order, but the amount differs or the order cannot be
	// paid (cancelled, not a bank transfer); staff look at it.
	Mismatched = "mismatched"
	// Unmatched: no order found: no model-97 reference, wrong control digits, no such order.
	Unmatched = "unmatched"
	// Skipped: a debit, or a credit in another currency: not a customer's payment.
	Skipped = "skipped"
)

// Result is what became of one line.
type Result struct {
	Line
	Outcome     string `json:"outcome"`
	OrderID     uint64 `json:"order_id,omitempty"`
	OrderNumber string `json:"order_number,omitempty"`
	// Reason is the message key of why a line did not match (payments.reason.*), with Args.
	Reason string         `json:"reason,omitempty"`
	Args   map[string]any `json:"-"`
}

// Report is an import's outcome: every line and the counts per outcome.
type Report struct {
	Statement string         `json:"statement"`
	Account   string         `json:"account"`
	Results   []Result       `json:"results"`
	Counts    map[string]int `json:"counts"`
}

// Service matches statements against the orders.
type Service struct {
	sales *sales.Service
}

// NewService builds the payments service.
func NewService(s *sales.Service) *Service { return &Service{sales: s} }

// Import matches every credit of the statement in dinars to an order by its model-97
// reference and amount, and records the matched orders' payments (RecordPayment, the staff's
// own path: paid once, logged, fiscalised). Importing the same statement again records
// nothing twice: the orders are paid already.
func (s *Service) Import(ctx context.Context, st *Statement) (*Report, error) {
	rep := &Report{Statement: st.ID, Account: st.Account, Counts: map[string]int{Matched: 0, AlreadyPaid: 0, Mismatched: 0, Unmatched: 0, Skipped: 0}}
	for _, l := range st.Lines {
		r, err := s.line(ctx, l)
		if err != nil {
			return nil, err
		}
		rep.Results = append(rep.Results, r)
		rep.Counts[r.Outcome]++
	}
	return rep, nil
}

func (s *Service) line(ctx context.Context, l Line) (Result, error) {
	r := Result{Line: l}
	no := func(outcome, reason string, args map[string]any) (Result, error) {
		r.Outcome, r.Reason, r.Args = outcome, "payments.reason."+reason, args
		return r, nil
	}
	if !l.Credit {
		return no(Skipped, "debit", nil)
	}
	if l.Currency != "" && l.Currency != "RSD" {
		return no(Skipped, "currency", map[string]any{"currency": l.Currency})
	}
	if !strings.HasPrefix(l.Reference, "97") {
		return no(Unmatched, "no_reference", nil)
	}
	if !sales.ValidModel97(l.Reference) {
		return no(Unmatched, "control_digits", map[string]any{"reference": l.Reference})
	}
	number := OrderNumberOf(l.Reference)
	o, err := s.sales.OrderByNumber(ctx, number)
	if apperr.Is(err, apperr.NotFound) {
		return no(Unmatched, "no_order", map[string]any{"number": number})
	}
	if err != nil {
		return r, err
	}
	r.OrderID, r.OrderNumber = o.ID, o.NumberOf()
	switch {
	case o.PaymentMethod != sales.PaymentBankTransfer:
		return no(Mismatched, "not_bank_transfer", nil)
	case o.Total != l.Amount:
		return no(Mismatched, "amount", map[string]any{"paid": money.Format(int64(l.Amount)), "total": money.Format(int64(o.Total))})
	case o.PaidAt != nil:
		return no(AlreadyPaid, "already_paid", nil)
	case sales.Cancelled(o.Status):
		return no(Mismatched, "cancelled", nil)
	}
	if _, err := s.sales.RecordPayment(ctx, o.ID); err != nil {
		if apperr.Is(err, apperr.Invalid) {
			return no(Mismatched, "cancelled", nil)
		}
		return r, err
	}
	r.Outcome = Matched
	return r, nil
}

// OrderNumberOf is the order number a model-97 reference carries: its digits after the
// model and the control digits are the order number's (2026000123 -> 2026-000123, the year
// and the id), as sales writes the payment slip.
func OrderNumberOf(ref string) string {
	d := strings.TrimPrefix(ref, "97")
	if len(d) < 2 {
		return ""
	}
	d = d[2:]
	if len(d) <= 4 {
		return d
	}
	return fmt.Sprintf("%s-%s", d[:4], d[4:])
}
