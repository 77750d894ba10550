package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"shop/internal/app"
)

func TestNewCmdSeedBench(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args         []string
		wantCode     int
		wantProducts int64
		wantJSON     bool
	}{
		{[]string{"bench"}, 0, 100_000, false},
		{[]string{"bench", "--products", "5000"}, 0, 5000, false},
		{[]string{"bench", "--products=250", "--json"}, 0, 250, true},
		{[]string{"bench", "--products", "0"}, 2, 0, false},
		{[]string{"bench", "--products", "many"}, 2, 0, false},
		{[]string{"bench", "extra"}, 2, 0, false},
	}
	for _, tt := range tests {
		var got *SeedBenchOptions
		f, err := parse(t, func(f *Factory) *cobra.Command {
			return NewCmdSeedBench(f, func(o *SeedBenchOptions) error { got = o; return nil })
		}, tt.args...)
		if code := ExitCode(err); code != tt.wantCode {
			t.Errorf("%v: exit code %d (%v), want %d", tt.args, code, err, tt.wantCode)
		}
		if tt.wantCode != 0 {
			if got != nil {
				t.Errorf("%v: runF called despite a usage error", tt.args)
			}
			continue
		}
		if got == nil || got.Products != tt.wantProducts || f.JSON != tt.wantJSON {
			t.Errorf("%v: options %+v json=%v", tt.args, got, f.JSON)
		}
	}
	// `seed bench` is reached through `seed` as shopctl registers it.
	var root *cobra.Command
	_, err := parse(t, func(f *Factory) *cobra.Command { root = NewCmdSeed(f, nil); return root }, "seed", "bench", "--products", "x")
	if ExitCode(err) != 2 {
		t.Errorf("seed bench with a bad flag: %v, want a usage error", err)
	}
}

func TestSeedBenchRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		out := s.mustRun(t, "--lang", "en", "seed", "bench", "--products", "300")
		if !strings.Contains(out, "300 products added (300 in all)") {
			t.Errorf("first run: %q", out)
		}
		out = s.mustRun(t, "seed", "bench", "--products", "300", "--json")
		var res struct{ Created, Products int64 }
		if err := json.Unmarshal([]byte(out), &res); err != nil || res.Created != 0 || res.Products != 300 {
			t.Errorf("second run: %q %v", out, err)
		}
		s.mustRun(t, "seed", "bench", "--products", "450")
		s.withApp(t, func(a *app.App) {
			var c struct {
				Bench, Categorised, Manufacturer, Inactive, WrongPrice int64
			}
			q := `SELECT
				(SELECT COUNT(*) FROM products WHERE sku LIKE 'BN%') AS bench,
				(SELECT COUNT(*) FROM product_categories pc JOIN products p ON p.id = pc.product_id AND pc.category_id = p.main_category_id WHERE p.sku LIKE 'BN%') AS categorised,
				(SELECT COUNT(*) FROM product_attributes pa JOIN products p ON p.id = pa.product_id WHERE pa.attribute_id = 24 AND pa.attribute_value_id = p.manufacturer_id AND p.sku LIKE 'BN%') AS manufacturer,
				(SELECT COUNT(*) FROM products WHERE sku LIKE 'BN%' AND NOT active) AS inactive,
				(SELECT COUNT(*) FROM products WHERE sku LIKE 'BN%' AND (web_price <= entry_price OR web_price % 100 <> 0)) AS wrong_price`
			if err := a.DB.WithContext(context.Background()).Raw(q).Scan(&c).Error; err != nil {
				t.Fatal(err)
			}
			if c.Bench != 450 || c.Categorised != 450 || c.Manufacturer != 450 || c.Inactive != 22 || c.WrongPrice != 0 {
				t.Errorf("bench catalogue: %+v", c)
			}
			// The columns the triggers keep, written by the seed itself on PostgreSQL.
			stale := `SELECT COUNT(*) FROM products p WHERE p.sku LIKE 'BN%' AND NOT p.has_attributes`
			if dialect == "postgres" {
				stale += ` OR p.sku LIKE 'BN%' AND p.category_ids <> ARRAY(SELECT pc.category_id FROM product_categories pc
					WHERE pc.product_id = p.id ORDER BY pc.category_id)`
			}
			var n int64
			if err := a.DB.WithContext(context.Background()).Raw(stale).Scan(&n).Error; err != nil || n != 0 {
				t.Errorf("bench products with stale trigger-kept columns: %d (%v)", n, err)
			}
		})

		// A shop with a real user is refused.
		s.mustRun(t, "user", "create", "--email", "ana@example.rs", "--name", "Ana", "--role", "customer", "--password", "tajna1234")
		_, errOut, code := s.run(t, "seed", "bench", "--products", "500")
		if code != 1 || !strings.Contains(errOut, "real users") {
			t.Errorf("bench with a real user: exit %d, stderr %q", code, errOut)
		}
	})
}
