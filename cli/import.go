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

// NewCmdImportPricelist is the command that imports a supplier's price list; runF replaces the
// run in tests.
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
	supplierID, err := findSupplier(ctx, a.Catalog, o.Supplier, lang)
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
	prog := newProgress(o.F.IO.ErrOut, lang)
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
			fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "pricelist.cli_queued", importNames(imp)))
			return nil
		}
		for pricelist.Pending(imp.Status) {
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
				// A worker's import tells only its rows read (saved now and then).
				prog.report(pricelist.PhaseReading, imp.Rows, -1)
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
		return errors.New(i18n.T(lang, "pricelist.cli_failed", map[string]any{"id": imp.ID, "file": imp.FileName, "reason": imp.ErrorText(lang)}))
	}
	return nil
}

// findSupplier takes a supplier's id, or its name (case folded, exactly one match).
func findSupplier(ctx context.Context, cat *catalog.Service, s string, lang i18n.Lang) (uint64, error) {
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
		return 0, errors.New(i18n.T(lang, "pricelist.cli_no_supplier", map[string]any{"name": s}))
	default:
		return 0, errors.New(i18n.T(lang, "pricelist.cli_two_suppliers", map[string]any{"name": s}))
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

// importNames are the arguments naming an import in its lines.
func importNames(v *pricelist.ImportView) map[string]any {
	return map[string]any{"id": v.ID, "file": v.FileName, "supplier": v.Supplier}
}

// printImport prints the import's summary in lang (every label, the reasons too).
func printImport(w io.Writer, v *pricelist.ImportView, lang i18n.Lang) {
	names := importNames(v)
	names["status"] = i18n.T(lang, "pricelist.status_"+v.Status, nil)
	fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_status", names))
	if v.Status == pricelist.StatusFailed {
		fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_reason", map[string]any{"reason": v.ErrorText(lang)}))
		return
	}
	fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_counts", map[string]any{"rows": v.Rows, "created": v.Created,
		"updated": v.Updated, "unchanged": v.Unchanged, "rejected": v.Rejected}))
	r := v.ParsedReport().Localized(lang)
	if len(r.RejectedRows) > 0 {
		n := min(len(r.RejectedRows), shownRejected)
		fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_rejected", map[string]any{"n": n, "total": v.Rejected}))
		for _, rr := range r.RejectedRows[:n] {
			sku := rr.SKU
			if sku == "" {
				sku = "-"
			}
			fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_rejected_row", map[string]any{"row": rr.Row, "sku": sku, "reason": rr.Reason}))
		}
	}
	if len(r.UnmappedCategories) > 0 {
		fmt.Fprintln(w, i18n.T(lang, "pricelist.cli_unmapped", map[string]any{"categories": strings.Join(r.UnmappedCategories, ", ")}))
	}
}

// progress shows an import's phase and rows in lang: a bar on a terminal (a spinner with the
// count while the total is unknown), cleared when the import has ended so the summary stands
// alone; plain lines otherwise, one per phase, one every plainEvery rows and one when a phase
// reaches its total (so the last line of a phase says what the summary counts).
type progress struct {
	w     io.Writer
	lang  i18n.Lang
	bar   *progressbar.ProgressBar
	phase pricelist.Phase
	last  int
}

const plainEvery = 10_000

func newProgress(w io.Writer, lang i18n.Lang) *progress {
	p := &progress{w: w, lang: lang}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions64(-1, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(p.phaseText(pricelist.PhaseReading)),
			progressbar.OptionShowCount(), progressbar.OptionSpinnerType(14), progressbar.OptionThrottle(100*time.Millisecond))
	}
	return p
}

func (p *progress) phaseText(phase pricelist.Phase) string {
	return i18n.T(p.lang, "pricelist.phase_"+string(phase), nil)
}

func (p *progress) report(phase pricelist.Phase, done, total int) {
	changed := phase != p.phase
	if !changed && done <= p.last {
		return
	}
	if p.bar != nil {
		if changed {
			p.bar.Describe(p.phaseText(phase))
		}
		if changed || total >= 0 {
			p.bar.ChangeMax(total)
		}
		_ = p.bar.Set(done) // a bar that cannot draw must not stop the import
	} else if changed || done/plainEvery > p.last/plainEvery || total >= 0 && done == total {
		args := map[string]any{"phase": p.phaseText(phase), "done": done, "total": total}
		key := "pricelist.cli_progress"
		if total >= 0 {
			key = "pricelist.cli_progress_of"
		}
		fmt.Fprintln(p.w, i18n.T(p.lang, key, args))
	}
	p.phase, p.last = phase, done
}

// done clears the bar from the terminal's line before the summary is printed.
func (p *progress) done() {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
}
