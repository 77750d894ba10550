package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"shop/internal/app"
	"shop/internal/pricelist"
	"shop/worker"
)

func TestNewCmdImportPricelist(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args     []string
		wantCode int
		want     ImportPricelistOptions
		wantJSON bool
	}{
		{[]string{"import", "pricelist", "c.xlsx", "--supplier", "3"}, 0, ImportPricelistOptions{File: "c.xlsx", Supplier: "3"}, false},
		{[]string{"import", "pricelist", "c.xlsx", "--supplier=Comtrade", "--wait", "--json"}, 0, ImportPricelistOptions{File: "c.xlsx", Supplier: "Comtrade", Wait: true}, true},
		{[]string{"import", "pricelist", "c.xlsx"}, 2, ImportPricelistOptions{}, false},
		{[]string{"import", "pricelist", "c.xlsx", "--supplier", " "}, 2, ImportPricelistOptions{}, false},
		{[]string{"import", "pricelist", "--supplier", "3"}, 2, ImportPricelistOptions{}, false},
		{[]string{"import", "pricelist", "a.xlsx", "b.xlsx", "--supplier", "3"}, 2, ImportPricelistOptions{}, false},
		{[]string{"import", "pricelist", "c.xlsx", "--supplier", "3", "--force"}, 2, ImportPricelistOptions{}, false},
	}
	for _, tt := range tests {
		var got *ImportPricelistOptions
		f, err := parse(t, func(f *Factory) *cobra.Command {
			cmd := NewCmdImport(f)
			// The same command with a capturing runF in place of the real one.
			for _, c := range cmd.Commands() {
				cmd.RemoveCommand(c)
			}
			cmd.AddCommand(NewCmdImportPricelist(f, func(o *ImportPricelistOptions) error { got = o; return nil }))
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
		if got == nil || got.File != tt.want.File || got.Supplier != tt.want.Supplier || got.Wait != tt.want.Wait || f.JSON != tt.wantJSON {
			t.Errorf("%v: options %+v json=%v", tt.args, got, f.JSON)
		}
	}
}

// importFile writes a generated price list of n rows (opts as WriteSample takes them).
func importFile(t *testing.T, n int, opts pricelist.SampleOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := pricelist.WriteSample(&buf, n, opts); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "cenovnik.xlsx")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestImportPricelistInline: without redis.url the import runs in shopctl, by supplier name or
// id, with plain progress lines when not on a terminal, a summary, --json; a refused file and a
// failed import exit 1 with the reason.
func TestImportPricelistInline(t *testing.T) {
	t.Parallel()
	// The embedded set-up: SQLite and no redis.url.
	s := &testShop{environ: []string{"SHOP_DATA_DIR=" + t.TempDir(), "HOME=/nonexistent"}}
	var supplierID uint64
	s.withApp(t, func(a *app.App) {
		sp, err := a.Catalog.CreateSupplier(context.Background(), "Comtrade")
		if err != nil {
			t.Fatal(err)
		}
		supplierID = sp.ID
	})
	file := importFile(t, 12_000, pricelist.SampleOptions{Seed: 5, BadPercent: 1})
	out, errOut, code := s.run(t, "import", "pricelist", file, "--supplier", "comtrade")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	// Under the default --lang sr every label is Serbian, and the progress names each phase,
	// with the total once it is known.
	for _, want := range []string{"Uvoz #1 cenovnika cenovnik.xlsx dobavljača Comtrade: završen\n", "\nredova 12000, novih ",
		"\nOdbijeni redovi (prvih 10 od ", "\n  red "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	for _, english := range []string{"rows", "created", "rejected", "import #", "SKU", "supplier categories"} {
		if strings.Contains(out, english) {
			t.Errorf("summary under --lang sr says %q:\n%s", english, out)
		}
	}
	for _, want := range []string{"čitanje redova: 10000\n", "priprema redova: ", "upis redova: ", "obaveštavanje: 12000/12000\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("progress lacks %q:\n%s", want, errOut)
		}
	}
	// The plain progress ends each phase at its total, the count the summary gives.
	merged := regexp.MustCompile(`upis redova: ([0-9]+)/([0-9]+)\n`).FindAllStringSubmatch(errOut, -1)
	if len(merged) == 0 || merged[len(merged)-1][1] != merged[len(merged)-1][2] {
		t.Errorf("the merge's last progress line is not its total:\n%s", errOut)
	}
	if i, j := strings.Index(errOut, "priprema"), strings.Index(errOut, "obaveštavanje"); i < strings.Index(errOut, "čitanje") || j < i {
		t.Errorf("phases out of order:\n%s", errOut)
	}
	out = s.mustRun(t, "--lang", "en", "import", "pricelist", file, "--supplier", "comtrade")
	if !strings.Contains(out, "import #2 of cenovnik.xlsx for Comtrade: finished") || !strings.Contains(out, "rows 12000, created 0") {
		t.Errorf("--lang en summary:\n%s", out)
	}

	out = s.mustRun(t, "import", "pricelist", file, "--supplier", "1", "--json")
	var imp ImportJSON
	if err := json.Unmarshal([]byte(out), &imp); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if imp.Status != "finished" || imp.Rows != 12_000 || imp.Created != 0 || imp.Updated != 0 || imp.Unchanged+imp.Rejected != 12_000 ||
		imp.Rejected == 0 || imp.Report == nil || len(imp.Report.RejectedRows) == 0 || imp.SupplierID != supplierID {
		t.Errorf("second import: %+v", imp)
	}

	// A refused file: exit 1 naming the reason, nothing imported.
	text := filepath.Join(t.TempDir(), "cenovnik.xlsx")
	os.WriteFile(text, []byte("sku;price\n1;2\n"), 0o644)
	_, errOut, code = s.run(t, "import", "pricelist", text, "--supplier", "Comtrade")
	if code != 1 || !strings.Contains(errOut, "Fajl mora biti u XLSX formatu") {
		t.Errorf("text file: exit %d, %s", code, errOut)
	}
	_, errOut, code = s.run(t, "--lang", "en", "import", "pricelist", file, "--supplier", "Nobody")
	if code != 1 || !strings.Contains(errOut, `no supplier is called "Nobody"`) {
		t.Errorf("unknown supplier: exit %d, %s", code, errOut)
	}
	// A file whose rows have no price column: the import fails, exit 1 with the reason.
	noPrice := importFile(t, 3, pricelist.SampleOptions{Headers: pricelist.HeaderMapping{pricelist.FieldPrice: "-"}})
	out, errOut, code = s.run(t, "--lang", "en", "import", "pricelist", noPrice, "--supplier", "Comtrade")
	if code != 1 || !strings.Contains(errOut, "failed") || !strings.Contains(errOut, "price") || !strings.Contains(out, ": failed") {
		t.Errorf("no price column: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestImportPricelistQueued: with redis.url the import is queued for the workers; --wait waits
// for it and prints the summary; without --wait it answers at once.
func TestImportPricelistQueued(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		f := s.factory()
		t.Cleanup(f.Close)
		a, err := f.App(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Catalog.CreateSupplier(context.Background(), "Comtrade"); err != nil {
			t.Fatal(err)
		}
		file := importFile(t, 200, pricelist.SampleOptions{Seed: 2})
		out := s.mustRun(t, "import", "pricelist", file, "--supplier", "Comtrade")
		if !strings.Contains(out, "Uvoz #1 cenovnika cenovnik.xlsx dobavljača Comtrade je u redu čekanja") {
			t.Errorf("without --wait: %s", out)
		}

		log := slog.New(slog.DiscardHandler)
		srv := worker.NewServer(a.Redis, 2, 5*time.Second, log)
		if err := srv.Start(worker.Mux(worker.Deps{Log: log, Mail: a.Mail, Identity: a.Identity, Catalog: a.Catalog, Pricelist: a.Pricelist})); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(srv.Shutdown)
		// The first import, queued before the worker started, runs first.
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if v, err := a.Pricelist.GetImport(context.Background(), 1); err == nil && v.Status == pricelist.StatusFinished {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the first import did not finish")
			}
		}
		out = s.mustRun(t, "import", "pricelist", file, "--supplier", "Comtrade", "--wait", "--json")
		var imp ImportJSON
		if err := json.Unmarshal([]byte(out), &imp); err != nil {
			t.Fatalf("--json: %v\n%s", err, out)
		}
		if imp.ID != 2 || imp.Status != "finished" || imp.Rows != 200 || imp.Unchanged+imp.Rejected != 200 {
			t.Errorf("--wait: %+v", imp)
		}
	})
}
