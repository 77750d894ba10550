package worker_test

import (
	"context"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/fiscal"
	"shop/internal/platform/i18n"
	"shop/internal/sales"
	"shop/worker"
)

// TestFiscalJobs: through the queue, as shopd runs it: a bank transfer by a person gets its
// proforma receipt at checkout, the sale receipt when the payment is recorded, and the refund
// naming the sale when the paid order is cancelled; the simulator signs each once.
func TestFiscalJobs(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		startWorker(t, a.Redis, worker.Deps{Log: discard, Mail: a.Mail, Identity: a.Identity, Notify: a.Notify, Sales: a.Sales, Fiscal: a.Fiscal})
		o := placeOrder(t, a, sales.PaymentBankTransfer, i18n.SR)
		receipt := func(kind string) *fiscal.Receipt {
			list, _ := a.Fiscal.ForOrder(ctx, o.ID)
			for i := range list {
				if list[i].Kind == kind && list[i].Status == fiscal.StatusSent {
					return &list[i]
				}
			}
			return nil
		}
		waitFor(t, "the proforma receipt", func() bool { return receipt(fiscal.KindProforma) != nil })
		if _, err := a.Sales.RecordPayment(ctx, o.ID); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the sale receipt", func() bool { return receipt(fiscal.KindNormal) != nil })
		if _, err := a.Sales.ChangeStatus(ctx, o.ID, sales.StatusChange{Status: sales.StatusCancelled, CancelReason: "other"}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the refund receipt", func() bool { return receipt(fiscal.KindRefund) != nil })
		if ref, sale := receipt(fiscal.KindRefund), receipt(fiscal.KindNormal); ref.ReferentNumber != sale.InvoiceNumber || sale.Total != o.Total {
			t.Errorf("refund refers to %q, sale %q", ref.ReferentNumber, sale.InvoiceNumber)
		}
		if a.FiscalSim.Issued() != 3 {
			t.Errorf("the simulator signed %d invoices, want 3", a.FiscalSim.Issued())
		}
	})
}
