package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"shop/internal/platform/i18n"
	"shop/internal/pricelist"
)

// SeedPricelistFileOptions are `shopctl seed pricelist-file`'s flags.
type SeedPricelistFileOptions struct {
	F              *Factory
	Rows           int
	Out            string
	Seed           uint64
	Day            uint64
	SerbianHeaders bool
	FirstSKU       int
	BadPercent     int
	TitleRows      int
}

// NewCmdSeedPricelistFile is `shopctl seed pricelist-file`: a generated supplier XLSX.
func NewCmdSeedPricelistFile(f *Factory, runF func(*SeedPricelistFileOptions) error) *cobra.Command {
	opts := &SeedPricelistFileOptions{F: f}
	cmd := &cobra.Command{
		Use:   "pricelist-file --out FILE",
		Short: "Write a generated supplier price list (XLSX)",
		Long: "Writes a supplier price list of electronics to an XLSX file, for trying and measuring the import:\n" +
			"SKU, name, category, brand, price (numbers, or Serbian text like 1.234,56 in some rows),\n" +
			"recommended price, stock and EAN. The seed decides the content; --day writes a later list of the\n" +
			"same supplier (the same products with that day's prices and stock); --bad-percent adds rows the\n" +
			"import must reject (no SKU, no price, a price or stock that is not a number).",
		Example: "  shopctl seed pricelist-file --rows 100000 --out var/cenovnik.xlsx\n" +
			"  shopctl seed pricelist-file --rows 500 --out /tmp/c.xlsx --seed 7 --serbian-headers --bad-percent 5\n" +
			"  shopctl seed pricelist-file --rows 100000 --out var/cenovnik-2.xlsx --day 2",
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Rows < 1 || opts.Rows > 1_000_000 {
				return UsageError{fmt.Errorf("seed pricelist-file: --rows must be between 1 and 1000000")}
			}
			if opts.BadPercent < 0 || opts.BadPercent > 100 {
				return UsageError{fmt.Errorf("seed pricelist-file: --bad-percent must be between 0 and 100")}
			}
			if opts.FirstSKU < 1 || opts.TitleRows < 0 || opts.TitleRows > 15 {
				return UsageError{fmt.Errorf("seed pricelist-file: --first-sku must be at least 1, --title-rows 0 to 15")}
			}
			if runF != nil {
				return runF(opts)
			}
			return seedPricelistFileRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.Rows, "rows", 1000, "how many product rows to write")
	cmd.Flags().StringVar(&opts.Out, "out", "", "the XLSX file to write (required; replaced if it exists)")
	cmd.Flags().Uint64Var(&opts.Seed, "seed", 1, "decides the content: the same seed writes the same rows")
	cmd.Flags().Uint64Var(&opts.Day, "day", 0, "a later list of the same products: new prices and stock for each day")
	cmd.Flags().BoolVar(&opts.SerbianHeaders, "serbian-headers", false, "Serbian header texts (Šifra, Naziv, VP cena, ...) instead of English")
	cmd.Flags().IntVar(&opts.FirstSKU, "first-sku", 1, "the number of the first SKU (8 digits with leading zeros)")
	cmd.Flags().IntVar(&opts.BadPercent, "bad-percent", 0, "share of rows (0-100) made deliberately bad")
	cmd.Flags().IntVar(&opts.TitleRows, "title-rows", 0, "rows with the supplier's name and a date above the header")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

func seedPricelistFileRun(o *SeedPricelistFileOptions) (err error) {
	path, err := filepath.Abs(o.Out)
	if err != nil {
		return err
	}
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	w := bufio.NewWriterSize(file, 1<<20)
	if err = pricelist.WriteSample(w, o.Rows, pricelist.SampleOptions{Seed: o.Seed, Day: o.Day, FirstSKU: o.FirstSKU,
		Serbian: o.SerbianHeaders, BadPercent: o.BadPercent, TitleRows: o.TitleRows}); err != nil {
		return err
	}
	if err = w.Flush(); err != nil {
		return err
	}
	fi, err := file.Stat()
	if err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"path": path, "bytes": fi.Size(), "rows": o.Rows})
	}
	lang := i18n.FromHeader(o.F.Lang)
	fmt.Fprintf(o.F.IO.Out, "%s\n%s\n", path, i18n.T(lang, "cli.file_written", map[string]any{"rows": o.Rows, "size": readableSize(lang, fi.Size())}))
	return nil
}

// readableSize writes bytes as B, KB or MB (1 KB = 1024 B), one decimal above a kilobyte,
// with the language's decimal mark (36,4 KB in Serbian, 36.4 KB in English).
func readableSize(lang i18n.Lang, n int64) string {
	var s string
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		s = fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	default:
		s = fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	if lang == i18n.SR {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
