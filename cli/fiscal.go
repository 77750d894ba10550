package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"shop/internal/fiscal"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
)

// NewCmdFiscal is `shopctl fiscal`: the operator's view of the fiscal receipts.
func NewCmdFiscal(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "fiscal", Short: "Fiscal receipts: status and retry"}
	cmd.AddCommand(NewCmdFiscalStatus(f, nil), NewCmdFiscalRetry(f, nil))
	return cmd
}

// FiscalStatusOptions are `shopctl fiscal status`'s arguments.
type FiscalStatusOptions struct {
	F     *Factory
	Order string
}

// NewCmdFiscalStatus is `shopctl fiscal status [order-number]`: the receipts' counts and the
// ones waiting or failed with the reason, or one order's receipts.
func NewCmdFiscalStatus(f *Factory, runF func(*FiscalStatusOptions) error) *cobra.Command {
	opts := &FiscalStatusOptions{F: f}
	cmd := &cobra.Command{
		Use:   "status [order-number]",
		Short: "Show pending and failed receipts (with the reason), or one order's receipts",
		Example: "  shopctl fiscal status\n" +
			"  shopctl fiscal status 2026-000123 --lang en",
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Order = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return fiscalStatusRun(cmd.Context(), opts)
		},
	}
	return cmd
}

// FiscalStatusJSON is what --json prints.
type FiscalStatusJSON struct {
	Counts   map[string]int64 `json:"counts,omitempty"`
	Receipts []fiscal.Receipt `json:"receipts"`
}

func fiscalStatusRun(ctx context.Context, o *FiscalStatusOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	var out FiscalStatusJSON
	if o.Order != "" {
		if out.Receipts, err = a.Fiscal.ForOrderNumber(ctx, o.Order); err != nil {
			return err
		}
	} else {
		if out.Counts, err = a.Fiscal.Counts(ctx); err != nil {
			return err
		}
		for _, st := range []string{fiscal.StatusFailed, fiscal.StatusPending} {
			list, _, err := a.Fiscal.List(ctx, fiscal.Filter{Status: st, Page: pageAll})
			if err != nil {
				return err
			}
			out.Receipts = append(out.Receipts, list...)
		}
	}
	if out.Receipts == nil {
		out.Receipts = []fiscal.Receipt{}
	}
	if o.F.JSON {
		return o.F.PrintJSON(out)
	}
	w := o.F.IO.Out
	if out.Counts != nil {
		fmt.Fprintln(w, i18n.T(lang, "fiscal.cli_counts", map[string]any{"sent": out.Counts[fiscal.StatusSent],
			"pending": out.Counts[fiscal.StatusPending], "failed": out.Counts[fiscal.StatusFailed]}))
	}
	if a.Fiscal.Simulated() {
		fmt.Fprintln(w, i18n.T(lang, "fiscal.test_receipt", nil))
	}
	if len(out.Receipts) == 0 {
		if o.Order != "" {
			fmt.Fprintln(w, i18n.T(lang, "fiscal.cli_none_for_order", map[string]any{"order": o.Order}))
		}
		return nil
	}
	printReceipts(w, lang, out.Receipts)
	return nil
}

// pageAll is a page holding every row a status lists (the operator's terminal, not a screen).
var pageAll = listing.Page{Number: 1, Size: 10000}

func printReceipts(w io.Writer, lang i18n.Lang, list []fiscal.Receipt) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, i18n.T(lang, "fiscal.cli_header", nil))
	for _, r := range list {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", r.ID, r.OrderNumber, i18n.T(lang, "fiscal.kind."+r.Kind, nil),
			i18n.T(lang, "fiscal.status."+r.Status, nil), r.Attempts, orDash(r.InvoiceNumber), orDash(oneLine(r.Reason)))
	}
	tw.Flush()
}

// FiscalRetryOptions are `shopctl fiscal retry`'s arguments.
type FiscalRetryOptions struct {
	F         *Factory
	ID        uint64
	AllFailed bool
}

// NewCmdFiscalRetry is `shopctl fiscal retry ID|--all-failed`: failed receipts back to the
// queue under their own RequestId, so one the device did sign is found, not signed again.
func NewCmdFiscalRetry(f *Factory, runF func(*FiscalRetryOptions) error) *cobra.Command {
	opts := &FiscalRetryOptions{F: f}
	cmd := &cobra.Command{
		Use:   "retry RECEIPT-ID | --all-failed",
		Short: "Send failed receipts again (the worker signs them)",
		Example: "  shopctl fiscal retry 42\n" +
			"  shopctl fiscal retry --all-failed",
		Args: func(cmd *cobra.Command, args []string) error {
			id, err := retryTarget(args, opts.AllFailed)
			opts.ID = id
			return err
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return fiscalRetryRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.AllFailed, "all-failed", false, "every failed receipt")
	return cmd
}

// retryTarget reads `retry ID | --all-failed`: exactly one of the two.
func retryTarget(args []string, all bool) (uint64, error) {
	switch {
	case all && len(args) == 0:
		return 0, nil
	case all || len(args) != 1:
		return 0, UsageError{fmt.Errorf("give one id or --all-failed")}
	}
	id, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil || id == 0 {
		return 0, UsageError{fmt.Errorf("%q is not an id", args[0])}
	}
	return id, nil
}

func fiscalRetryRun(ctx context.Context, o *FiscalRetryOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	var list []fiscal.Receipt
	if o.AllFailed {
		if list, err = a.Fiscal.RetryFailed(ctx); err != nil {
			return err
		}
	} else {
		r, err := a.Fiscal.Retry(ctx, o.ID)
		if err != nil {
			return err
		}
		list = []fiscal.Receipt{*r}
	}
	if list == nil {
		list = []fiscal.Receipt{}
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"retried": list})
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "fiscal.cli_retried", map[string]any{"n": len(list)}))
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// rangeArgs is cobra.RangeArgs reported as a usage error.
func rangeArgs(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < lo || len(args) > hi {
			return UsageError{argsError{cmd: cmd.CommandPath(), lo: lo, hi: hi, got: len(args)}}
		}
		return nil
	}
}
