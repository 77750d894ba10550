package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"shop/internal/demo"
)

func TestOrdersExportRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.mustRun(t, "seed", "demo")
		rows := func(file string) [][]string {
			t.Helper()
			x, err := excelize.OpenFile(file)
			if err != nil {
				t.Fatal(err)
			}
			defer x.Close()
			r, err := x.GetRows(x.GetSheetName(0))
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		all := filepath.Join(t.TempDir(), "all.xlsx")
		out := s.mustRun(t, "--lang", "en", "orders", "export", "--out", all)
		if !strings.HasPrefix(out, "12 orders, ") || !strings.Contains(out, " RSD -> "+all) {
			t.Errorf("output: %q", out)
		}
		if r := rows(all); len(r) != demo.DemoOrders+1 || len(r[0]) < 5 {
			t.Fatalf("all orders: %d rows (want a header and %d)", len(r), demo.DemoOrders)
		}
		// A filter narrows it as the admin's list does; a bad one names its flag and writes nothing.
		pending := filepath.Join(t.TempDir(), "pending.xlsx")
		s.out.Reset()
		out = s.mustRun(t, "orders", "export", "--status", "pending", "--out", pending)
		var n int
		for _, r := range rows(pending)[1:] {
			n++
			if !strings.Contains(strings.Join(r, "|"), "Na čekanju") {
				t.Errorf("a pending export's row: %v", r)
			}
		}
		if n == 0 || n >= demo.DemoOrders || !strings.HasPrefix(out, strings.TrimSpace(strings.Split(out, " ")[0])) {
			t.Errorf("pending rows %d, output %q", n, out)
		}
		bad := filepath.Join(t.TempDir(), "bad.xlsx")
		s.out.Reset()
		if _, errOut, code := s.run(t, "orders", "export", "--from", "25.11.2026", "--out", bad); code == 0 || !strings.Contains(errOut, "date_from") && !strings.Contains(errOut, "from") {
			t.Errorf("bad --from: exit %d, %q", code, errOut)
		}
		if _, _, code := s.run(t, "orders", "export"); code == 0 {
			t.Error("without --out: exit 0")
		}
	})
}
