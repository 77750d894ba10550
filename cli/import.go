package cli

import "github.com/spf13/cobra"

// NewCmdImport is `shopctl import`: bulk data into the shop (price lists).
func NewCmdImport(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "import", Short: "Import data into the shop"}
}
