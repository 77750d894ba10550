package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/demo"
	"shop/internal/platform/i18n"
)

// SeedOptions are the inputs of `shopctl seed`: what to seed (demo).
type SeedOptions struct {
	F    *Factory
	What string
}

// NewCmdSeed is `shopctl seed demo`; runF replaces the run in tests.
func NewCmdSeed(f *Factory, runF func(*SeedOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "seed demo",
		Short:   "Fill a new shop with demo data: users and a catalogue (refuses a database that holds real users)",
		Example: "  shopctl seed demo",
		Args:    exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] != "demo" {
				return UsageError{fmt.Errorf("seed: %q is not demo", args[0])}
			}
			opts := &SeedOptions{F: f, What: args[0]}
			if runF != nil {
				return runF(opts)
			}
			return seedRun(cmd, opts)
		},
	}
	cmd.AddCommand(NewCmdSeedBench(f, nil), NewCmdSeedPricelistFile(f, nil))
	return cmd
}

func seedRun(cmd *cobra.Command, o *SeedOptions) error {
	lang := i18n.FromHeader(o.F.Lang)
	a, err := o.F.App(cmd.Context())
	if err != nil {
		return err
	}
	created, err := demo.SeedExclusive(cmd.Context(), a.DB, a.Identity, false, demo.CatalogOptions{Catalog: a.Catalog, Blobs: a.Blobs, Sales: a.Sales})
	if err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]bool{"created": created})
	}
	if !created {
		fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.seed_present", nil))
		return nil
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.seed_done", map[string]any{"password": demo.Password}))
	for _, u := range demo.Users {
		fmt.Fprintf(o.F.IO.Out, "  %-18s %s\n", u.Email, u.Role)
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.seed_catalogue", map[string]any{"n": demo.DemoProducts}))
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.seed_orders", map[string]any{"n": demo.DemoOrders}))
	return nil
}
