package cli

import "github.com/spf13/cobra"

// NewCmdSeedPricelistFile is `shopctl seed pricelist-file`: a generated supplier XLSX.
func NewCmdSeedPricelistFile(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "pricelist-file", Short: "Write a generated supplier price list (XLSX)"}
}
