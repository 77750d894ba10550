package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"shop/internal/eoffer"
	"shop/internal/platform/i18n"
	"shop/internal/pricelist"
)

// EofferImportOptions are `shopctl eoffer import`'s arguments.
type EofferImportOptions struct {
	F    *Factory
	File string
}

// NewCmdEofferImport is the command that loads an e-ponuda competitor price file (CSV, XLSX or
// XLS); runF replaces the run in tests.
func NewCmdEofferImport(f *Factory, runF func(*EofferImportOptions) error) *cobra.Command {
	opts := &EofferImportOptions{F: f}
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Load a competitor price file (CSV, XLSX or XLS) as the admin's 'Unesi csv' does",
		Long: "Reads FILE (CSV with ',' or ';' in UTF-8 or Windows-1250, XLSX or XLS: sku, shop, price) here and\n" +
			"replaces the competitor offers with its rows. Rows with an unknown SKU or an unreadable price are\n" +
			"counted and listed. The exit code is 1 when the file is refused.",
		Example: "  shopctl eoffer import ponuda.csv\n  shopctl eoffer import ponuda.xlsx --json",
		Args:    exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if runF != nil {
				return runF(opts)
			}
			return eofferImportRun(cmd.Context(), opts)
		},
	}
}

func eofferImportRun(ctx context.Context, o *EofferImportOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	file, err := os.Open(o.File)
	if err != nil {
		return err
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return err
	}
	prog := newProgress(o.F.IO.ErrOut, lang)
	ctx = eoffer.WithLang(eoffer.WithProgress(ctx, func(rows int) { prog.report(pricelist.PhaseReading, rows, -1) }), lang)
	imp, err := a.Eoffer.Inline().Upload(ctx, 0, filepath.Base(o.File), file, st.Size())
	prog.done()
	if err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"import": imp, "report": imp.ParsedReport().Localized(lang)})
	}
	if imp.Status == eoffer.StatusFailed {
		return errors.New(i18n.T(lang, "eoffer.cli_failed", map[string]any{"file": imp.FileName, "reason": imp.Error}))
	}
	rep := imp.ParsedReport().Localized(lang)
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "eoffer.cli_imported", map[string]any{"file": imp.FileName, "rows": imp.Rows, "offers": imp.Offers,
		"rejected": imp.Rejected, "unknown": rep.UnknownSKU, "bad": rep.BadPrice}))
	for _, r := range rep.RejectedRows {
		fmt.Fprintf(o.F.IO.Out, "  %d\t%s\t%s\t%s\n", r.Line, r.SKU, r.Shop, r.Reason)
	}
	return nil
}
