package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"shop/internal/app"
)

func TestNewCmdPricesRecompute(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		want     PricesRecomputeOptions
	}{
		{[]string{"prices", "recompute", "--all"}, 0, PricesRecomputeOptions{All: true}},
		{[]string{"prices", "recompute", "--category", "12", "--dry-run"}, 0, PricesRecomputeOptions{Category: 12, DryRun: true}},
		{[]string{"prices", "recompute", "--all", "--dry-run", "--json"}, 0, PricesRecomputeOptions{All: true, DryRun: true}},
		{[]string{"prices", "recompute"}, 2, PricesRecomputeOptions{}},
		{[]string{"prices", "recompute", "--all", "--category", "3"}, 2, PricesRecomputeOptions{}},
		{[]string{"prices", "recompute", "--category", "x"}, 2, PricesRecomputeOptions{}},
		{[]string{"prices", "recompute", "--all", "extra"}, 2, PricesRecomputeOptions{}},
		{[]string{"prices", "recompute", "--all", "--force"}, 2, PricesRecomputeOptions{}},
	}
	for _, tt := range tests {
		var got *PricesRecomputeOptions
		_, err := parse(t, func(f *Factory) *cobra.Command {
			cmd := NewCmdPrices(f)
			for _, c := range cmd.Commands() {
				cmd.RemoveCommand(c)
			}
			cmd.AddCommand(NewCmdPricesRecompute(f, func(o *PricesRecomputeOptions) error { got = o; return nil }))
			return cmd
		}, tt.args...)
		if code := ExitCode(err); code != tt.wantCode {
			t.Errorf("%v: exit code %d (%v), want %d", tt.args, code, err, tt.wantCode)
			continue
		}
		if tt.wantCode != 0 {
			if got != nil {
				t.Errorf("%v: runF called despite a usage error", tt.args)
			}
			continue
		}
		if got == nil || got.All != tt.want.All || got.Category != tt.want.Category || got.DryRun != tt.want.DryRun {
			t.Errorf("%v: options %+v", tt.args, got)
		}
	}
}

// TestPricesRecomputeRun: products whose stored prices are stale (a category's VAT changed
// behind the recompute's back): --dry-run reports how many would change and the largest
// changes and writes nothing; the run writes them; a second run changes nothing; --category
// limits it; an unknown category exits 1; every line follows --lang.
func TestPricesRecomputeRun(t *testing.T) {
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		var tv, fr uint64
		webOf := func(sku string) (web int64) {
			s.withApp(t, func(a *app.App) {
				a.DB.Raw("SELECT web_price FROM products WHERE sku = ?", sku).Scan(&web)
			})
			return web
		}
		s.withApp(t, func(a *app.App) {
			now := time.Now().UTC()
			for _, c := range []struct {
				slug string
				id   *uint64
			}{{"tv", &tv}, {"fr", &fr}} {
				if err := a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
					dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES (?, ?, 'KA', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
					c.slug, c.slug, true, now, now).Error; err != nil {
					t.Fatal(err)
				}
				a.DB.Raw("SELECT id FROM categories WHERE slug = ?", c.slug).Scan(c.id)
			}
			for i, p := range []struct {
				sku   string
				cat   uint64
				entry int64
			}{{"TV1", tv, 100000}, {"TV2", tv, 5000000}, {"FR1", fr, 200000}} {
				if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, web_price, main_category_id, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.sku, "Proizvod "+p.sku, p.sku, p.entry, int64(i), p.cat, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
		})
		out := s.mustRun(t, "prices", "recompute", "--all", "--dry-run")
		// TV2 changes most: 0.01 -> 66000.00 (50,000 × 1.1 × 1.2).
		for _, want := range []string{"Proba (ništa nije upisano): promenile bi se cene proizvoda: 3\n", "Najveće promene cene za kupca, akcija ili web cena (prvih 3):\n",
			"  TV2 Proizvod TV2: 0.01 -> 66000.00 (+65999.99)\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("dry run lacks %q:\n%s", want, out)
			}
		}
		if strings.Index(out, "TV2") > strings.Index(out, "FR1") || strings.Index(out, "FR1") > strings.Index(out, "TV1") {
			t.Errorf("largest changes not first:\n%s", out)
		}
		if web := webOf("TV2"); web != 1 {
			t.Errorf("the dry run wrote: TV2 web %d", web)
		}
		out, errOut, code := s.run(t, "--lang", "en", "prices", "recompute", "--category", "999999")
		if code != 1 || !strings.Contains(errOut, "The category does not exist") {
			t.Errorf("unknown category: exit %d %s %s", code, out, errOut)
		}
		_, errOut, code = s.run(t, "--lang", "en", "prices", "recompute")
		if code != 2 || !strings.Contains(errOut, "give --category ID or --all") {
			t.Errorf("no scope: exit %d %s", code, errOut)
		}

		out, errOut, code = s.run(t, "--lang", "en", "prices", "recompute", "--category", itoa(tv))
		if code != 0 || !strings.Contains(out, "Products whose prices changed: 2\n") || !strings.Contains(errOut, "computing the new prices\nwriting the prices\n") {
			t.Errorf("category run: exit %d\n%s\n%s", code, out, errOut)
		}
		if web := webOf("TV2"); web != 6_600_000 {
			t.Errorf("TV2 web %d after the run, want 6600000", web)
		}
		if web := webOf("FR1"); web != 2 {
			t.Errorf("FR1 (another category) written: web %d", web)
		}
		out = s.mustRun(t, "prices", "recompute", "--all", "--json")
		var rep PricesRecomputeJSON
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("--json: %v\n%s", err, out)
		}
		if rep.Scope != "all" || rep.DryRun || rep.Changed != 1 || len(rep.Largest) != 1 || rep.Largest[0].SKU != "FR1" || rep.Largest[0].NewWeb != 264000 {
			t.Errorf("--json: %+v", rep)
		}
		out = s.mustRun(t, "prices", "recompute", "--all")
		if !strings.Contains(out, "Promenjene cene proizvoda: 0\n") || strings.Contains(out, "Najveće") {
			t.Errorf("second run:\n%s", out)
		}
	})
}

func itoa(v uint64) string {
	b, _ := json.Marshal(v)
	return string(b)
}
