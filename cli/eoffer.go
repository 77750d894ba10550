package cli

import "github.com/spf13/cobra"

// NewCmdEoffer is `shopctl eoffer`: the e-ponuda tool and the public feeds. Its subcommands
// live in their own files (eoffer_export.go: export).
func NewCmdEoffer(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "eoffer", Short: "E-ponuda: competitor prices and the public product feeds"}
	cmd.AddCommand(NewCmdEofferExport(f, nil))
	return cmd
}
