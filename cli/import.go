package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"shop/internal/catalog"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/pricelist"
)

// NewCmdImport is `shopctl import`: bulk data into the shop (price lists).
func NewCmdImport(f *Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "import", Short: "Import data into the shop"}
	cmd.AddCommand(NewCmdImportPricelist(f, nil))
	return cmd
}

// ImportPricelistOptions are `shopctl import pricelist`'s arguments.
type ImportPricelistOptions struct {
	F        *Factory
	File     string
	Supplier string // an id or a name
	Wait     bool
}

// pollEvery is how often --wait asks about a queued import.
const pollEvery = 500 * time.Millisecond

func NewCmdImportPricelist(f *Factory, runF func(*ImportPricelistOptions) error) *cobra.Command {
	opts := &ImportPricelistOptions{F: f}
	cmd := &cobra.Command{
		Use:   "pricelist FILE --supplier ID|NAME",
		Short: "Import a supplier's price list (XLSX) as the admin's upload does",
		Long: "Uploads FILE for the supplier and imports it. With a queue configured (redis.url) the import is\n" +
			"queued for the workers (--wait waits for it and prints the summary); without one it runs here.\n" +
			"A progress bar shows on a terminal, plain lines otherwise; --json prints the import.\n" +
			"The exit code is 1 when the file is refused or the import fails.",
		Example: "  shopctl import pricelist cenovnik.xlsx --supplier Comtrade\n" +
			"  shopctl import pricelist cenovnik.xlsx --supplier 3 --wait --json",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if strings.TrimSpace(opts.Supplier) == "" {
				return UsageError{errors.New("import pricelist: --supplier must name a supplier (id or name)")}
			}
			if runF != nil {
				return runF(opts)
			}
			return importPricelistRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Supplier, "supplier", "", "the supplier, by id or name (required)")
	cmd.Flags().BoolVar(&opts.Wait, "wait", false, "with a queue: wait until the import has finished")
	_ = cmd.MarkFlagRequired("supplier")
	return cmd
}

func importPricelistRun(ctx context.Context, o *ImportPricelistOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a, err := o.F.App(ctx)
	if err != nil {
		return err
	}
	lang := i18n.FromHeader(o.F.Lang)
	supplierID, err := findSupplier(ctx, a.Catalog, o.Supplier)
	if err != nil {
		return err
	}
	file, err := os.Open(o.File)
	if err != nil {
		return err
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return err
	}
	svc := a.Pricelist
	if a.Config.Redis.URL == "" {
		// The embedded Redis lives as long as this command: nobody else would run the task.
		svc = svc.Inline()
	}
	prog := newProgress(o.F.IO.ErrOut)
	ctx = pricelist.WithLang(pricelist.WithProgress(ctx, prog.report), lang)
	imp, err := svc.Upload(ctx, 0, supplierID, filepath.Base(o.File), file, st.Size())
	if imp == nil {
		prog.done()
		return err
	}
	if svc.Queued() {
		if !o.Wait {
			prog.done()
			if o.F.JSON {
				return o.F.PrintJSON(importJSON(imp, lang))
			}
			fmt.Fprintf(o.F.IO.Out, "import #%d of %s for %s queued\n", imp.ID, imp.FileName, imp.Supplier)
			return nil
		}
		for imp.Status == pricelist.StatusQueued || imp.Status == pricelist.StatusRunning {
			select {
			case <-ctx.Done():
				prog.done()
				return ctx.Err()
			case <-time.After(pollEvery):
			}
			if imp, err = svc.GetImport(ctx, imp.ID); err != nil {
				prog.done()
				return err
			}
			if imp.Status == pricelist.StatusRunning {
				prog.report(imp.Rows, -1)
			}
		}
	}
	prog.done()
	if o.F.JSON {
		if err := o.F.PrintJSON(importJSON(imp, lang)); err != nil {
			return err
		}
	} else {
		printImport(o.F.IO.Out, imp, lang)
	}
	if imp.Status == pricelist.StatusFailed {
		return fmt.Errorf("import #%d of %s failed: %s", imp.ID, imp.FileName, imp.ErrorText(lang))
	}
	return nil
}

