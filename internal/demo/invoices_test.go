package demo_test

import (
	"context"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/sales"
)

// TestSeedInvoiceInfo: the demo shop gets its company data, a bank account with valid control
// digits and an e-mail entry, once; staff's own data is never overwritten.
func TestSeedInvoiceInfo(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		created, err := demo.SeedInvoiceInfo(ctx, a.DB)
		if err != nil || !created {
			t.Fatalf("seed: %v %v", created, err)
		}
		d, err := a.Sales.InvoiceData(ctx)
		if err != nil || d.Name != "ElektroMarket d.o.o." || !sales.ValidPIB(d.PIB) {
			t.Fatalf("invoice data: %+v %v", d, err)
		}
		banks, _ := a.Sales.Banks(ctx)
		emails, _ := a.Sales.InvoiceEmails(ctx)
		if len(banks) != 1 || !sales.ValidAccount(banks[0].Account) || len(emails) != 1 {
			t.Fatalf("banks %v, e-mails %v", banks, emails)
		}
		if _, err := a.Sales.UpdateInvoiceData(ctx, sales.InvoiceDataInput{Name: "Moja firma"}); err != nil {
			t.Fatal(err)
		}
		if created, err := demo.SeedInvoiceInfo(ctx, a.DB); err != nil || created {
			t.Fatalf("second seed: %v %v", created, err)
		}
		if d, _ := a.Sales.InvoiceData(ctx); d.Name != "Moja firma" {
			t.Errorf("the seed overwrote staff's data: %q", d.Name)
		}
	})
}
