package pricelist

import (
	"context"
	"database/sql"
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
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
)

// stageTable is the import's staging table: a temporary table of the one connection an import
// uses (PostgreSQL: not WAL-logged, gone with the session; SQLite: in the temp schema).
const stageTable = "pricelist_stage"

// progressEvery is how many rows pass between progress reports while reading.
const progressEvery = 1000

// progressSaveEvery is how often a running import's row count is saved for pollers (shopctl
// --wait, the admin's list).
const progressSaveEvery = 2 * time.Second

// Progress reports an import's rows: done so far, and total (-1 while the file is still being
// read, when nobody knows it yet).
type Progress func(done, total int)

type progressKey struct{}

// WithProgress makes an import run under ctx (by Upload without a queue) report to fn.
func WithProgress(ctx context.Context, fn Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

// Counts are an import's row counts: rows = created + updated + unchanged + rejected.
type Counts struct {
	Rows      int `json:"rows"`
	Created   int `json:"created"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	Rejected  int `json:"rejected"`
}

// mergeHook lets a test fail the merge between two of its statements (crash safety).
var mergeHook func(step string) error

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
		progress = func(int, int) {}
	}
	view, err := s.GetImport(ctx, importID)
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
		return s.GetImport(ctx, importID)
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
			s.db.WithContext(context.WithoutCancel(ctx)).Model(&Import{}).Where("id = ? AND status = ?", importID, StatusRunning).
				Updates(map[string]any{"status": StatusQueued, "rows": 0, "updated_at": s.now()})
		}
		out, gerr := s.GetImport(context.WithoutCancel(ctx), importID)
		if gerr != nil {
			out = view
		}
		return out, err
	}
	out, err := s.GetImport(ctx, importID)
	if err != nil {
		return nil, err
	}
	progress(out.Rows, out.Rows)
	ref := noteRef(out)
	names := map[string]any{"file": out.FileName, "supplier": out.Supplier}
	uid := userOf(out)
	if len(res.report.UnmappedCategories) > 0 {
		s.notifyUser(ctx, uid, NoteCategoriesNotMapped, noteData{
			Message: i18n.T(i18n.SR, "pricelist.note_not_mapped", merged(names, map[string]any{
				"count": len(res.report.UnmappedCategories), "categories": strings.Join(res.report.UnmappedCategories, ", ")})),
			Pricelist:  ref,
			Categories: res.report.UnmappedCategories,
		})
	}
	rejected := res.report.Localized(i18n.SR).RejectedRows
	c := res.counts
	s.notifyUser(ctx, uid, NoteImportFinished, noteData{
		Message: i18n.T(i18n.SR, "pricelist.note_finished", merged(names, map[string]any{
			"rows": c.Rows, "created": c.Created, "updated": c.Updated, "unchanged": c.Unchanged, "rejected": c.Rejected})),
		Pricelist:    ref,
		Counts:       &c,
		RejectedRows: &rejected,
	})
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
	repriced  int64         // shop products with new derived prices
	readTime  time.Duration // reading and staging the rows
	mergeTime time.Duration // the merge transaction
}

// failImport marks the import failed with the reason and tells the uploader (ImportFailed).
func (s *Service) failImport(ctx context.Context, view *ImportView, cause error) {
	ctx = context.WithoutCancel(ctx)
	now := s.now()
	if err := s.db.WithContext(ctx).Model(&Import{}).Where("id = ? AND status <> ?", view.ID, StatusFinished).
		Updates(map[string]any{"status": StatusFailed, "error": errMsgJSON(cause), "finished_at": now, "updated_at": now}).Error; err != nil {
		s.log.ErrorContext(ctx, "price-list import: cannot mark failed", "import_id", view.ID, "error", err.Error())
	}
	m := reasonMsg(cause)
	reason := i18n.T(i18n.SR, m.Key, m.Args)
	s.notifyUser(ctx, userOf(view), noteImportFailed, noteData{
		Message:   i18n.T(i18n.SR, "pricelist.note_failed", map[string]any{"file": view.FileName, "supplier": view.Supplier, "error": reason}),
		Pricelist: noteRef(view),
		Error:     reason,
	})
}

// runImport reads, stages and merges on one connection of the pool (the staging table is that
// connection's own).
func (s *Service) runImport(ctx context.Context, view *ImportView, progress Progress) (importResult, error) {
	var res importResult
	var mapping string
	if err := s.db.WithContext(ctx).Raw("SELECT header_mapping FROM suppliers WHERE id = ?", view.SupplierID).Row().Scan(&mapping); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return res, apperr.NotFoundThing("supplier")
		}
		return res, apperr.Wrap(err, "import: supplier")
	}
	file, size, cleanup, err := s.openFile(ctx, view.BlobKey)
	if err != nil {
		return res, err
	}
	defer cleanup()

	err = s.db.WithContext(ctx).Connection(func(c *gorm.DB) error {
		conn := c.Session(&gorm.Session{})
		defer conn.WithContext(context.WithoutCancel(ctx)).Exec("DROP TABLE IF EXISTS " + stageTable)
		st := newStager(conn)
		if err := st.create(ctx); err != nil {
			return apperr.Wrap(err, "import: staging table")
		}
		rd := &rowReader{s: s, ctx: ctx, importID: view.ID, progress: progress, lastSave: time.Now()}
		readStart := time.Now()
		info, err := st.load(ctx, func(yield func(Row) error) error {
			_, err := ReadSheet(ctx, file, size, decodeMapping(mapping), func(r Row) error { return rd.row(r, yield) })
			return err
		})
		if err != nil {
			return err
		}
		res.readTime = time.Since(readStart)
		rd.mu.Lock()
		read, rejects, rejected := rd.rows, rd.rejects, rd.rejected
		rd.mu.Unlock()
		if int(info) != read-rejected {
			return apperr.Wrap(fmt.Errorf("staged %d of %d good rows", info, read-rejected), "import: staging")
		}
		mergeStart, readTime := time.Now(), res.readTime
		res, err = s.merge(ctx, conn, st, view, read, rejects, rejected)
		res.readTime, res.mergeTime = readTime, time.Since(mergeStart)
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

// rowReader sees every row ReadSheet hands over: the good ones go on to the staging, the
// rejected ones are counted (the first maxReportRows kept for the report), progress is told
// and now and then saved on the import row. It runs on the reading goroutine.
type rowReader struct {
	s        *Service
	ctx      context.Context
	importID uint64
	progress Progress
	lastSave time.Time

	mu       sync.Mutex
	rows     int
	rejected int
	rejects  []RejectedRow
}

func (r *rowReader) row(row Row, yield func(Row) error) error {
	r.mu.Lock()
	r.rows++
	n := r.rows
	if row.Reject != "" {
		r.rejected++
		if len(r.rejects) < maxReportRows {
			r.rejects = append(r.rejects, RejectedRow{Row: row.Line, SKU: row.SKU, Reason: row.Reject})
		}
	}
	r.mu.Unlock()
	if n%progressEvery == 0 {
		r.progress(n, -1)
		if time.Since(r.lastSave) >= progressSaveEvery {
			r.lastSave = time.Now()
			r.s.db.WithContext(r.ctx).Model(&Import{}).Where("id = ? AND status = ?", r.importID, StatusRunning).Update("rows", n)
		}
	}
	if row.Reject != "" {
		return nil
	}
	return yield(row)
}

// stager writes rows into the staging table, the fastest way each database has.
type stager interface {
	create(ctx context.Context) error
	// load stages the rows read yields (the reading may run on another goroutine) and answers
	// how many it staged.
	load(ctx context.Context, read func(yield func(Row) error) error) (int64, error)
	// prepare readies the staged rows for the merge: statistics, and an index on the SKU when
	// duplicates are to be found (the merge's joins hash the whole staging anyway).
	prepare(ctx context.Context, skuIndex bool) error
}

func newStager(conn *gorm.DB) stager {
	if db.IsPostgres(conn) {
		return pgStager{conn}
	}
	return sqliteStager{conn}
}

// stageColumns are the staging table's columns, in the order the rows are written.
var stageColumns = []string{"line", "sku", "name", "category", "brand", "ean", "price", "recommended_price", "stock"}

// stageDDL is the staging table (the temporary kind each database has).
const stageDDL = `CREATE TEMPORARY TABLE ` + stageTable + ` (line BIGINT NOT NULL, sku TEXT NOT NULL, name TEXT NOT NULL,
	category TEXT NOT NULL, brand TEXT NOT NULL, ean TEXT NOT NULL, price BIGINT NOT NULL,
	recommended_price BIGINT NOT NULL, stock BIGINT NOT NULL)`

// merge turns the staged rows into the supplier's products in one transaction: duplicates out
// (the first row of an SKU stays), changed rows updated, new ones inserted, new ones connected
// to shop products of equal SKU, connected shop products priced, the import row finished.
func (s *Service) merge(ctx context.Context, conn *gorm.DB, st stager, view *ImportView, read int, rejects []RejectedRow, rejected int) (importResult, error) {
	var res importResult
	// Duplicates are reported and dropped from the staging before the transaction (the
	// staging is this connection's alone).
	var staged, distinct int64
	if err := conn.WithContext(ctx).Raw("SELECT COUNT(*), COUNT(DISTINCT sku) FROM "+stageTable).Row().Scan(&staged, &distinct); err != nil {
		return res, apperr.Wrap(err, "import: count staged")
	}
	dupRows := []RejectedRow{}
	dupSKUs := []DuplicateSKU{}
	dups := int(staged - distinct)
	if err := st.prepare(ctx, dups > 0); err != nil {
		return res, apperr.Wrap(err, "import: staging statistics")
	}
	if dups > 0 {
		var rows []struct {
			Line  int
			SKU   string `gorm:"column:sku"`
			First int
		}
		err := conn.WithContext(ctx).Raw(`SELECT d.line, d.sku, (SELECT MIN(f.line) FROM `+stageTable+` f WHERE f.sku = d.sku) AS first
			FROM `+stageTable+` d WHERE EXISTS (SELECT 1 FROM `+stageTable+` e WHERE e.sku = d.sku AND e.line < d.line)
			ORDER BY d.line LIMIT ?`, maxReportRows).Scan(&rows).Error
		if err != nil {
			return res, apperr.Wrap(err, "import: duplicates")
		}
		for _, r := range rows {
			dupRows = append(dupRows, RejectedRow{Row: r.Line, SKU: r.SKU, Reason: "pricelist.duplicate_sku", Args: map[string]any{"first": r.First}})
		}
		var lines []struct {
			SKU  string `gorm:"column:sku"`
			Line int
		}
		err = conn.WithContext(ctx).Raw(`SELECT s.sku, s.line FROM `+stageTable+` s JOIN (SELECT sku, MIN(line) AS first FROM `+stageTable+`
				GROUP BY sku HAVING COUNT(*) > 1 ORDER BY MIN(line) LIMIT ?) d ON d.sku = s.sku ORDER BY d.first, s.line`, maxReportRows).
			Scan(&lines).Error
		if err != nil {
			return res, apperr.Wrap(err, "import: duplicate SKUs")
		}
		for _, l := range lines {
			if n := len(dupSKUs); n == 0 || dupSKUs[n-1].SKU != l.SKU {
				dupSKUs = append(dupSKUs, DuplicateSKU{SKU: l.SKU})
			}
			dupSKUs[len(dupSKUs)-1].Rows = append(dupSKUs[len(dupSKUs)-1].Rows, l.Line)
		}
		if err := conn.WithContext(ctx).Exec(`DELETE FROM ` + stageTable + ` WHERE EXISTS (SELECT 1 FROM ` + stageTable + ` e
				WHERE e.sku = ` + stageTable + `.sku AND e.line < ` + stageTable + `.line)`).Error; err != nil {
			return res, apperr.Wrap(err, "import: drop duplicates")
		}
		rejected += dups
		staged = distinct
	}
	res.report = Report{RejectedRows: firstRejected(rejects, dupRows), DuplicateSKUs: dupSKUs, UnmappedCategories: []string{}}

	now := s.now()
	sid := view.SupplierID
	err := conn.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		step := func(name string) error {
			if mergeHook != nil {
				return mergeHook(name)
			}
			return nil
		}
		// One import of a supplier at a time, and this import at most once.
		lock := ""
		if db.IsPostgres(tx) {
			lock = " FOR UPDATE"
		}
		var status string
		if err := tx.Raw("SELECT status FROM pricelist_imports WHERE id = ?"+lock, view.ID).Row().Scan(&status); err != nil {
			return apperr.Wrap(err, "import: lock import")
		}
		if status == StatusFinished || status == StatusFailed {
			return errAlreadyDone
		}
		if err := tx.Exec("SELECT id FROM suppliers WHERE id = ?"+lock, sid).Error; err != nil {
			return apperr.Wrap(err, "import: lock supplier")
		}
		if err := tx.Raw(`SELECT DISTINCT st.category FROM `+stageTable+` st WHERE st.category <> '' AND NOT EXISTS
				(SELECT 1 FROM supplier_category_links l WHERE l.supplier_id = ? AND l.supplier_category = st.category)
				ORDER BY st.category LIMIT ?`, sid, maxUnmappedCategories).Scan(&res.report.UnmappedCategories).Error; err != nil {
			return apperr.Wrap(err, "import: unmapped categories")
		}
		// Rows whose values (or placed category) changed; identical rows are not written.
		upd := tx.Exec(`UPDATE supplier_products SET name = st.name, category = st.category, brand = st.brand, ean = st.ean,
				price = st.price, recommended_price = st.recommended_price, stock = st.stock, category_id = l.category_id, updated_at = ?
			FROM `+stageTable+` st LEFT JOIN supplier_category_links l ON l.supplier_id = ? AND l.supplier_category = st.category
			WHERE supplier_products.supplier_id = ? AND supplier_products.sku = st.sku AND (supplier_products.name <> st.name
				OR supplier_products.category <> st.category OR supplier_products.brand <> st.brand OR supplier_products.ean <> st.ean
				OR supplier_products.price <> st.price OR supplier_products.recommended_price <> st.recommended_price
				OR supplier_products.stock <> st.stock OR supplier_products.category_id IS DISTINCT FROM l.category_id)`, now, sid, sid)
		if upd.Error != nil {
			return apperr.Wrap(upd.Error, "import: update supplier products")
		}
		if err := step("updated"); err != nil {
			return err
		}
		// New rows; each meets the shop product of an equal SKU (spec: "by equal SKU on first
		// import") unless another supplier product holds that one already. Known rows are
		// never connected here: a link staff removed stays removed.
		ins := tx.Exec(`INSERT INTO supplier_products (supplier_id, sku, name, category, brand, ean, price, recommended_price, stock,
				category_id, product_id, created_at, updated_at)
			SELECT `+typed(tx, "BIGINT")+`, st.sku, st.name, st.category, st.brand, st.ean, st.price, st.recommended_price, st.stock,
				l.category_id, p.id, `+typed(tx, "TIMESTAMPTZ")+`, `+typed(tx, "TIMESTAMPTZ")+`
			FROM `+stageTable+` st
			LEFT JOIN supplier_category_links l ON l.supplier_id = ? AND l.supplier_category = st.category
			LEFT JOIN products p ON p.sku = st.sku AND NOT EXISTS (SELECT 1 FROM supplier_products o WHERE o.product_id = p.id)
			WHERE NOT EXISTS (SELECT 1 FROM supplier_products sp WHERE sp.supplier_id = ? AND sp.sku = st.sku)
			ORDER BY st.line`, sid, now, now, sid, sid)
		if ins.Error != nil {
			return apperr.Wrap(ins.Error, "import: insert supplier products")
		}
		if err := step("inserted"); err != nil {
			return err
		}
		// Connected shop products take the supplier's price (their entry price), stock and
		// supplier, with their derived prices recomputed, in one statement (each product row
		// is written once, and only when it changes).
		var err error
		res.repriced, err = s.catalog.ApplySupplierPricesTx(ctx, tx, `SELECT sp.product_id, sp.price AS entry_price, sp.stock, sp.supplier_id
			FROM supplier_products sp WHERE sp.supplier_id = ? AND sp.product_id IS NOT NULL`, sid)
		if err != nil {
			return err
		}
		if err := step("products"); err != nil {
			return err
		}
		// The supplier's updated_at is its last import (the suppliers list shows it).
		if err := tx.Exec("UPDATE suppliers SET updated_at = ? WHERE id = ?", now, sid).Error; err != nil {
			return apperr.Wrap(err, "import: supplier")
		}
		if err := step("supplier"); err != nil {
			return err
		}
		res.counts = Counts{Rows: read, Created: int(ins.RowsAffected), Updated: int(upd.RowsAffected), Rejected: rejected}
		res.counts.Unchanged = int(staged) - res.counts.Created - res.counts.Updated
		report, err := json.Marshal(res.report)
		if err != nil {
			return apperr.Wrap(err, "import: report")
		}
		return tx.Model(&Import{}).Where("id = ?", view.ID).Updates(map[string]any{
			"status": StatusFinished, "rows": res.counts.Rows, "created": res.counts.Created, "updated": res.counts.Updated,
			"unchanged": res.counts.Unchanged, "rejected": res.counts.Rejected, "report": string(report), "error": "",
			"finished_at": now, "updated_at": now}).Error
	})
	return res, err
}

// firstRejected merges the rows rejected while reading and the duplicate rows, both in row
// order, and keeps the first maxReportRows.
func firstRejected(a, b []RejectedRow) []RejectedRow {
	out := append(append(make([]RejectedRow, 0, len(a)+len(b)), a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Row < out[j].Row })
	if len(out) > maxReportRows {
		out = out[:maxReportRows]
	}
	return out
}

// typed is a bound parameter in the SELECT list of an INSERT ... SELECT: PostgreSQL cannot
// infer its type there, SQLite needs no cast.
func typed(tx *gorm.DB, pgType string) string {
	if db.IsPostgres(tx) {
		return "CAST(? AS " + pgType + ")"
	}
	return "?"
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

// notifyUser tells the uploader (nobody for 0); a failure to notify is logged and does not fail
// the import (the work is done and committed).
func (s *Service) notifyUser(ctx context.Context, userID uint64, typ string, data any) {
	if userID == 0 || s.notify == nil {
		return
	}
	if err := s.notify.Notify(context.WithoutCancel(ctx), userID, typ, data); err != nil {
		s.log.WarnContext(ctx, "notification not sent", "user_id", userID, "type", typ, "error", err.Error())
	}
}
