package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"shop/internal/pricelist"
)

func TestNewCmdSeedPricelistFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		want     SeedPricelistFileOptions
		wantCode int
	}{
		{"defaults", []string{"pricelist-file", "--out", "c.xlsx"},
			SeedPricelistFileOptions{Rows: 1000, Out: "c.xlsx", Seed: 1, FirstSKU: 1}, 0},
		{"all flags", []string{"pricelist-file", "--rows", "500", "--out=/tmp/c.xlsx", "--seed", "7", "--day", "2", "--serbian-headers",
			"--first-sku", "1000", "--bad-percent", "5", "--title-rows", "3"},
			SeedPricelistFileOptions{Rows: 500, Out: "/tmp/c.xlsx", Seed: 7, Day: 2, SerbianHeaders: true, FirstSKU: 1000, BadPercent: 5, TitleRows: 3}, 0},
		{"no out", []string{"pricelist-file", "--rows", "5"}, SeedPricelistFileOptions{}, 2},
		{"zero rows", []string{"pricelist-file", "--rows", "0", "--out", "c.xlsx"}, SeedPricelistFileOptions{}, 2},
		{"too many rows", []string{"pricelist-file", "--rows", "1000001", "--out", "c.xlsx"}, SeedPricelistFileOptions{}, 2},
		{"rows not a number", []string{"pricelist-file", "--rows", "many", "--out", "c.xlsx"}, SeedPricelistFileOptions{}, 2},
		{"bad percent", []string{"pricelist-file", "--out", "c.xlsx", "--bad-percent", "101"}, SeedPricelistFileOptions{}, 2},
		{"negative seed", []string{"pricelist-file", "--out", "c.xlsx", "--seed", "-1"}, SeedPricelistFileOptions{}, 2},
		{"stray argument", []string{"pricelist-file", "--out", "c.xlsx", "extra"}, SeedPricelistFileOptions{}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *SeedPricelistFileOptions
			_, err := parse(t, func(f *Factory) *cobra.Command {
				return NewCmdSeedPricelistFile(f, func(o *SeedPricelistFileOptions) error { got = o; return nil })
			}, tt.args...)
			if code := ExitCode(err); code != tt.wantCode {
				t.Fatalf("exit code %d (%v), want %d", code, err, tt.wantCode)
			}
			if tt.wantCode != 0 {
				if got != nil {
					t.Error("runF called despite a usage error")
				}
				return
			}
			got.F = nil
			if diff := cmp.Diff(tt.want, *got); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
	// The help says --out is required, as the refusal does.
	cmd := NewCmdSeedPricelistFile(&Factory{}, nil)
	if !strings.Contains(cmd.UseLine(), "--out FILE") || !strings.Contains(cmd.Flags().Lookup("out").Usage, "required") {
		t.Errorf("help does not mark --out required: %q, %q", cmd.UseLine(), cmd.Flags().Lookup("out").Usage)
	}
	// Reached through `seed` as shopctl registers it.
	_, err := parse(t, func(f *Factory) *cobra.Command { return NewCmdSeed(f, nil) }, "seed", "pricelist-file", "--rows", "x", "--out", "c.xlsx")
	if ExitCode(err) != 2 {
		t.Errorf("seed pricelist-file with a bad flag: %v, want a usage error", err)
	}
}

func TestSeedPricelistFileRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	run := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}, Environ: func() []string { return nil }}
		code := Run(f, args)
		return out.String(), errOut.String(), code
	}
	path := filepath.Join(dir, "cenovnik.xlsx")
	out, errOut, code := run("seed", "pricelist-file", "--rows", "300", "--out", path, "--serbian-headers", "--bad-percent", "10", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// The summary follows --lang, the size's decimal mark too.
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `\nredova 300, [0-9]+,[0-9] KB\n$`).MatchString(out) {
		t.Errorf("output %q", out)
	}
	if out, _, _ := run("--lang", "en", "seed", "pricelist-file", "--rows", "300", "--out", filepath.Join(dir, "en.xlsx")); !regexp.MustCompile(`\n300 rows, [0-9]+\.[0-9] KB\n$`).MatchString(out) {
		t.Errorf("English output %q", out)
	}
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	info, err := pricelist.ReadSheet(context.Background(), file, fi.Size(), nil, pricelist.ReadOptions{}, func(pricelist.Row) error { return nil })
	if err != nil || info.Rows != 300 || info.Rejected == 0 || info.Header[pricelist.FieldSKU] != "Šifra" {
		t.Errorf("the file reads as %+v, %v", info, err)
	}

	// --json, and the same seed writes the same rows.
	path2 := filepath.Join(dir, "isti.xlsx")
	out, errOut, code = run("seed", "pricelist-file", "--rows", "300", "--out", path2, "--serbian-headers", "--bad-percent", "10", "--seed", "3", "--json")
	var res struct {
		Path        string
		Bytes, Rows int64
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Path != path2 || res.Rows != 300 || res.Bytes < 1000 {
		t.Fatalf("json run: exit %d, %q, %s", code, out, errOut)
	}
	if rowsOf(t, path) != rowsOf(t, path2) {
		t.Error("the same seed wrote other rows")
	}

	// A folder that does not exist: exit 1, nothing left behind.
	_, errOut, code = run("seed", "pricelist-file", "--rows", "5", "--out", filepath.Join(dir, "nema", "c.xlsx"))
	if code != 1 || errOut == "" {
		t.Errorf("missing folder: exit %d, stderr %q", code, errOut)
	}
}

// rowsOf reads a price list back into one comparable string.
func rowsOf(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	_, err = pricelist.ReadSheet(context.Background(), bytes.NewReader(data), int64(len(data)), nil, pricelist.ReadOptions{}, func(r pricelist.Row) error {
		b.WriteString(r.SKU + "|" + r.Name + "|" + r.Price.String() + "|" + r.Reject + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
