package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/platform/i18n"
)

// EofferExportOptions are `shopctl eoffer export`'s arguments (none besides --json).
type EofferExportOptions struct {
	F *Factory
}

// NewCmdEofferExport is `shopctl eoffer export`: write the public feeds now, as the scheduler
// does (for cron, or after a big change).
func NewCmdEofferExport(f *Factory, runF func(*EofferExportOptions) error) *cobra.Command {
	opts := &EofferExportOptions{F: f}
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write the e-ponuda (CSV, XML) and Google Merchant feeds to object storage",
		Long: "Writes /feeds/eponuda.xml, /feeds/eponuda.csv and /feeds/google.xml from the current catalogue\n" +
			"(active, visible, in-feed products with a buyable price, at the guest's price). Each replaces the\n" +
			"previous file atomically; when the object store fails the previous files stay and the\n" +
			"super-admins are notified, and the exit code is 1.",
		Example: "  shopctl eoffer export\n  shopctl eoffer export --json",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return eofferExportRun(cmd.Context(), opts)
		},
	}
	return cmd
}

func eofferExportRun(ctx context.Context, o *EofferExportOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	res, err := a.Feeds.Export(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	// The feeds' links name the shop's public address; a guessed one is said, as shopd says it.
	if cfg, err := o.F.Config(); err == nil && cfg.HTTP.PublicURLDerived {
		fmt.Fprintln(o.F.IO.ErrOut, i18n.T(lang, "cli.public_url_derived", map[string]any{"url": cfg.HTTP.PublicURL}))
	}
	if o.F.JSON {
		return o.F.PrintJSON(res)
	}
	for _, fd := range res.Feeds {
		fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.feed_written", map[string]any{"name": fd.Name, "products": fd.Products,
			"size": readableSize(lang, fd.Size), "etag": fd.ETag}))
	}
	return nil
}
