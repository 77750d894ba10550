package cli

import "github.com/spf13/cobra"

// NewCmdEoffer is `shopctl eoffer`: the e-ponuda price tool and feed (competitor files,
// recalculation, feed export). Each verb lives in its own file (eoffer_*.go) and is added here.
func NewCmdEoffer(f *Factory, subs ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{Use: "eoffer", Short: "E-ponuda: competitor prices, recalculation, feed export"}
	cmd.AddCommand(subs...)
	return cmd
}
