package cli

import (
	"context"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"shop/internal/payments"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
)

// NewCmdPayments is `shopctl payments`: the bank's statements.
func NewCmdPayments(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "payments", Short: "Bank-transfer payments: import a bank statement"}
	cmd.AddCommand(NewCmdPaymentsImport(f, nil))
	return cmd
}

// PaymentsImportOptions are `shopctl payments import`'s arguments.
type PaymentsImportOptions struct {
	F    *Factory
	File string
}

// NewCmdPaymentsImport is `shopctl payments import FILE`: the statement's credits matched to
// orders by their model-97 reference and amount, the matched orders' payments recorded (and
// fiscalised, as when staff record them), every line reported.
func NewCmdPaymentsImport(f *Factory, runF func(*PaymentsImportOptions) error) *cobra.Command {
	opts := &PaymentsImportOptions{F: f}
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Record the bank-transfer payments of a bank statement (ISO 20022 camt.053 XML)",
		Long: "Reads the statement the bank exports as ISO 20022 camt.053 and matches each credit in dinars by its\n" +
			"model 97 reference (control digits checked) and amount to an unpaid bank-transfer order, whose payment\n" +
			"it records. Prints every entry: matched, already paid, mismatched (amount, cancelled, not a bank\n" +
			"transfer), unmatched (no or wrong reference, no such order) or skipped (debits, other currencies).\n" +
			"Importing a statement twice records nothing twice.",
		Example: "  shopctl payments import izvod-2026-11-20.xml\n" +
			"  shopctl payments import izvod.xml --json --lang en",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if runF != nil {
				return runF(opts)
			}
			return paymentsImportRun(cmd.Context(), opts)
		},
	}
}

func paymentsImportRun(ctx context.Context, o *PaymentsImportOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	fh, err := os.Open(o.File)
	if err != nil {
		return err
	}
	defer fh.Close()
	st, err := payments.ReadCamt053(fh)
	if err != nil {
		return err
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	rep, err := a.Payments.Import(ctx, st)
	if err != nil {
		return err
	}
	if o.F.JSON {
		return o.F.PrintJSON(rep)
	}
	lang := i18n.FromHeader(o.F.Lang)
	w := o.F.IO.Out
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, i18n.T(lang, "payments.cli_header", nil))
	for _, r := range rep.Results {
		why := ""
		if r.Reason != "" {
			why = i18n.T(lang, r.Reason, r.Args)
		}
		fmt.Fprintf(tw, "%d\t%s %s\t%s\t%s\t%s\t%s\t%s\n", r.Row, money.Format(int64(r.Amount)), r.Currency, orDash(r.Reference), orDash(r.Payer),
			i18n.T(lang, "payments.outcome."+r.Outcome, nil), orDash(r.OrderNumber), orDash(why))
	}
	tw.Flush()
	counts := map[string]any{}
	for k, v := range rep.Counts {
		counts[k] = v
	}
	fmt.Fprintln(w, i18n.T(lang, "payments.imported", counts))
	return nil
}
