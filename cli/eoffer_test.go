package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"shop/internal/app"
	"shop/internal/eoffer"
	"shop/internal/pricing"
)

// TestNewCmdEofferRecalc: flags into options; missing required flags and stray arguments are
// usage errors (exit 2).
func TestNewCmdEofferRecalc(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		want     EofferRecalcOptions
	}{
		{[]string{"eoffer", "recalc", "--relative-to", "eponuda", "--format", "%", "--value", "2", "--ignore", "WinWin", "--ignore", "Gigatron",
			"--category", "12", "--apply", "--json"}, 0, EofferRecalcOptions{Settings: eoffer.Settings{RelativeTo: "eponuda", Format: "%", Value: "2",
			Irrelevant: []string{"WinWin", "Gigatron"}}, Scope: eoffer.Scope{Category: 12}, Apply: true, Top: 20}},
		{[]string{"eoffer", "recalc", "--relative-to", "entry", "--format", "RSD", "--value", "500", "--supplier", "3", "--brand", "4"}, 0,
			EofferRecalcOptions{Settings: eoffer.Settings{RelativeTo: "entry", Format: "RSD", Value: "500"}, Scope: eoffer.Scope{Supplier: 3, Brand: 4}, Top: 20}},
		{[]string{"eoffer", "recalc", "--format", "%", "--value", "2"}, 2, EofferRecalcOptions{}},
		{[]string{"eoffer", "recalc", "--relative-to", "entry", "--format", "%", "--value", "2", "extra"}, 2, EofferRecalcOptions{}},
		{[]string{"eoffer", "recalc", "--relative-to", "entry", "--format", "%", "--value", "2", "--category", "x"}, 2, EofferRecalcOptions{}},
	}
	for _, tt := range tests {
		var got *EofferRecalcOptions
		_, err := parse(t, func(f *Factory) *cobra.Command {
			return NewCmdEoffer(f, NewCmdEofferRecalc(f, func(o *EofferRecalcOptions) error { got = o; return nil }))
		}, tt.args...)
		if code := ExitCode(err); code != tt.wantCode {
			t.Errorf("%v: exit %d (%v), want %d", tt.args, code, err, tt.wantCode)
			continue
		}
		if tt.wantCode != 0 {
			continue
		}
		got.F = nil
		if got == nil || got.Settings.RelativeTo != tt.want.Settings.RelativeTo || got.Settings.Value != tt.want.Settings.Value ||
			strings.Join(got.Settings.Irrelevant, ",") != strings.Join(tt.want.Settings.Irrelevant, ",") || got.Scope != tt.want.Scope ||
			got.Apply != tt.want.Apply || got.Top != tt.want.Top {
			t.Errorf("%v: options %+v, want %+v", tt.args, got, tt.want)
		}
	}
}

// TestEofferImportAndRecalc: `eoffer import FILE` loads a competitor file (Serbian summary
// under --lang sr, the rows left out listed); `eoffer recalc` prints the counts and the table,
// --json the numbers, --apply sets the ok products' web prices; a refused file and a recalc
// without a file exit 1.
func TestEofferImportAndRecalc(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.withApp(t, func(a *app.App) {
			now := time.Now().UTC()
			a.DB.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
				dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('K', 'k', 'KA', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`, true, now, now)
			for _, sku := range []string{"C1", "C2"} {
				if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, created_at, updated_at)
					VALUES (?, ?, ?, 100000, (SELECT id FROM categories), ?, ?)`, sku, "Proizvod "+sku, strings.ToLower(sku), now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			if _, err := a.Pricing.RecomputeTx(context.Background(), a.DB, pricing.All()); err != nil {
				t.Fatal(err)
			}
		})
		if _, _, code := s.run(t, "eoffer", "recalc", "--relative-to", "entry", "--format", "%", "--value", "1"); code != 1 {
			t.Errorf("recalc without a file: exit %d, want 1", code)
		}
		dir := t.TempDir()
		bad := filepath.Join(dir, "bad.csv")
		os.WriteFile(bad, []byte("a|b|c\n1|2|3\n"), 0o644)
		if _, errOut, code := s.run(t, "eoffer", "import", bad); code != 1 {
			t.Errorf("bad file: exit %d (%s), want 1", code, errOut)
		}
		file := filepath.Join(dir, "ponuda.csv")
		os.WriteFile(file, []byte("sku;prodavnica;cena\nC1;Gigatron;1500\nC2;Gigatron;1000\nXX;Gigatron;1\n"), 0o644)
		out := s.mustRun(t, "eoffer", "import", file)
		if !strings.Contains(out, "Fajl ponuda.csv: redova 3, ponuda 2, odbačeno 1 (nepoznata šifra 1, nečitljiva cena 0).") ||
			!strings.Contains(out, "Nepoznata šifra") {
			t.Errorf("import summary:\n%s", out)
		}
		out = s.mustRun(t, "eoffer", "recalc", "--relative-to", "eponuda", "--format", "RSD", "--value", "100")
		if !strings.Contains(out, "U okviru ulazne cene: 1, ispod ulazne cene: 1, bez konkurencije: 0.") || !strings.Contains(out, "C2") {
			t.Errorf("recalc:\n%s", out)
		}
		out = s.mustRun(t, "--json", "eoffer", "recalc", "--relative-to", "eponuda", "--format", "RSD", "--value", "100", "--apply")
		var got EofferRecalcJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.OK != 1 || got.NOK != 1 || got.Applied == nil || got.Applied.Changed != 1 {
			t.Errorf("recalc --apply --json: %v\n%s", err, out)
		}
		s.withApp(t, func(a *app.App) {
			var web int64
			a.DB.Raw("SELECT web_price FROM products WHERE sku = 'C1'").Scan(&web)
			if web != 140000 {
				t.Errorf("C1 web price %d after --apply, want 140000 (1,500 less 100)", web)
			}
		})
	})
}
