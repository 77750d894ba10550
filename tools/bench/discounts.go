package main

import (
	"context"
	"fmt"
	"time"

	"shop/internal/catalog"
	"shop/internal/demo"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/pricing"
)

// discountsBench: the mass discount over about half of an n-product catalogue
// chosen by a filter (entry price up to the median), through the job's transaction (the
// INSERT ... SELECT skipping overlaps, its activity entries, the run's end and notification) and
// the whole job (with the recompute it asks for), against the hand-written INSERT ... SELECT
// giving the same products the same action; best of three each. Goal: at most 2x.
func discountsBench(n int64) error {
	ctx := context.Background()
	dbURL, drop, err := benchDatabase(ctx, "Mass discount", n > 0)
	if err != nil || dbURL == "" {
		return err
	}
	defer drop()
	a, _, _, closeApp, err := benchApp(ctx, dbURL)
	if err != nil {
		return err
	}
	defer closeApp()
	fmt.Printf("\nMass discount: %d products on PostgreSQL\n", n)
	start := time.Now()
	if _, err := demo.SeedBench(ctx, a.DB, a.Identity, n); err != nil {
		return err
	}
	if err := a.DB.Exec("VACUUM ANALYZE").Error; err != nil {
		return err
	}
	fmt.Printf("  seed bench: %s\n", time.Since(start).Round(time.Millisecond))

	var median int64
	if err := a.DB.Raw(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY entry_price) FROM products`).Scan(&median).Error; err != nil {
		return err
	}
	typ, err := a.Pricing.CreateDiscountType(ctx, pricing.DiscountTypeInput{Name: "Bench", IsPercentage: true})
	if err != nil {
		return err
	}
	limit := money.Para(median)
	payload, err := catalog.ProductSelection{Filter: catalog.ProductFilter{EntryPriceTo: &limit}}.Payload()
	if err != nil {
		return err
	}
	// Far from the seeded actions, so none overlaps: every selected product gets it.
	from, to := "2099-01-01", "2099-01-31"
	var selected int64
	a.DB.Raw("SELECT COUNT(*) FROM products WHERE entry_price <= ?", median).Scan(&selected)
	reset := func() error {
		if err := a.DB.Exec("DELETE FROM discounts WHERE discount_type_id = ?", typ.ID).Error; err != nil {
			return err
		}
		if err := a.DB.Exec("DELETE FROM activity_log WHERE type = 'discount.created'").Error; err != nil {
			return err
		}
		// Each side starts from the same clean tables (no dead rows of the previous round).
		return a.DB.Exec("VACUUM ANALYZE discounts, activity_log").Error
	}
	hand := `INSERT INTO discounts (product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, created_at, updated_at)
		SELECT p.id, ?, 0, 1000, CAST(? AS DATE), CAST(? AS DATE), now(), now() FROM products p WHERE p.entry_price <= ?
		AND NOT EXISTS (SELECT 1 FROM discounts d WHERE d.product_id = p.id AND d.valid_from <= CAST(? AS DATE) AND d.valid_to >= CAST(? AS DATE))`
	// best: the hand-written INSERT, the job's transaction, the whole job (with the recompute
	// that pricing.Service.Schedule runs at once today, as a coalescing job later).
	best := [3]time.Duration{time.Hour, time.Hour, time.Hour}
	for round := 0; round < 3; round++ {
		for side := 0; side < 3; side++ {
			if err := reset(); err != nil {
				return err
			}
			var run pricing.MassRun
			if side > 0 {
				run = pricing.MassRun{DiscountTypeID: typ.ID, State: pricing.MassQueued, CreatedAt: time.Now(), UpdatedAt: time.Now()}
				if err := a.DB.Create(&run).Error; err != nil {
					return err
				}
			}
			start := time.Now()
			if side == 0 {
				res := a.DB.Exec(hand, typ.ID, from, to, median, to, from)
				if res.Error != nil {
					return res.Error
				}
				if res.RowsAffected != selected {
					return fmt.Errorf("hand-written insert added %d, want %d", res.RowsAffected, selected)
				}
			} else {
				p := queue.DiscountMassPayload{RunID: run.ID, DiscountTypeID: typ.ID, Percentage: 1000, From: from, To: to, Selection: payload}
				job := a.Pricing.ApplyMassDiscount
				if side == 2 {
					job = a.Pricing.RunMassDiscount
				}
				out, err := job(ctx, p, true)
				if err != nil {
					return err
				}
				if out.Added != selected {
					return fmt.Errorf("mass discount added %d, want %d", out.Added, selected)
				}
			}
			if d := time.Since(start); d < best[side] {
				best[side] = d
			}
		}
	}
	ratio := float64(best[1]) / float64(best[0])
	fmt.Printf("  mass discount on %d products (entry_price <= %s)\n", selected, money.Para(median))
	fmt.Printf("  %-44s %10s\n", "hand-written INSERT ... SELECT (baseline)", best[0].Round(time.Millisecond))
	fmt.Printf("  %-44s %10s   ratio %.2f (goal <= 2.00: %s)\n", "the job's transaction (ApplyMassDiscount)", best[1].Round(time.Millisecond), ratio, verdict(ratio <= 2))
	fmt.Printf("  %-44s %10s   ratio %.2f (with the repricing, which runs at once here: the bench has no queue)\n", "the whole job (RunMassDiscount)",
		best[2].Round(time.Millisecond), float64(best[2])/float64(best[0]))
	return nil
}
