package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/platform/i18n"
	"shop/internal/sales"
	"shop/internal/sales/invoicepdf"
)

// NewCmdOrders is `shopctl orders`: the staff's order list for the operator's terminal.
func NewCmdOrders(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "orders", Short: "Orders: export the filtered list as XLSX"}
	cmd.AddCommand(NewCmdOrdersExport(f, nil))
	return cmd
}

// OrdersExportOptions are `shopctl orders export`'s arguments: the admin list's filters and the file.
type OrdersExportOptions struct {
	F      *Factory
	Filter sales.OrderFilter
	Out    string
}

// NewCmdOrdersExport is `shopctl orders export --out FILE`: the same XLSX as the admin's
// export button (the same filters, the same columns, in --lang), for cron or an accountant.
func NewCmdOrdersExport(f *Factory, runF func(*OrdersExportOptions) error) *cobra.Command {
	opts := &OrdersExportOptions{F: f}
	cmd := &cobra.Command{
		Use:   "export --out FILE",
		Short: "Write the orders (optionally filtered) to an XLSX file, as the admin's export does",
		Long: "Writes one row per order with the admin list's filters: --status, --payment-method,\n" +
			"--from and --to (the shop's days, YYYY-MM-DD) and --search (number, e-mail, name, phone).\n" +
			"Bad filters are refused naming the flag; more than the export's limit of orders too.",
		Example: "  shopctl orders export --out orders.xlsx\n" +
			"  shopctl orders export --status pending --from 2026-11-01 --out pending.xlsx",
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return ordersExportRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Filter.Status, "status", "", "only this status ("+fmt.Sprint(sales.Statuses)+")")
	fl.StringVar(&opts.Filter.PaymentMethod, "payment-method", "", "only this payment method ("+fmt.Sprint(sales.PaymentMethods)+")")
	fl.StringVar(&opts.Filter.DateFrom, "from", "", "from this day (YYYY-MM-DD, Belgrade)")
	fl.StringVar(&opts.Filter.DateTo, "to", "", "to this day, inclusive (YYYY-MM-DD, Belgrade)")
	fl.StringVar(&opts.Filter.Search, "search", "", "order number, e-mail, name or phone")
	fl.StringVar(&opts.Out, "out", "", "the XLSX file to write (required)")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

func ordersExportRun(ctx context.Context, o *OrdersExportOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	_, totals, err := a.Sales.StaffOrders(ctx, o.Filter)
	if err != nil {
		return err
	}
	x, err := a.Sales.ExportOrders(ctx, o.Filter, lang)
	if err != nil {
		return err
	}
	defer x.Close()
	if err := x.SaveAs(o.Out); err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(map[string]any{"orders": totals.Count, "total": totals.Sum, "file": o.Out})
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(i18n.FromHeader(o.F.Lang), "cli.orders_exported", map[string]any{"n": totals.Count, "total": invoicepdf.Amount(totals.Sum), "file": o.Out}))
	return nil
}
