package eoffer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/eoffer"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// run runs fn on both databases with "Naša Radnja" as this shop's name in competitor files.
func run(t *testing.T, fn func(t *testing.T, a *app.App)) {
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cfg := apptest.Config(t, d.Name)
			cfg.Competitors.OwnShops = []string{"Naša Radnja"}
			fn(t, apptest.New(t, cfg))
		})
	}
}

// seed adds a category (VAT 20 %, web margin 10 %), a supplier and products P1..P4 with an
// entry price of 1,000.00 RSD (1,200.00 with VAT), and answers their ids by SKU.
func seed(t *testing.T, a *app.App) map[string]uint64 {
	t.Helper()
	now := time.Now().UTC()
	db := a.DB
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
		dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('Frižideri', 'frizideri', 'FR', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
		true, now, now).Error)
	must(db.Exec("INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Comtrade', ?, ?)", now, now).Error)
	ids := map[string]uint64{}
	for _, sku := range []string{"P1", "P2", "P3", "P4"} {
		must(db.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, supplier_id, active, visible, created_at, updated_at)
			VALUES (?, ?, ?, 100000, (SELECT id FROM categories), (SELECT id FROM suppliers), ?, ?, ?, ?)`, sku, "Proizvod "+sku, strings.ToLower(sku), true, true, now, now).Error)
		var id uint64
		must(db.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id).Error)
		ids[sku] = id
	}
	if _, err := a.Pricing.RecomputeTx(context.Background(), db, pricing.All()); err != nil {
		t.Fatal(err)
	}
	return ids
}

// competitors: P1 has three competitors and us; P2 two; P3 only WinWin (ignored below); an
// unknown SKU and an unreadable price are left out and counted.
const competitors = "sku;prodavnica;cena\n" +
	"P1;Gigatron;1500\nP1;Tehnomanija;1400\nP1;WinWin;1300\nP1;Naša Radnja;1100\n" +
	"P2;Gigatron;1210\nP2;Tehnomanija;1250\n" +
	"P3;WinWin;900\n" +
	"ZZ;Gigatron;100\nP4;Gigatron;n/a\n"

func upload(t *testing.T, a *app.App, body string) *eoffer.Import {
	t.Helper()
	imp, err := a.Eoffer.Inline().Upload(context.Background(), 0, "ponuda.csv", strings.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	return imp
}

// checkCompetitorsImport: the import of the competitors file is finished with its 9 rows, 7
// offers and 2 rows left out (an unknown SKU on line 9 and a bad price), both listed.
func checkCompetitorsImport(t *testing.T, imp *eoffer.Import) {
	t.Helper()
	if imp.Status != eoffer.StatusFinished || imp.Rows != 9 || imp.Offers != 7 || imp.Rejected != 2 {
		t.Fatalf("import %+v, want finished with 9 rows, 7 offers, 2 rejected", imp)
	}
	rep := imp.ParsedReport()
	if rep.UnknownSKU != 1 || rep.BadPrice != 1 || len(rep.RejectedRows) != 2 || rep.RejectedRows[0].SKU != "ZZ" || rep.RejectedRows[0].Line != 9 {
		t.Errorf("report %+v", rep)
	}
}

type rowBrief struct {
	SKU                  string
	Entry, Web, Min, New money.Para
	Position             int
	Category             []string
	Supplier             string
}

func briefs(rows []eoffer.Row) []rowBrief {
	out := []rowBrief{}
	for _, r := range rows {
		s := ""
		if r.Supplier != nil {
			s = *r.Supplier
		}
		out = append(out, rowBrief{r.SKU, r.EntryPrice, r.WebPrice, r.EponudaMin, r.NewPrice, r.Position, r.Category, s})
	}
	return out
}

// TestImportAndRecalc: the file's offers are stored (unknown SKU and bad price counted and
// listed); eponuda_min leaves out the ignored competitors and ourselves; the new price, the
// ok/nok split at the entry price with VAT and the position follow docs/eoffer.md.
func TestImportAndRecalc(t *testing.T) {
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		seed(t, a)
		imp := upload(t, a, competitors)
		checkCompetitorsImport(t, imp)
		names, err := a.Eoffer.Competitors(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff([]string{"Gigatron", "Tehnomanija", "WinWin"}, names); d != "" {
			t.Errorf("competitors (-want +got):\n%s", d)
		}

		// Relative to e-ponuda, 5 % below, WinWin ignored: P1 min 1,400 -> 1,330 (ok, WinWin's
		// 1,300 is cheaper: position 2); P2 min 1,210 -> 1,149.50 -> 1,150 (nok, position 1);
		// P3 has no competitor left.
		res, err := a.Eoffer.Recalc(ctx, eoffer.Settings{RelativeTo: "eponuda", Format: "%", Value: "5", Irrelevant: []string{"winwin"}}, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		cat := []string{"Frižideri"}
		wantOK := []rowBrief{{"P1", 120000, 132000, 140000, 133000, 2, cat, "Comtrade"}}
		wantNOK := []rowBrief{{"P2", 120000, 132000, 121000, 115000, 1, cat, "Comtrade"}}
		if d := cmp.Diff(wantOK, briefs(res.OK)); d != "" {
			t.Errorf("ok (-want +got):\n%s", d)
		}
		if d := cmp.Diff(wantNOK, briefs(res.NOK)); d != "" {
			t.Errorf("nok (-want +got):\n%s", d)
		}
		if res.Skipped != 1 {
			t.Errorf("skipped %d, want 1 (P3)", res.Skipped)
		}

		// Relative to the entry price, 100 RSD above: 1,300 for all three; nobody ignored, so
		// P3's min is WinWin's 900 and its position 2; P1's 1 (WinWin at 1,300 is not cheaper); P2's 3.
		res, err = a.Eoffer.Recalc(ctx, eoffer.Settings{RelativeTo: "entry", Format: "RSD", Value: "100"}, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		wantOK = []rowBrief{{"P1", 120000, 132000, 130000, 130000, 1, cat, "Comtrade"}, {"P2", 120000, 132000, 121000, 130000, 3, cat, "Comtrade"},
			{"P3", 120000, 132000, 90000, 130000, 2, cat, "Comtrade"}}
		if d := cmp.Diff(wantOK, briefs(res.OK)); d != "" || len(res.NOK) != 0 {
			t.Errorf("entry: ok (-want +got):\n%s\nnok %v", d, res.NOK)
		}

		// Scope: another supplier has none of them.
		res, err = a.Eoffer.Recalc(ctx, eoffer.Settings{RelativeTo: "entry", Format: "RSD", Value: "0"}, eoffer.Scope{Supplier: 999})
		if err != nil || len(res.OK)+len(res.NOK) != 0 {
			t.Errorf("other supplier: %v %+v", err, res)
		}
		// All three controls are required.
		_, err = a.Eoffer.Recalc(ctx, eoffer.Settings{}, eoffer.Scope{})
		if e := apperr.As(err); e.Code != apperr.Invalid || len(e.Fields) != 3 {
			t.Errorf("empty settings: %v", err)
		}

		// A new file replaces the old one's offers at once.
		upload(t, a, "sku,shop,price\nP2,Gigatron,2000\n")
		res, err = a.Eoffer.Recalc(ctx, eoffer.Settings{RelativeTo: "entry", Format: "%", Value: "0"}, eoffer.Scope{})
		if err != nil || len(res.OK) != 1 || res.OK[0].SKU != "P2" || res.OK[0].EponudaMin != 200000 {
			t.Errorf("after a new file: %v %+v", err, res)
		}
		if stored, err := eoffer.StoredOffers(ctx, a.Eoffer, 0); err != nil || len(stored) != 1 {
			t.Errorf("%d offers stored (%v), want only the new file's 1", len(stored), err)
		}
	})
}

// TestApply: applying sets the chosen products' web price to their new price through pricing
// (derived prices follow, activity logged), leaves the others, and a second apply changes
// nothing; the retried job (same payload) reaches the same end.
func TestApply(t *testing.T) {
	run(t, func(t *testing.T, a *app.App) {
		ctx := actor.With(context.Background(), actor.Actor{UserID: 0, IP: "10.0.0.1"})
		ids := seed(t, a)
		upload(t, a, competitors)
		st := eoffer.Settings{RelativeTo: "eponuda", Format: "%", Value: "5", Irrelevant: []string{"WinWin"}}
		svc := a.Eoffer.Inline()
		res, err := svc.Apply(ctx, st, []uint64{ids["P1"], ids["P3"]})
		if err != nil {
			t.Fatal(err)
		}
		if res.Changed != 1 || res.Missing != 1 {
			t.Errorf("apply %+v, want 1 changed (P1) and 1 missing (P3: no competitor left)", res)
		}
		type prices struct {
			SKU                          string `gorm:"column:sku"`
			WebPrice, AuthenticatedPrice int64
			RetailPrice                  int64
			EponudaPrice                 *int64
		}
		read := func() map[string]prices {
			var rows []prices
			a.DB.Raw("SELECT sku, web_price, authenticated_price, retail_price, eponuda_price FROM products").Scan(&rows)
			out := map[string]prices{}
			for _, r := range rows {
				out[r.SKU] = r
			}
			return out
		}
		got := read()
		if p := got["P1"]; p.WebPrice != 133000 || p.AuthenticatedPrice != 133000 || p.EponudaPrice == nil || *p.EponudaPrice != 133000 || p.RetailPrice != 150000 {
			t.Errorf("P1 %+v, want web and authenticated 1,330 from e-ponuda, retail 1,500 unchanged", p)
		}
		if p := got["P2"]; p.WebPrice != 132000 || p.EponudaPrice != nil {
			t.Errorf("P2 %+v changed", p)
		}
		var logged int64
		a.DB.Raw("SELECT COUNT(*) FROM activity_log WHERE type = ? AND subject_id = ? AND ip = '10.0.0.1'", eoffer.ActivityWebPriceSet, ids["P1"]).Scan(&logged)
		if logged != 1 {
			t.Errorf("%d activity entries for P1, want 1", logged)
		}
		again, err := svc.Apply(ctx, st, []uint64{ids["P1"], ids["P3"]})
		if err != nil || again.Changed != 0 {
			t.Errorf("second apply %+v %v, want nothing changed", again, err)
		}
		if d := cmp.Diff(got, read()); d != "" {
			t.Errorf("second apply changed prices (-first +second):\n%s", d)
		}
		a.DB.Raw("SELECT COUNT(*) FROM activity_log WHERE type = ?", eoffer.ActivityWebPriceSet).Scan(&logged)
		if logged != 1 {
			t.Errorf("%d activity entries after the second apply, want still 1", logged)
		}
	})
}

// TestImportRetryAfterKill: a run killed halfway (its import still running, part of its offers
// stored, stray ones among them) is retried to the very end a clean run reaches: the file's
// offers alone, the same recalculation.
func TestImportRetryAfterKill(t *testing.T) {
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		ids := seed(t, a)
		upload(t, a, "sku;prodavnica;cena\nP4;Gigatron;999\n")
		imp := upload(t, a, competitors)
		st := eoffer.Settings{RelativeTo: "eponuda", Format: "%", Value: "2", Irrelevant: []string{"WinWin"}}
		want, err := a.Eoffer.Recalc(ctx, st, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := eoffer.StoredOffers(ctx, a.Eoffer, imp.ID)
		if err != nil || len(stored) == 0 {
			t.Fatalf("stored %v %v", stored, err)
		}
		// The kill: the import back to running, a stray offer stored in place of its own.
		if err := a.DB.Exec("UPDATE eoffer_imports SET status = ?, finished_at = NULL WHERE id = ?", eoffer.StatusRunning, imp.ID).Error; err != nil {
			t.Fatal(err)
		}
		if err := eoffer.ReplaceStoredOffers(ctx, a.Eoffer, imp.ID, []eoffer.StoredOffer{{ProductID: ids["P4"], Shop: "Stray", Price: 1}}); err != nil {
			t.Fatal(err)
		}
		got, err := a.Eoffer.Inline().RunImport(ctx, imp.ID, true)
		if err != nil || got.Status != eoffer.StatusFinished || got.Offers != imp.Offers || got.Rejected != imp.Rejected {
			t.Fatalf("retry: %v %+v", err, got)
		}
		if again, err := eoffer.StoredOffers(ctx, a.Eoffer, imp.ID); err != nil || !cmp.Equal(again, stored) {
			t.Errorf("offers after the retry %v (%v), want %v", again, err, stored)
		}
		res, err := a.Eoffer.Recalc(ctx, st, eoffer.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, res, cmpopts.IgnoreUnexported(eoffer.Row{})); d != "" {
			t.Errorf("recalculation after the retry differs (-clean +retried):\n%s", d)
		}
	})
}

// TestImportStoresNamesAsRead: shop names with a backslash, a tab or quotes and the optional
// position are stored as the file has them.
func TestImportStoresNamesAsRead(t *testing.T) {
	run(t, func(t *testing.T, a *app.App) {
		ids := seed(t, a)
		imp := upload(t, a, "sku;prodavnica;cena;pozicija\nP1;Back\\slash;1500;2\nP1;\"Tab\there\";1400;\nP2;\"Quo\"\"te\";1300;1\n")
		if imp.Offers != 3 {
			t.Fatalf("import %+v", imp)
		}
		got, err := eoffer.StoredOffers(context.Background(), a.Eoffer, imp.ID)
		if err != nil {
			t.Fatal(err)
		}
		two, one := int64(2), int64(1)
		want := []eoffer.StoredOffer{{ids["P1"], "Back\\slash", 150000, &two}, {ids["P1"], "Tab\there", 140000, nil}, {ids["P2"], "Quo\"te", 130000, &one}}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("offers (-want +got):\n%s", d)
		}
	})
}

// TestImportTooManyRows: a file found past the row limit while its first rows are already on
// their way into the table fails with that reason, and nothing of it is stored.
func TestImportTooManyRows(t *testing.T) {
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cfg := apptest.Config(t, d.Name)
			cfg.Competitors.MaxRows = 20000
			a := apptest.New(t, cfg)
			seed(t, a)
			var b strings.Builder
			b.WriteString("sku;prodavnica;cena\n")
			for i := 0; i <= 20000; i++ {
				fmt.Fprintf(&b, "P%d;Gigatron;%d\n", i%4+1, 1000+i)
			}
			body := b.String()
			_, err := a.Eoffer.Inline().Upload(context.Background(), 0, "ponuda.csv", strings.NewReader(body), int64(len(body)))
			if e := apperr.As(err); err == nil || e.Msg.Key != eoffer.ErrKeyTooManyRows {
				t.Fatalf("upload: %v, want %s", err, eoffer.ErrKeyTooManyRows)
			}
			var imp eoffer.Import
			if err := a.DB.Order("id DESC").First(&imp).Error; err != nil {
				t.Fatal(err)
			}
			if imp.Status != eoffer.StatusFailed || !strings.Contains(imp.Error, "20000") {
				t.Fatalf("import %+v, want failed for more than 20000 rows", imp)
			}
			if stored, err := eoffer.StoredOffers(context.Background(), a.Eoffer, 0); err != nil || len(stored) != 0 {
				t.Errorf("%d offers stored (%v), want none", len(stored), err)
			}
		})
	}
}
