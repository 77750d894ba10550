package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"shop/internal/demo"
	"shop/internal/platform/i18n"
)

// SeedBenchOptions are `shopctl seed bench`'s flags.
type SeedBenchOptions struct {
	F        *Factory
	Products int64
}

// NewCmdSeedBench is the command that fills a new shop with the demo shop plus a large
// catalogue for benchmarks; runF replaces the run in tests.
func NewCmdSeedBench(f *Factory, runF func(*SeedBenchOptions) error) *cobra.Command {
	opts := &SeedBenchOptions{F: f}
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Fill a new shop with the demo shop plus a large catalogue for benchmarks (refuses a database that holds real users)",
		Long: "Seeds the demo shop (users and catalogue), then adds benchmark products BN1..BNn over the demo's\n" +
			"leaf categories and brands, set-based. A second run adds only what is missing.",
		Example: "  shopctl seed bench --products 100000\n  shopctl seed bench --products 5000 --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Products < 1 || opts.Products > 10_000_000 {
				return UsageError{fmt.Errorf("seed bench: --products must be between 1 and 10000000")}
			}
			if runF != nil {
				return runF(opts)
			}
			return seedBenchRun(cmd, opts)
		},
	}
	cmd.Flags().Int64Var(&opts.Products, "products", 100_000, "how many benchmark products the shop should hold")
	return cmd
}

func seedBenchRun(cmd *cobra.Command, o *SeedBenchOptions) error {
	lang := i18n.FromHeader(o.F.Lang)
	a, err := o.F.App(cmd.Context())
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := demo.SeedBench(cmd.Context(), a.DB, a.Identity, o.Products)
	if err != nil {
		return err
	}
	took := time.Since(start)
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"created": res.Created, "products": res.Products, "seconds": took.Seconds()})
	}
	if res.Created == 0 {
		fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.bench_present", map[string]any{"n": res.Products}))
		return nil
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.bench_done", map[string]any{"created": res.Created, "total": res.Products, "took": took.Round(time.Millisecond).String()}))
	return nil
}
