package cli

import (
	"fmt"
	"sort"

	"github.com/spf13/cobra"
)

// ConfigShowOptions are the inputs of `shopctl config show`.
type ConfigShowOptions struct{ F *Factory }

// NewCmdConfig is `shopctl config` (show); runF replaces the run in tests.
func NewCmdConfig(f *Factory, runF func(*ConfigShowOptions) error) *cobra.Command {
	c := &cobra.Command{Use: "config", Short: "Inspect the configuration"}
	c.AddCommand(&cobra.Command{
		Use:     "show",
		Short:   "Print the effective configuration (defaults, file, SHOP_* variables) with secrets masked",
		Example: "  shopctl config show\n  SHOP_HTTP_ADDR=:9090 shopctl config show --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts := &ConfigShowOptions{F: f}
			if runF != nil {
				return runF(opts)
			}
			return configShowRun(opts)
		},
	})
	return c
}

func configShowRun(o *ConfigShowOptions) error {
	cfg, err := o.F.Config()
	if err != nil {
		return err
	}
	m := cfg.Masked()
	if o.F.JSON {
		return o.F.PrintJSON(m)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(o.F.IO.Out, "%-30s %v\n", k, m[k])
	}
	return nil
}
