package cli

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"shop/internal/einvoice"
	"shop/internal/platform/i18n"
)

// NewCmdEinvoice is `shopctl einvoice`: the operator's view of the SEF e-invoices.
func NewCmdEinvoice(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "einvoice", Short: "SEF e-invoices: status and retry"}
	cmd.AddCommand(NewCmdEinvoiceStatus(f, nil), NewCmdEinvoiceRetry(f, nil))
	return cmd
}

// EinvoiceStatusOptions are `shopctl einvoice status`'s arguments.
type EinvoiceStatusOptions struct {
	F     *Factory
	Order string
}

// NewCmdEinvoiceStatus is `shopctl einvoice status [order-number]`: the counts per status and
// the e-invoices that need the staff or are on their way, or one order's e-invoice.
func NewCmdEinvoiceStatus(f *Factory, runF func(*EinvoiceStatusOptions) error) *cobra.Command {
	opts := &EinvoiceStatusOptions{F: f}
	return &cobra.Command{
		Use:   "status [order-number]",
		Short: "Show invalid, refused, rejected and queued e-invoices, or one order's e-invoice",
		Example: "  shopctl einvoice status\n" +
			"  shopctl einvoice status 2026-000123 --json",
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Order = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return einvoiceStatusRun(cmd.Context(), opts)
		},
	}
}

// EinvoiceJSON is one e-invoice as --json prints it.
type EinvoiceJSON struct {
	ID           uint64 `json:"id"`
	OrderID      uint64 `json:"order_id"`
	Number       string `json:"number"`
	Buyer        string `json:"buyer"`
	PIB          string `json:"pib"`
	Status       string `json:"status"`
	SEFInvoiceID *int64 `json:"sef_invoice_id"`
	Error        string `json:"error"`
	Comment      string `json:"comment"`
	Attempts     int    `json:"attempts"`
}

func einvoiceJSON(list []einvoice.Einvoice) []EinvoiceJSON {
	out := make([]EinvoiceJSON, len(list))
	for i, e := range list {
		out[i] = EinvoiceJSON{ID: e.ID, OrderID: e.OrderID, Number: e.Number, Buyer: e.BuyerName, PIB: e.BuyerPIB, Status: e.Status,
			SEFInvoiceID: e.SEFInvoiceID, Error: e.Error, Comment: e.Comment, Attempts: e.Attempts}
	}
	return out
}

func einvoiceStatusRun(ctx context.Context, o *EinvoiceStatusOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	var counts map[string]int64
	var list []einvoice.Einvoice
	if o.Order != "" {
		e, err := a.Einvoice.ByOrderNumber(ctx, o.Order)
		if err != nil {
			return err
		}
		list = []einvoice.Einvoice{*e}
	} else {
		if counts, err = a.Einvoice.Counts(ctx); err != nil {
			return err
		}
		if list, err = a.Einvoice.Unfinished(ctx); err != nil {
			return err
		}
	}
	if o.F.JSON {
		v := map[string]any{"einvoices": einvoiceJSON(list)}
		if counts != nil {
			v["counts"] = counts
		}
		return o.F.PrintJSON(v)
	}
	w := o.F.IO.Out
	if counts != nil {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, st := range einvoice.Statuses {
			fmt.Fprintf(tw, "%s\t%d\n", einvoice.StatusLabel(lang, st), counts[st])
		}
		tw.Flush()
	}
	if a.Einvoice.Simulator() {
		fmt.Fprintln(w, i18n.T(lang, "einvoice.cli_test", nil))
	}
	if len(list) > 0 {
		printEinvoices(w, lang, list)
	}
	return nil
}

func printEinvoices(w io.Writer, lang i18n.Lang, list []einvoice.Einvoice) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, i18n.T(lang, "einvoice.cli_header", nil))
	for _, e := range list {
		sef := "-"
		if e.SEFInvoiceID != nil {
			sef = fmt.Sprint(*e.SEFInvoiceID)
		}
		why := e.Error
		if why == "" {
			why = e.Comment
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.Number, e.BuyerName, einvoice.StatusLabel(lang, e.Status), sef, orDash(oneLine(why)))
	}
	tw.Flush()
}

// EinvoiceRetryOptions are `shopctl einvoice retry`'s arguments.
type EinvoiceRetryOptions struct {
	F         *Factory
	ID        uint64
	AllFailed bool
}

// NewCmdEinvoiceRetry is `shopctl einvoice retry ID|--all-failed`: an invalid or refused
// e-invoice made again from the current data and queued (a queued one queued again).
func NewCmdEinvoiceRetry(f *Factory, runF func(*EinvoiceRetryOptions) error) *cobra.Command {
	opts := &EinvoiceRetryOptions{F: f}
	cmd := &cobra.Command{
		Use:   "retry EINVOICE-ID | --all-failed",
		Short: "Make invalid or refused e-invoices again from the current data and send them",
		Example: "  shopctl einvoice retry 7\n" +
			"  shopctl einvoice retry --all-failed",
		Args: func(cmd *cobra.Command, args []string) error {
			id, err := retryTarget(args, opts.AllFailed)
			opts.ID = id
			return err
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return einvoiceRetryRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.AllFailed, "all-failed", false, "every invalid or refused e-invoice")
	return cmd
}

func einvoiceRetryRun(ctx context.Context, o *EinvoiceRetryOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	var list []einvoice.Einvoice
	if o.AllFailed {
		if list, err = a.Einvoice.RetryFailed(ctx); err != nil {
			return err
		}
	} else {
		e, err := a.Einvoice.Retry(ctx, o.ID)
		if err != nil {
			return err
		}
		list = []einvoice.Einvoice{*e}
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"retried": einvoiceJSON(list)})
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "einvoice.cli_retried", map[string]any{"n": len(list)}))
	if len(list) > 0 {
		printEinvoices(o.F.IO.Out, lang, list)
	}
	return nil
}
