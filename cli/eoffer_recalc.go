package cli

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"shop/internal/eoffer"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
)

// EofferRecalcOptions are `shopctl eoffer recalc`'s flags.
type EofferRecalcOptions struct {
	F        *Factory
	Settings eoffer.Settings
	Scope    eoffer.Scope
	Apply    bool
	Top      int
}

// NewCmdEofferRecalc is the command that recalculates the e-ponuda prices; runF replaces the
// run in tests.
func NewCmdEofferRecalc(f *Factory, runF func(*EofferRecalcOptions) error) *cobra.Command {
	opts := &EofferRecalcOptions{F: f}
	cmd := &cobra.Command{
		Use:   "recalc --relative-to eponuda|entry --format %|RSD --value N",
		Short: "Recalculate our prices against the newest competitor file (and apply them with --apply)",
		Long: "Prints how many products come out at or above the entry price with VAT (ok) and below it (nok),\n" +
			"and a table of the largest changes of the web price. With --apply the ok products' web prices are\n" +
			"set to their new price through the price formula (as the admin's 'Potvrdi' does for chosen rows).\n" +
			"Exit codes: 0 done, 1 failure (no file, refused settings), 2 bad flags.",
		Example: "  shopctl eoffer recalc --relative-to eponuda --format % --value 2 --ignore WinWin\n" +
			"  shopctl eoffer recalc --relative-to entry --format RSD --value 500 --category 12 --apply --json",
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return eofferRecalcRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Settings.RelativeTo, "relative-to", "", "eponuda (the lowest competitor price) or entry (the entry price with VAT) (required)")
	fl.StringVar(&opts.Settings.Format, "format", "", "% or RSD (required)")
	fl.StringVar(&opts.Settings.Value, "value", "", "the value: percent or dinars (required)")
	fl.StringArrayVar(&opts.Settings.Irrelevant, "ignore", nil, "a competitor to ignore (repeatable)")
	fl.Uint64Var(&opts.Scope.Category, "category", 0, "only this main category")
	fl.Uint64Var(&opts.Scope.Supplier, "supplier", 0, "only this supplier")
	fl.Uint64Var(&opts.Scope.Brand, "brand", 0, "only this brand")
	fl.BoolVar(&opts.Apply, "apply", false, "apply the ok products' new prices")
	fl.IntVar(&opts.Top, "top", 20, "rows of the table of the largest changes")
	for _, n := range []string{"relative-to", "format", "value"} {
		_ = cmd.MarkFlagRequired(n)
	}
	return cmd
}

// EofferRecalcJSON is what --json prints.
type EofferRecalcJSON struct {
	ImportID uint64          `json:"import_id"`
	OK       int             `json:"ok"`
	NOK      int             `json:"nok"`
	Skipped  int             `json:"skipped"`
	Largest  []eoffer.Row    `json:"largest_changes"`
	Applied  *eoffer.Applied `json:"applied,omitempty"`
}

func eofferRecalcRun(ctx context.Context, o *EofferRecalcOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	svc := a.Eoffer.Inline()
	res, err := svc.Recalc(ctx, o.Settings, o.Scope)
	if err != nil {
		return err
	}
	if res.ImportID == 0 {
		return errors.New(i18n.T(lang, "eoffer.cli_no_file", nil))
	}
	all := append(append([]eoffer.Row{}, res.OK...), res.NOK...)
	sort.SliceStable(all, func(i, j int) bool {
		return abs(all[i].NewPrice-all[i].WebPrice) > abs(all[j].NewPrice-all[j].WebPrice)
	})
	if len(all) > o.Top {
		all = all[:o.Top]
	}
	out := EofferRecalcJSON{ImportID: res.ImportID, OK: len(res.OK), NOK: len(res.NOK), Skipped: res.Skipped, Largest: all}
	if o.Apply && len(res.OK) > 0 {
		ids := make([]uint64, 0, len(res.OK))
		for _, r := range res.OK {
			ids = append(ids, r.ID)
		}
		prog := newProgress(o.F.IO.ErrOut, lang)
		applied, err := svc.Apply(eoffer.WithLang(ctx, lang), o.Settings, ids)
		prog.done()
		if err != nil {
			return err
		}
		out.Applied = &applied
	}
	if o.F.JSON {
		return o.F.PrintJSON(out)
	}
	w := o.F.IO.Out
	fmt.Fprintln(w, i18n.T(lang, "eoffer.cli_counts", map[string]any{"ok": out.OK, "nok": out.NOK, "skipped": out.Skipped}))
	if len(all) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, i18n.T(lang, "eoffer.cli_header", nil))
		for _, r := range all {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%+d\t%d\n", r.SKU, r.Name, r.WebPrice, r.NewPrice, (r.NewPrice-r.WebPrice)/100, r.Position)
		}
		tw.Flush()
	}
	if out.Applied != nil {
		fmt.Fprintln(w, i18n.T(lang, "eoffer.cli_applied", map[string]any{"changed": out.Applied.Changed, "missing": out.Applied.Missing}))
	}
	return nil
}

func abs(p money.Para) money.Para {
	if p < 0 {
		return -p
	}
	return p
}
