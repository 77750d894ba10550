package pricelist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/i18n"
)

// progressEvery is how many rows pass between progress reports while reading.
const progressEvery = 1000

// progressSaveEvery is how often a running import's row count is saved for pollers (shopctl
// --wait, the admin's list).
const progressSaveEvery = 2 * time.Second

// Phase is a step of an import as its progress tells it.
type Phase string

// An import reads the file (staging and merging each chunk while the next is read), stages
// and merges the last chunk once the file has ended, then stores its result and tells the
// uploader.
const (
	PhaseReading   Phase = "reading"
	PhaseStaging   Phase = "staging"
	PhaseMerging   Phase = "merging"
	PhaseNotifying Phase = "notifying"
)

// Progress reports an import's phase and rows: done so far, and total (-1 while the file is
// still being read, when nobody knows it yet). It may be called from more than one goroutine,
// never at the same time.
type Progress func(phase Phase, done, total int)

type progressKey struct{}

// WithProgress makes an import run under ctx (by Upload without a queue) report to fn.
func WithProgress(ctx context.Context, fn Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

type langKey struct{}

// WithLang makes the imports uploaded or run under ctx notify their uploader in lang (the
// request's language; Serbian without it). A queued import takes it along in its task.
func WithLang(ctx context.Context, lang i18n.Lang) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

// langOf is the language WithLang put in ctx, Serbian without one.
func langOf(ctx context.Context) i18n.Lang {
	if l, ok := ctx.Value(langKey{}).(i18n.Lang); ok && (l == i18n.SR || l == i18n.EN) {
		return l
	}
	return i18n.SR
}

// Counts are an import's row counts: rows = created + updated + unchanged + rejected.
type Counts struct {
	Rows      int `json:"rows"`
	Created   int `json:"created"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	Rejected  int `json:"rejected"`
}

// RunImport is the import job: it reads the file of import importID through ReadSheet with the
// supplier's header mapping, stages the good rows set-based while reading, then merges them
// into the supplier's products in one transaction (so a crash leaves the supplier entirely
// before or after), connects new supplier products to shop products of equal SKU, gives
// connected shop products the supplier's price and stock and recomputes their prices. The
// uploader hears CategoriesNotMapped (when rows name supplier categories no link places) and
// ImportFinished, or ImportFailed with the reason: at once for a bad file (retrying cannot
// help), else only on the last attempt (lastAttempt; earlier failures go back to the queue).
// A finished or failed import is not run again (a duplicate delivery does nothing).
func (s *Service) RunImport(ctx context.Context, importID uint64, lastAttempt bool, progress Progress) (*ImportView, error) {
	if progress == nil {
		progress, _ = ctx.Value(progressKey{}).(Progress)
	}
	if progress == nil {
		progress = func(Phase, int, int) {}
	}
	view, err := s.getImport(ctx, importID)
	if err != nil {
		return nil, err
	}
	if view.Status == StatusFinished || view.Status == StatusFailed {
		return view, nil
	}
	now := s.now()
	started := view.StartedAt
	if started == nil {
		started = &now
	}
	if err := s.db.WithContext(ctx).Model(&Import{}).Where("id = ? AND status IN ?", importID, []string{StatusQueued, StatusRunning}).
		Updates(map[string]any{"status": StatusRunning, "started_at": started, "error": "", "updated_at": now}).Error; err != nil {
		return view, apperr.Wrap(err, "start import")
	}
	view.Status, view.StartedAt = StatusRunning, started

	res, err := s.runImport(ctx, view, progress)
	if errors.Is(err, errAlreadyDone) {
		return s.getImport(ctx, importID)
	}
	if err != nil {
		final := lastAttempt || apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.NotFound)
		s.log.ErrorContext(ctx, "price-list import failed", "import_id", importID, "supplier_id", view.SupplierID,
			"final", final, "error", err.Error())
		if final {
			s.failImport(ctx, view, err)
		} else {
			// Back to the queue: the retry starts over (nothing of this attempt was committed;
			// the cause is in the log, the user hears only of a final failure).
			// Should the reset fail, the import shows running until the retry takes it (which
			// accepts a running import): worth a log line, not a different outcome.
			if err := s.db.WithContext(context.WithoutCancel(ctx)).Model(&Import{}).Where("id = ? AND status = ?", importID, StatusRunning).
				Updates(map[string]any{"status": StatusQueued, "rows": 0, "updated_at": s.now()}).Error; err != nil {
				s.log.ErrorContext(ctx, "price-list import: cannot put back in the queue", "import_id", importID, "error", err.Error())
			}
		}
		out, gerr := s.getImport(context.WithoutCancel(ctx), importID)
		if gerr != nil {
			out = view
		}
		return out, err
	}
	out, err := s.getImport(ctx, importID)
	if err != nil {
		return nil, err
	}
	if hook := s.opts.mergeHook; hook != nil {
		if err := hook("committed"); err != nil {
			return out, err // a crash after the commit: the notifications are stored, unpublished
		}
	}
	progress(PhaseNotifying, out.Rows, out.Rows)
	res.publish(context.WithoutCancel(ctx))
	c := res.counts
	s.log.InfoContext(ctx, "price list imported", "import_id", importID, "supplier_id", out.SupplierID, "rows", c.Rows,
		"created", c.Created, "updated", c.Updated, "unchanged", c.Unchanged, "rejected", c.Rejected, "repriced", res.repriced,
		"read_seconds", res.readTime.Seconds(), "merge_seconds", res.mergeTime.Seconds())
	return out, nil
}

// errAlreadyDone: another run finished this import first (a duplicate delivery).
var errAlreadyDone = errors.New("import already finished")

// importResult is what a successful run did.
type importResult struct {
	counts    Counts
	report    Report
	repriced  int64                 // shop products with new derived prices
	readTime  time.Duration         // reading the file, its chunks staged and merged meanwhile
	mergeTime time.Duration         // after the reading: the report, the notes, the commit
	publish   func(context.Context) // pushes the notifications stored with the result
}

// failImport marks the import failed with the reason and tells the uploader (ImportFailed),
// both in one transaction: an import that is already over is left alone and nobody is told
// again.
func (s *Service) failImport(ctx context.Context, view *ImportView, cause error) {
	ctx = context.WithoutCancel(ctx)
	now := s.now()
	m := reasonMsg(cause)
	lang := langOf(ctx)
	reason := i18n.T(lang, m.Key, m.Args)
	publish := func(context.Context) {}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Import{}).Where("id = ? AND status IN ?", view.ID, []string{StatusQueued, StatusRunning}).
			Updates(map[string]any{"status": StatusFailed, "error": errMsgJSON(cause), "finished_at": now, "updated_at": now})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		var err error
		publish, err = s.noteTx(tx, userOf(view), noteImportFailed, noteData{
			Message:   i18n.T(lang, "pricelist.note_failed", map[string]any{"file": view.FileName, "supplier": view.Supplier, "error": reason}),
			Pricelist: noteRef(view),
			Error:     reason,
		})
		return err
	})
	if err != nil {
		s.log.ErrorContext(ctx, "price-list import: cannot mark failed", "import_id", view.ID, "error", err.Error())
		return
	}
	publish(ctx)
}

// runImport reads, stages and merges on one connection of the pool (the staging table is that
// connection's own).
func (s *Service) runImport(ctx context.Context, view *ImportView, progress Progress) (importResult, error) {
	var res importResult
	mapping, err := s.catalog.SupplierHeaderMapping(ctx, view.SupplierID)
	if err != nil {
		return res, err
	}
	file, size, cleanup, err := s.openFile(ctx, view.BlobKey)
	if err != nil {
		return res, err
	}
	defer cleanup()

	err = s.db.WithContext(ctx).Connection(func(c *gorm.DB) error {
		conn := c.Session(&gorm.Session{})
		defer func() {
			// A staging table left behind is dropped by the next import on this connection
			// (createStage) or goes with the connection; the failure is only logged.
			if err := conn.WithContext(context.WithoutCancel(ctx)).Exec("DROP TABLE IF EXISTS " + stageTable).Error; err != nil {
				s.log.WarnContext(ctx, "price-list import: cannot drop the staging table", "import_id", view.ID, "error", err.Error())
			}
		}()
		st := newStager(conn, s.opts.chunkRows)
		if err := st.create(ctx, view.SupplierID); err != nil {
			return apperr.Wrap(err, "import: staging table")
		}
		rd := &rowReader{s: s, ctx: ctx, importID: view.ID, progress: progress, lastSave: time.Now(),
			first: map[string]int{}, dups: map[string]*DuplicateSKU{}, categories: map[string]struct{}{}}
		feed := startFeed(ctx, st.chunkRows(), func(ctx context.Context, yield func(Row) error) error {
			_, err := ReadSheet(ctx, file, size, decodeMapping(mapping), s.opts.Read, func(r Row) error { return rd.row(r, yield) })
			return err
		})
		defer feed.stop()
		res, err = s.merge(ctx, conn, st, feed, rd, view)
		return err
	})
	return res, err
}

// openFile gives ReadSheet the stored file as an io.ReaderAt: the local store's own file, or a
// temporary copy of an S3 object (at most MaxFileBytes).
func (s *Service) openFile(ctx context.Context, key string) (io.ReaderAt, int64, func(), error) {
	rc, info, err := s.blobs.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, 0, nil, apperr.NotFoundThing("object")
	}
	if err != nil {
		return nil, 0, nil, apperr.Wrap(err, "import: open file")
	}
	if ra, ok := rc.(io.ReaderAt); ok && info.Size >= 0 {
		return ra, info.Size, func() { rc.Close() }, nil
	}
	defer rc.Close()
	tmp, err := os.CreateTemp("", "pricelist-import-*.xlsx")
	if err != nil {
		return nil, 0, nil, apperr.Wrap(err, "import: temp file")
	}
	done := func() { tmp.Close(); os.Remove(tmp.Name()) }
	n, err := io.Copy(tmp, io.LimitReader(rc, MaxFileBytes+1))
	if err != nil {
		done()
		return nil, 0, nil, apperr.Wrap(err, "import: copy file")
	}
	return tmp, n, done, nil
}

// rowReader sees every row ReadSheet hands over, on the reading goroutine: the good ones go
// on to the staging, except a repeated SKU (its first row stays; the others are rejected and
// reported); the rejected ones are counted (the first maxReportRows kept for the report); the
// supplier categories of the staged rows are collected; progress is told and now and then
// saved on the import row. The merge reads its results once the reading has ended.
type rowReader struct {
	s        *Service
	ctx      context.Context
	importID uint64
	progress Progress
	mu       sync.Mutex // progress is told from the reading goroutine and the merge's
	lastSave time.Time

	rows       int
	rejected   int
	rejects    []RejectedRow
	first      map[string]int           // an SKU's first row
	dups       map[string]*DuplicateSKU // repeated SKUs and their rows
	categories map[string]struct{}      // the staged rows' supplier categories
}

func (r *rowReader) row(row Row, yield func(Row) error) error {
	r.rows++
	n := r.rows
	reason, args := row.Reject, map[string]any(nil)
	if reason == "" {
		if first, seen := r.first[row.SKU]; seen {
			reason, args = "pricelist.duplicate_sku", map[string]any{"first": first}
			d := r.dups[row.SKU]
			if d == nil {
				d = &DuplicateSKU{SKU: row.SKU, Rows: []int{first}}
				r.dups[row.SKU] = d
			}
			d.Rows = append(d.Rows, row.Line)
		} else {
			r.first[row.SKU] = row.Line
		}
	}
	if reason != "" {
		r.rejected++
		if len(r.rejects) < maxReportRows {
			r.rejects = append(r.rejects, RejectedRow{Row: row.Line, SKU: row.SKU, Reason: reason, Args: args})
		}
	}
	if n%progressEvery == 0 {
		r.report(PhaseReading, n, -1)
		if time.Since(r.lastSave) >= progressSaveEvery {
			r.lastSave = time.Now()
			// The saved count is for pollers only: a failed save leaves the last one shown.
			if err := r.s.db.WithContext(r.ctx).Model(&Import{}).Where("id = ? AND status = ?", r.importID, StatusRunning).
				Update("rows", n).Error; err != nil && r.ctx.Err() == nil {
				r.s.log.WarnContext(r.ctx, "price-list import: cannot save progress", "import_id", r.importID, "rows", n, "error", err.Error())
			}
		}
	}
	if reason != "" {
		return nil
	}
	if row.Category != "" {
		r.categories[row.Category] = struct{}{}
	}
	return yield(row)
}

// report tells progress, one call at a time.
func (r *rowReader) report(phase Phase, done, total int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.progress(phase, done, total)
}

// duplicates are the repeated SKUs by their first row, the first maxReportRows of them.
func (r *rowReader) duplicates() []DuplicateSKU {
	out := make([]DuplicateSKU, 0, len(r.dups))
	for _, d := range r.dups {
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rows[0] < out[j].Rows[0] })
	if len(out) > maxReportRows {
		out = out[:maxReportRows]
	}
	return out
}

// merge stages the feed's rows chunk by chunk and merges each chunk into the supplier's
// products, all in one transaction (so a crash or a bad row late in the file leaves the
// supplier entirely as before): changed rows updated, new ones inserted and connected to shop
// products of equal SKU, the connected shop products of the chunk priced; at the end the import
// row is finished. The transaction begins once the first chunk is staged, and each chunk's
// merge runs while the reading goroutine reads the next one.
func (s *Service) merge(ctx context.Context, conn *gorm.DB, st stager, feed *rowFeed, rd *rowReader, view *ImportView) (importResult, error) {
	var res importResult
	start := time.Now()
	sid := view.SupplierID
	now := s.now()
	step := func(name string) error {
		if hook := s.opts.mergeHook; hook != nil {
			return hook(name)
		}
		return nil
	}
	n, err := st.stage(ctx, conn, feed)
	if err != nil {
		return res, apperr.Wrap(err, "import: staging")
	}
	var staged, created, updated, repriced int64
	err = conn.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// One import of a supplier at a time (the supplier's row is the lock), and this import
		// at most once.
		if err := s.catalog.LockSupplierTx(ctx, tx, sid); err != nil {
			return err
		}
		var status string
		if err := tx.Raw("SELECT status FROM pricelist_imports WHERE id = ?", view.ID).Row().Scan(&status); err != nil {
			return apperr.Wrap(err, "import: import")
		}
		if status == StatusFinished || status == StatusFailed {
			return errAlreadyDone
		}
		for {
			staged += n
			// A chunk short of full is the last: the file has ended, every row is staged and
			// the total is known.
			last := n < int64(st.chunkRows())
			if last {
				rd.report(PhaseStaging, int(staged), int(staged))
				rd.report(PhaseMerging, int(staged-n), int(staged))
			}
			if n > 0 {
				c, u, p, err := s.mergeChunk(ctx, tx, sid, now, step)
				if err != nil {
					return err
				}
				created, updated, repriced = created+c, updated+u, repriced+p
			}
			if last {
				rd.report(PhaseMerging, int(staged), int(staged))
				break
			}
			if n, err = st.stage(ctx, tx, feed); err != nil {
				return apperr.Wrap(err, "import: staging")
			}
		}
		// The feed has ended: the reading's end (a bad file fails here, and nothing stays).
		if err := feed.wait(); err != nil {
			return err
		}
		res.readTime = time.Since(start)
		good := rd.rows - rd.rejected
		if int(staged) != good {
			return apperr.Wrap(fmt.Errorf("staged %d of %d good rows", staged, good), "import: staging")
		}
		unmapped, err := s.unmappedCategories(ctx, tx, sid, rd.categories)
		if err != nil {
			return err
		}
		res.report = Report{RejectedRows: rd.rejects, DuplicateSKUs: rd.duplicates(), UnmappedCategories: unmapped}
		if res.report.RejectedRows == nil {
			res.report.RejectedRows = []RejectedRow{}
		}
		// The supplier's updated_at is its last import (the suppliers list shows it).
		if err := s.catalog.TouchSupplierTx(ctx, tx, sid, now); err != nil {
			return err
		}
		if err := step("supplier"); err != nil {
			return err
		}
		res.counts = Counts{Rows: rd.rows, Created: int(created), Updated: int(updated), Rejected: rd.rejected}
		res.repriced = repriced
		res.counts.Unchanged = int(staged) - res.counts.Created - res.counts.Updated
		report, err := json.Marshal(res.report)
		if err != nil {
			return apperr.Wrap(err, "import: report")
		}
		if err := tx.Model(&Import{}).Where("id = ?", view.ID).Updates(map[string]any{
			"status": StatusFinished, "rows": res.counts.Rows, "created": res.counts.Created, "updated": res.counts.Updated,
			"unchanged": res.counts.Unchanged, "rejected": res.counts.Rejected, "report": string(report), "error": "",
			"finished_at": now, "updated_at": now}).Error; err != nil {
			return err
		}
		// The notifications are part of the result: stored with it, told once.
		res.publish, err = s.finishedNotesTx(tx, view, res, langOf(ctx))
		if err != nil {
			return err
		}
		return step("notified")
	})
	res.mergeTime = time.Since(start) - res.readTime
	return res, err
}

// mergeChunk merges the staged chunk into the supplier's products inside tx and answers how
// many supplier products it created and updated, and how many shop products it repriced. Each
// statement is set-based over the chunk.
func (s *Service) mergeChunk(ctx context.Context, tx *gorm.DB, sid uint64, now time.Time, step func(string) error) (created, updated, repriced int64, err error) {
	// The staged chunk as the catalogue takes it, each row with the shop category its supplier
	// category's link places it in.
	rows := func() *gorm.DB {
		return tx.Table(stageTable+" st").Joins("LEFT JOIN supplier_category_links l ON l.supplier_id = ? AND l.supplier_category = st.category", sid).
			Select("st.sku, st.name, st.category, st.brand, st.ean, st.price, st.recommended_price, st.stock, l.category_id, st.line")
	}
	updated, err = s.catalog.UpdateSupplierProductsTx(ctx, tx, sid, rows(), now)
	if err != nil {
		return 0, 0, 0, err
	}
	if err := step("updated"); err != nil {
		return 0, 0, 0, err
	}
	created, err = s.catalog.InsertSupplierProductsTx(ctx, tx, sid, rows(), now)
	if err != nil {
		return 0, 0, 0, err
	}
	if err := step("inserted"); err != nil {
		return 0, 0, 0, err
	}
	// The chunk's connected shop products take the supplier's price (their entry price), stock
	// and supplier, with their derived prices recomputed, in one statement (each product row
	// is written once, and only when it changes).
	repriced, err = s.catalog.ApplySupplierOffersTx(ctx, tx, sid, tx.Table(stageTable).Select("sku"))
	if err != nil {
		return 0, 0, 0, err
	}
	if err := step("products"); err != nil {
		return 0, 0, 0, err
	}
	return created, updated, repriced, nil
}

// unmappedCategories are the categories (of the file's staged rows) no link of the supplier
// places in a shop category, sorted, the first maxUnmappedCategories.
func (s *Service) unmappedCategories(ctx context.Context, tx *gorm.DB, sid uint64, categories map[string]struct{}) ([]string, error) {
	out := []string{}
	if len(categories) == 0 {
		return out, nil
	}
	var linked []string
	if err := tx.WithContext(ctx).Raw("SELECT supplier_category FROM supplier_category_links WHERE supplier_id = ?", sid).
		Scan(&linked).Error; err != nil {
		return nil, apperr.Wrap(err, "import: unmapped categories")
	}
	placed := make(map[string]bool, len(linked))
	for _, c := range linked {
		placed[c] = true
	}
	for c := range categories {
		if !placed[c] {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	if len(out) > maxUnmappedCategories {
		out = out[:maxUnmappedCategories]
	}
	return out, nil
}

// noteData is the data of a price-list notification (the shared contract's shape).
type noteData struct {
	Message      string         `json:"message"`
	Pricelist    *notePricelist `json:"pricelist"`
	Counts       *Counts        `json:"counts,omitempty"`
	RejectedRows *[]RejectedRow `json:"rejected_rows,omitempty"`
	Categories   []string       `json:"categories,omitempty"`
	Error        string         `json:"error,omitempty"`
}

type notePricelist struct {
	ID         uint64 `json:"id"`
	SupplierID uint64 `json:"supplier_id"`
	Supplier   string `json:"supplier"`
	FileName   string `json:"file_name"`
}

func noteRef(v *ImportView) *notePricelist {
	return &notePricelist{ID: v.ID, SupplierID: v.SupplierID, Supplier: v.Supplier, FileName: v.FileName}
}

func userOf(v *ImportView) uint64 {
	if v.UserID == nil {
		return 0
	}
	return *v.UserID
}

func merged(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// noteTx stores a notification for the uploader (nobody for 0) in tx and answers what pushes
// it to their tabs once tx has committed (never nil).
func (s *Service) noteTx(tx *gorm.DB, userID uint64, typ string, data any) (func(context.Context), error) {
	if userID == 0 || s.notify == nil {
		return func(context.Context) {}, nil
	}
	return s.notify.NotifyTx(tx, userID, typ, data)
}

// finishedNotesTx stores a finished import's notifications in the merge's transaction:
// CategoriesNotMapped when rows name supplier categories no link places, then ImportFinished
// with the counts and the rejected rows, in the uploader's lang.
func (s *Service) finishedNotesTx(tx *gorm.DB, view *ImportView, res importResult, lang i18n.Lang) (func(context.Context), error) {
	ref := noteRef(view)
	names := map[string]any{"file": view.FileName, "supplier": view.Supplier}
	uid := userOf(view)
	var publish []func(context.Context)
	if n := len(res.report.UnmappedCategories); n > 0 {
		p, err := s.noteTx(tx, uid, NoteCategoriesNotMapped, noteData{
			Message: i18n.T(lang, "pricelist.note_not_mapped", merged(names, map[string]any{
				"count": n, "categories": strings.Join(res.report.UnmappedCategories, ", ")})),
			Pricelist:  ref,
			Categories: res.report.UnmappedCategories,
		})
		if err != nil {
			return nil, err
		}
		publish = append(publish, p)
	}
	rejected := res.report.Localized(lang).RejectedRows
	c := res.counts
	p, err := s.noteTx(tx, uid, NoteImportFinished, noteData{
		Message: i18n.T(lang, "pricelist.note_finished", merged(names, map[string]any{
			"rows": c.Rows, "created": c.Created, "updated": c.Updated, "unchanged": c.Unchanged, "rejected": c.Rejected})),
		Pricelist:    ref,
		Counts:       &c,
		RejectedRows: &rejected,
	})
	if err != nil {
		return nil, err
	}
	publish = append(publish, p)
	return func(ctx context.Context) {
		for _, p := range publish {
			p(ctx)
		}
	}, nil
}
