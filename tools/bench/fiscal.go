package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/fiscal"
	"shop/internal/fiscal/fiscalsim"
	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// fiscalOrders is how many paid orders the fiscal figure fiscalises; fiscalWorkers how many at
// once, as the worker's default concurrency runs the receipt jobs.
const (
	fiscalOrders  = 1000
	fiscalWorkers = 4
)

// fiscalBench: fiscalising fiscalOrders paid cash-on-delivery orders through the in-process
// simulator, fiscalWorkers at a time as the worker runs the jobs (fiscal.Fiscalise: the receipt
// row, the request built from the order, the device's answer stored, the customer's mail
// queued) against the simulator's own time for the same requests (each stored request sent
// again through the same client and transport, to a fresh simulator, under new RequestIds,
// fiscalWorkers at a time too). Goal: at most 2x.
func fiscalBench() error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Fiscal", true)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, _, _, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nFiscal receipts: %d paid orders through the simulator on PostgreSQL\n", fiscalOrders)
	start := time.Now()
	ids, err := fiscalSeed(ctx, a)
	if err != nil {
		return err
	}
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return err
	}
	fmt.Printf("  seed %d orders of 3 lines (20 %% and 10 %%), paid: %s\n", len(ids), time.Since(start).Round(time.Millisecond))

	t0 := time.Now()
	if err := inParallel(len(ids), func(i int) error {
		r, err := a.Fiscal.Fiscalise(ctx, ids[i], fiscal.KindNormal)
		if err == nil && r.Status != fiscal.StatusSent {
			err = fmt.Errorf("order %d: receipt %s (%s)", ids[i], r.Status, r.Reason)
		}
		return err
	}); err != nil {
		return err
	}
	shop := time.Since(t0)

	var requests []string
	if err := a.DB.Model(&fiscal.Receipt{}).Order("id").Pluck("request", &requests).Error; err != nil {
		return err
	}
	sim := fiscalsim.New(fiscalsim.Options{})
	dev := vsdc.NewClient(app.SimulatorBase, &http.Client{Transport: sim.Transport(), Timeout: 10 * time.Second})
	parsed := make([]vsdc.InvoiceRequest, len(requests))
	for i, raw := range requests {
		if err := json.Unmarshal([]byte(raw), &parsed[i]); err != nil {
			return err
		}
	}
	t1 := time.Now()
	if err := inParallel(len(parsed), func(i int) error {
		_, err := dev.CreateInvoice(ctx, benchRequestID(), &parsed[i])
		return err
	}); err != nil {
		return err
	}
	simOnly := time.Since(t1)
	if sim.Issued() != len(ids) || a.FiscalSim.Issued() != len(ids) {
		return fmt.Errorf("issued %d and %d, want %d", sim.Issued(), a.FiscalSim.Issued(), len(ids))
	}
	ratio := float64(shop) / float64(simOnly)
	fmt.Printf("  %-44s %10s\n", "the simulator alone, same requests (baseline)", simOnly.Round(time.Millisecond))
	fmt.Printf("  %-44s %10s   ratio %.2f (goal <= 2.00: %s)\n", fmt.Sprintf("Fiscalise, %d at a time", fiscalWorkers), shop.Round(time.Millisecond), ratio, verdict(ratio <= 2))
	fmt.Printf("  per receipt (wall time / receipts): %s against %s\n", (shop / time.Duration(len(ids))).Round(time.Microsecond), (simOnly / time.Duration(len(ids))).Round(time.Microsecond))
	return nil
}

// fiscalSeed places fiscalOrders guest cash-on-delivery orders of three lines through the
// checkout and marks them paid in one statement (no receipt job is queued: the figure runs
// Fiscalise itself).
func fiscalSeed(ctx context.Context, a *app.App) ([]uint64, error) {
	var products []uint64
	for i, rate := range []money.Bps{2000, 1000, 2000} {
		cat := catalog.Category{Name: fmt.Sprintf("Fiskal %d", i), Slug: fmt.Sprintf("fiskal-%d", i), Prefix: "FI", Level: 1, PdvBps: rate, Active: true}
		if err := a.DB.Create(&cat).Error; err != nil {
			return nil, err
		}
		price := money.Para(123450 + 1001*i)
		p := catalog.Product{SKU: fmt.Sprintf("FIS-%d", i), Name: fmt.Sprintf("Proizvod Šćž %d", i), Slug: fmt.Sprintf("fis-%d", i), Active: true, Visible: true,
			WebPrice: price, AuthPrice: price, Stock: 1_000_000, MainCategoryID: cat.ID}
		if err := a.DB.Create(&p).Error; err != nil {
			return nil, err
		}
		products = append(products, p.ID)
	}
	ids := make([]uint64, 0, fiscalOrders)
	for n := 0; n < fiscalOrders; n++ {
		cart := sales.NewGuestID()
		for i, pid := range products {
			q := 1 + (n+i)%3
			if _, err := a.Sales.AddItem(ctx, sales.Caller{}, sales.ItemInput{CartID: cart, ProductID: pid, Quantity: &q}); err != nil {
				return nil, err
			}
		}
		placed, err := a.Sales.Checkout(ctx, sales.Caller{}, sales.CheckoutInput{CartID: cart, Name: "Đorđe Šćekić", Email: fmt.Sprintf("kupac%d@example.rs", n),
			Phone: "064 123 4567", Address: fmt.Sprintf("Žička %d", n), City: "Čačak", PostCode: "32000", PaymentMethod: sales.PaymentCashOnDelivery}, "", i18n.SR)
		if err != nil {
			return nil, err
		}
		ids = append(ids, placed.Order.ID)
	}
	return ids, a.DB.Model(&sales.Order{}).Where("id IN ?", ids).Update("paid_at", time.Now()).Error
}

func benchRequestID() string {
	b := make([]byte, vsdc.MaxRequestID/2)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// inParallel runs fn(0..n-1) on fiscalWorkers goroutines; the first error wins.
func inParallel(n int, fn func(i int) error) error {
	var next atomic.Int64
	errs := make(chan error, fiscalWorkers)
	for w := 0; w < fiscalWorkers; w++ {
		go func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					errs <- nil
					return
				}
				if err := fn(i); err != nil {
					next.Store(int64(n))
					errs <- err
					return
				}
			}
		}()
	}
	var first error
	for w := 0; w < fiscalWorkers; w++ {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}
