package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// NewCmdPrices is `shopctl prices`: the derived prices.
func NewCmdPrices(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "prices", Short: "Derived prices: recompute them from their inputs"}
	cmd.AddCommand(NewCmdPricesRecompute(f, nil))
	return cmd
}

// PricesRecomputeOptions are `shopctl prices recompute`'s arguments.
type PricesRecomputeOptions struct {
	F        *Factory
	Category uint64 // 0: --all
	All      bool
	DryRun   bool
}

// largestShown is how many of the largest changes the summary lists.
const largestShown = 10

// NewCmdPricesRecompute is the command that recomputes the derived prices of a category's
// products or of every product; runF replaces the run in tests.
func NewCmdPricesRecompute(f *Factory, runF func(*PricesRecomputeOptions) error) *cobra.Command {
	opts := &PricesRecomputeOptions{F: f}
	cmd := &cobra.Command{
		Use:   "recompute (--category ID | --all) [--dry-run]",
		Short: "Recompute the derived prices of a category's products or of every product",
		Long: "Recomputes web, retail, dealer, authenticated and action prices from the entry prices, the categories'\n" +
			"VAT and margins and the pricing rules, in one transaction, writing only the products whose prices change.\n" +
			"--dry-run computes the same and writes nothing. Prints how many products change and the largest changes\n" +
			"of the web price; --json prints the same for machines. Exit code 0 ok, 1 failure, 2 usage.",
		Example: "  shopctl prices recompute --all --dry-run\n  shopctl prices recompute --category 12 --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			lang := i18n.FromHeader(f.Lang)
			if opts.All == (opts.Category != 0) {
				return UsageError{fmt.Errorf("%s", i18n.T(lang, "pricing.cli_scope_usage", nil))}
			}
			if runF != nil {
				return runF(opts)
			}
			return pricesRecomputeRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().Uint64Var(&opts.Category, "category", 0, "the products whose main category this is")
	cmd.Flags().BoolVar(&opts.All, "all", false, "every product")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "compute and report, write nothing")
	return cmd
}

// PricesRecomputeJSON is --json's answer.
type PricesRecomputeJSON struct {
	Scope      string           `json:"scope"` // "all" or "category:ID"
	DryRun     bool             `json:"dry_run"`
	Changed    int64            `json:"changed"`
	Largest    []pricing.Change `json:"largest"`
	DurationMS int64            `json:"duration_ms"`
}

func pricesRecomputeRun(ctx context.Context, o *PricesRecomputeOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	scope, name := pricing.All(), "all"
	if o.Category != 0 {
		if scope, err = a.Pricing.CategoryScope(ctx, o.Category); err != nil {
			return err
		}
		name = fmt.Sprintf("category:%d", o.Category)
	}
	ph := newPhases(o.F.IO.ErrOut, lang)
	start := time.Now()
	rep, err := a.Pricing.Recompute(ctx, scope, o.DryRun, largestShown, ph.report)
	ph.done()
	if err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(PricesRecomputeJSON{Scope: name, DryRun: rep.DryRun, Changed: rep.Changed, Largest: rep.Largest,
			DurationMS: time.Since(start).Milliseconds()})
	}
	w := o.F.IO.Out
	key := "pricing.cli_changed"
	if o.DryRun {
		key = "pricing.cli_would_change"
	}
	fmt.Fprintln(w, i18n.T(lang, key, map[string]any{"count": rep.Changed}))
	if len(rep.Largest) > 0 {
		fmt.Fprintln(w, i18n.T(lang, "pricing.cli_largest", map[string]any{"n": len(rep.Largest)}))
		for _, c := range rep.Largest {
			d := c.ShownChange()
			sign := "+"
			if d < 0 {
				sign, d = "-", -d
			}
			fmt.Fprintln(w, i18n.T(lang, "pricing.cli_change_row", map[string]any{"sku": c.SKU, "name": c.Name,
				"old": money.Format(int64(c.OldShown())), "new": money.Format(int64(c.NewShown())), "change": sign + money.Format(int64(d))}))
		}
	}
	return nil
}

// phases shows the recompute's phase: a spinner on a terminal, one plain line per phase
// otherwise (the recompute is one statement: there is no count to show).
type phases struct {
	w    io.Writer
	lang i18n.Lang
	bar  *progressbar.ProgressBar
}

func newPhases(w io.Writer, lang i18n.Lang) *phases {
	p := &phases{w: w, lang: lang}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions64(-1, progressbar.OptionSetWriter(w), progressbar.OptionSpinnerType(14),
			progressbar.OptionThrottle(100*time.Millisecond))
	}
	return p
}

func (p *phases) report(phase string) {
	text := i18n.T(p.lang, "pricing.cli_phase_"+phase, nil)
	if p.bar != nil {
		p.bar.Describe(text)
		_ = p.bar.Add(1)
		return
	}
	fmt.Fprintln(p.w, text)
}

// done clears the spinner from the terminal's line before the summary is printed.
func (p *phases) done() {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
}