// findSupplier takes a supplier's id, or its name (case folded, exactly one match).
func findSupplier(ctx context.Context, cat *catalog.Service, s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if id, err := strconv.ParseUint(s, 10, 64); err == nil {
		return id, nil // the upload says when no supplier has it
	}
	rows, _, err := cat.ListSuppliers(ctx, catalog.SupplierFilter{Search: s, Page: listing.Page{Number: 1, Size: 100}})
	if err != nil {
		return 0, err
	}
	var found []catalog.SupplierSummary
	for _, r := range rows {
		if strings.EqualFold(r.Name, s) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 1:
		return found[0].ID, nil
	case 0:
		return 0, fmt.Errorf("no supplier is called %q", s)
	default:
		return 0, fmt.Errorf("more than one supplier is called %q: give its id", s)
	}
}

// ImportJSON is an import as --json prints it (the API's shape).
type ImportJSON struct {
	ID         uint64            `json:"id"`
	SupplierID uint64            `json:"supplier_id"`
	Supplier   string            `json:"supplier"`
	FileName   string            `json:"file_name"`
	FileSize   int64             `json:"file_size"`
	Status     string            `json:"status"`
	Rows       int               `json:"rows"`
	Created    int               `json:"created"`
	Updated    int               `json:"updated"`
	Unchanged  int               `json:"unchanged"`
	Rejected   int               `json:"rejected"`
	Error      string            `json:"error"`
	CreatedAt  time.Time         `json:"created_at"`
	StartedAt  *time.Time        `json:"started_at"`
	FinishedAt *time.Time        `json:"finished_at"`
	Report     *pricelist.Report `json:"report"`
}

func importJSON(v *pricelist.ImportView, lang i18n.Lang) ImportJSON {
	out := ImportJSON{ID: v.ID, SupplierID: v.SupplierID, Supplier: v.Supplier, FileName: v.FileName, FileSize: v.FileSize,
		Status: v.Status, Rows: v.Rows, Created: v.Created, Updated: v.Updated, Unchanged: v.Unchanged, Rejected: v.Rejected,
		Error: v.ErrorText(lang), CreatedAt: v.CreatedAt, StartedAt: v.StartedAt, FinishedAt: v.FinishedAt}
	if v.Report != "" {
		r := v.ParsedReport().Localized(lang)
		out.Report = &r
	}
	return out
}

// shownRejected is how many rejected rows the summary lists.
const shownRejected = 10

func printImport(w io.Writer, v *pricelist.ImportView, lang i18n.Lang) {
	fmt.Fprintf(w, "import #%d of %s for %s: %s\n", v.ID, v.FileName, v.Supplier, v.Status)
	if v.Status == pricelist.StatusFailed {
		fmt.Fprintf(w, "reason: %s\n", v.ErrorText(lang))
		return
	}
	fmt.Fprintf(w, "rows %d, created %d, updated %d, unchanged %d, rejected %d\n", v.Rows, v.Created, v.Updated, v.Unchanged, v.Rejected)
	r := v.ParsedReport().Localized(lang)
	if len(r.RejectedRows) > 0 {
		n := min(len(r.RejectedRows), shownRejected)
		fmt.Fprintf(w, "rejected rows (first %d of %d):\n", n, v.Rejected)
		for _, rr := range r.RejectedRows[:n] {
			sku := rr.SKU
			if sku == "" {
				sku = "-"
			}
			fmt.Fprintf(w, "  row %d, SKU %s: %s\n", rr.Row, sku, rr.Reason)
		}
	}
	if len(r.UnmappedCategories) > 0 {
		fmt.Fprintf(w, "supplier categories without a shop category: %s\n", strings.Join(r.UnmappedCategories, ", "))
	}
}

// progress shows an import's rows: a bar (a spinner with the count while the total is
// unknown) on a terminal, a plain line every plainEvery rows otherwise.
type progress struct {
	w    io.Writer
	bar  *progressbar.ProgressBar
	last int
}

const plainEvery = 10_000

func newProgress(w io.Writer) *progress {
	p := &progress{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions64(-1, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("reading rows"),
			progressbar.OptionShowCount(), progressbar.OptionSpinnerType(14), progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish())
	}
	return p
}

func (p *progress) report(done, total int) {
	if done <= p.last {
		return
	}
	if p.bar != nil {
		p.bar.Set(done)
		p.last = done
		return
	}
	if done/plainEvery > p.last/plainEvery || (total >= 0 && done == total) {
		fmt.Fprintf(p.w, "%d rows read\n", done)
	}
	p.last = done
}

func (p *progress) done() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
