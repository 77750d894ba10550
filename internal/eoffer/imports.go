package eoffer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// Statuses of a competitor file's import.
const (
	StatusQueued   = "queued"
	StatusRunning  = "running"
	StatusFinished = "finished"
	StatusFailed   = "failed"
)

// Notification types the import ends in (the admin shows ImportFinished as news, the rest as
// an error).
const (
	NoteImported     = "ImportFinished"
	NoteImportFailed = "ImportFailed"
)

// Import is one uploaded competitor file and its parse.
type Import struct {
	ID         uint64     `json:"id" gorm:"primaryKey"`
	UserID     *uint64    `json:"-"`
	FileName   string     `json:"file_name"`
	FileSize   int64      `json:"file_size"`
	BlobKey    string     `json:"-"`
	SHA256     string     `json:"-" gorm:"column:sha256"`
	Format     string     `json:"format"`
	Status     string     `json:"status"`
	Rows       int        `json:"rows"`
	Offers     int        `json:"offers"`
	Rejected   int        `json:"rejected"`
	Report     string     `json:"-"`
	Error      string     `json:"error"`
	Lang       string     `json:"-"`
	CreatedAt  time.Time  `json:"created_at"`
	StartedAt  *time.Time `json:"started_at"`
	FinishedAt *time.Time `json:"finished_at"`
}

func (Import) TableName() string { return "eoffer_imports" }

// Report lists the rows left out: the first maxReported (Rejected counts them all), and how
// many for each reason.
type Report struct {
	RejectedRows []RejectedRow `json:"rejected_rows"`
	UnknownSKU   int           `json:"unknown_sku"`
	BadPrice     int           `json:"bad_price"`
	Other        int           `json:"other"`
}

// RejectedRow is a row left out: its line, SKU, shop and the reason (an i18n key; Localized
// turns it into text).
type RejectedRow struct {
	Line   int    `json:"line"`
	SKU    string `json:"sku"`
	Shop   string `json:"shop"`
	Reason string `json:"reason"`
}

const maxReported = 100

// ParsedReport is the import's report (empty before it has finished).
func (i *Import) ParsedReport() Report {
	var r Report
	if i.Report != "" {
		_ = json.Unmarshal([]byte(i.Report), &r)
	}
	if r.RejectedRows == nil {
		r.RejectedRows = []RejectedRow{}
	}
	return r
}

// Localized is the report with its reasons in lang.
func (r Report) Localized(lang i18n.Lang) Report {
	out := r
	out.RejectedRows = make([]RejectedRow, len(r.RejectedRows))
	for i, rr := range r.RejectedRows {
		rr.Reason = i18n.T(lang, rr.Reason, nil)
		out.RejectedRows[i] = rr
	}
	return out
}

type progressKey struct{}

// Progress reports an import's rows read so far (shopctl's bar).
type Progress func(rows int)

// WithProgress makes an import run under ctx report to fn.
func WithProgress(ctx context.Context, fn Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

func progressOf(ctx context.Context) Progress {
	if fn, ok := ctx.Value(progressKey{}).(Progress); ok && fn != nil {
		return fn
	}
	return func(int) {}
}

type langKey struct{}

// WithLang makes imports and applies started under ctx notify in lang.
func WithLang(ctx context.Context, lang i18n.Lang) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

func langOf(ctx context.Context) i18n.Lang {
	if l, ok := ctx.Value(langKey{}).(i18n.Lang); ok && (l == i18n.SR || l == i18n.EN) {
		return l
	}
	return i18n.SR
}

var errHeaderRead = errors.New("header read")

// Upload receives a competitor file (field eponudaCSV): at most MaxFileBytes, a CSV, XLSX or
// XLS by its content whose header names the SKU, shop and price columns (a bad file is a 422
// with the reason before anything is stored). The file goes to the object store under
// eponuda/<sha256>.<format>, an import row is queued and its job parses the file; without a
// queue it is parsed here before Upload returns.
func (s *Service) Upload(ctx context.Context, userID uint64, fileName string, r io.Reader, size int64) (*Import, error) {
	if r == nil {
		return nil, apperr.InvalidFields(apperr.Field(FileField, "validation.file_required"))
	}
	if size > MaxFileBytes {
		return nil, fileError(ErrKeyTooLarge, "max", MaxFileBytes/1_000_000)
	}
	tmp, err := os.CreateTemp("", "eponuda-upload-*")
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: temp file")
	}
	defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: read upload")
	}
	if n > MaxFileBytes {
		return nil, fileError(ErrKeyTooLarge, "max", MaxFileBytes/1_000_000)
	}
	// The header (and the file's kind) is checked now: a quick 422 with the reason.
	info, err := ReadFile(ctx, tmp, n, s.opts.MaxRows, func(Offer) error { return errHeaderRead })
	if err != nil && !errors.Is(err, errHeaderRead) {
		return nil, err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	key := fmt.Sprintf("eponuda/%s.%s", sum, info.Format)
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return nil, apperr.Wrap(err, "e-offer: rewind")
	}
	if err := s.blobs.Put(ctx, key, tmp, n, "application/octet-stream"); err != nil {
		return nil, apperr.Wrap(err, "e-offer: store file")
	}
	imp := Import{FileName: cleanFileName(fileName, info.Format), FileSize: n, BlobKey: key, SHA256: sum, Format: info.Format,
		Status: StatusQueued, Lang: string(langOf(ctx)), CreatedAt: s.now()}
	if userID != 0 {
		imp.UserID = &userID
	}
	if err := s.db.WithContext(ctx).Create(&imp).Error; err != nil {
		return nil, apperr.Wrap(err, "e-offer: create import")
	}
	if s.enq == nil {
		return s.RunImport(ctx, imp.ID, true)
	}
	task, err := queue.NewEofferImportTask(queue.EofferImportPayload{ImportID: imp.ID, Lang: imp.Lang})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, task)
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			err = nil
		}
	}
	if err != nil {
		s.db.WithContext(ctx).Model(&imp).Updates(map[string]any{"status": StatusFailed, "error": i18n.T(langOf(ctx), "error.server", nil)})
		return nil, apperr.Wrap(err, "enqueue e-offer import")
	}
	return &imp, nil
}

func cleanFileName(name, format string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = strings.TrimSpace(path.Base(name))
	if name == "." || name == "/" || name == "" {
		name = "eponuda." + format
	}
	return cut(strings.Join(strings.Fields(name), " "), 255)
}

// GetImport is one import.
func (s *Service) GetImport(ctx context.Context, id uint64) (*Import, error) {
	var imp Import
	err := s.db.WithContext(ctx).First(&imp, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("eoffer_import")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: read import")
	}
	return &imp, nil
}

// LatestImport is the newest finished import (whose offers the recalculation reads); nil: none.
func (s *Service) LatestImport(ctx context.Context) (*Import, error) {
	var imps []Import
	if err := s.db.WithContext(ctx).Where("status = ?", StatusFinished).Order("id DESC").Limit(1).Find(&imps).Error; err != nil {
		return nil, apperr.Wrap(err, "e-offer: latest import")
	}
	if len(imps) == 0 {
		return nil, nil
	}
	return &imps[0], nil
}

// progressRows is how many rows an import reads between reports of its progress.
const progressRows = 2000

// RunImport is the job's work: the file is read streaming; its rows' SKUs are resolved to
// products and the offers encoded (offer_set.go); rows with an unknown SKU or an unreadable
// price are counted and listed in the report. The end is one transaction: the file's offers are
// stored and the older files' deleted (the new file's offers replace them, never a mix: the
// recalculation reads the newest finished import's offers only), the import is finished with
// its counts and the uploader is told. A killed run has stored nothing, so a retry reaches the
// same end. A bad file fails at once (not retried); other failures are retried and told after
// the last attempt.
func (s *Service) RunImport(ctx context.Context, id uint64, lastAttempt bool) (*Import, error) {
	imp, err := s.GetImport(ctx, id)
	if err != nil {
		return nil, err
	}
	if imp.Status == StatusFinished || imp.Status == StatusFailed {
		return imp, nil
	}
	lang := i18n.Lang(imp.Lang)
	db := s.db.WithContext(ctx)
	started := s.now()
	if err := db.Model(imp).Updates(map[string]any{"status": StatusRunning, "started_at": started}).Error; err != nil {
		return nil, apperr.Wrap(err, "e-offer: start import")
	}
	imp.Status, imp.StartedAt = StatusRunning, &started
	rep, counts, set, err := s.load(ctx, imp)
	if err != nil {
		if e := apperr.As(err); e.Code != apperr.Invalid && !lastAttempt {
			return nil, err
		}
		reason := i18n.T(lang, "error.server", nil)
		if e := apperr.As(err); e.Code == apperr.Invalid {
			reason = i18n.T(lang, e.Msg.Key, e.Msg.Args)
		}
		done := s.now()
		imp.Status, imp.Error, imp.FinishedAt = StatusFailed, reason, &done
		var publish func(context.Context)
		terr := db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Model(imp).Updates(map[string]any{"status": StatusFailed, "error": reason, "finished_at": done}).Error; err != nil {
				return err
			}
			var err error
			publish, err = s.noteTx(tx, imp, NoteImportFailed, i18n.T(lang, "eoffer.note_import_failed", map[string]any{"file": imp.FileName, "error": reason}))
			return err
		})
		if terr == nil {
			publish(context.WithoutCancel(ctx))
		}
		return imp, err
	}
	b, _ := json.Marshal(rep)
	done := s.now()
	imp.Status, imp.Rows, imp.Offers, imp.Rejected, imp.Report, imp.FinishedAt = StatusFinished, counts.rows, counts.offers, counts.rejected, string(b), &done
	var publish func(context.Context)
	err = db.Transaction(func(tx *gorm.DB) error {
		if err := replaceOfferSets(tx, set); err != nil {
			return apperr.Wrap(err, "e-offer: store offers")
		}
		if err := tx.Model(imp).Updates(map[string]any{"status": StatusFinished, "rows": imp.Rows, "offers": imp.Offers,
			"rejected": imp.Rejected, "report": imp.Report, "finished_at": done}).Error; err != nil {
			return apperr.Wrap(err, "e-offer: finish import")
		}
		var err error
		publish, err = s.noteTx(tx, imp, NoteImported, i18n.T(lang, "eoffer.note_imported",
			map[string]any{"file": imp.FileName, "offers": imp.Offers, "rejected": imp.Rejected}))
		return err
	})
	if err != nil {
		return nil, err
	}
	publish(context.WithoutCancel(ctx))
	return imp, nil
}

type importCounts struct{ rows, offers, rejected int }

// load reads the import's file: each row's SKU is matched to a product and its offer encoded
// (offer_set.go). Rows left out are counted and the first maxReported listed, in the file's
// order.
func (s *Service) load(ctx context.Context, imp *Import) (Report, importCounts, offerSetRow, error) {
	var rep Report
	var c importCounts
	rc, info, err := s.blobs.Open(ctx, imp.BlobKey)
	if err != nil {
		return rep, c, offerSetRow{}, apperr.Wrap(err, "e-offer: open file")
	}
	defer rc.Close()
	// The reader needs random access (an XLSX is a zip): a local store's file has it, an
	// object store's stream is copied to a temporary file first.
	tmp, ok := rc.(*os.File)
	n := info.Size
	if !ok || n < 0 {
		if tmp, err = os.CreateTemp("", "eponuda-run-*"); err != nil {
			return rep, c, offerSetRow{}, apperr.Wrap(err, "e-offer: temp file")
		}
		defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
		if n, err = io.Copy(tmp, rc); err != nil {
			return rep, c, offerSetRow{}, apperr.Wrap(err, "e-offer: copy file")
		}
	}
	ids, err := s.productIDs(ctx)
	if err != nil {
		return rep, c, offerSetRow{}, err
	}
	progress, saveRows := progressOf(ctx), s.rowsSaver(ctx, imp)
	w := newOfferSetWriter(int(n / 24)) // a row is rarely under 24 bytes
	_, err = ReadFile(ctx, tmp, n, s.opts.MaxRows, func(o Offer) error {
		if c.rows++; c.rows%progressRows == 0 {
			progress(c.rows)
			saveRows(c.rows)
		}
		reason := o.Reject
		pid, known := ids[o.SKU]
		if reason == "" && !known {
			reason = RejectUnknownSKU
		}
		if reason == "" {
			w.add(pid, &o)
			return nil
		}
		c.rejected++
		switch reason {
		case RejectUnknownSKU:
			rep.UnknownSKU++
		case RejectBadPrice:
			rep.BadPrice++
		default:
			rep.Other++
		}
		if len(rep.RejectedRows) < maxReported {
			rep.RejectedRows = append(rep.RejectedRows, RejectedRow{Line: o.Line, SKU: o.SKU, Shop: o.Shop, Reason: reason})
		}
		return nil
	})
	if err != nil {
		return rep, c, offerSetRow{}, err
	}
	c.offers = w.n
	progress(c.rows)
	set, err := w.row(imp.ID)
	if err != nil {
		return rep, c, set, apperr.Wrap(err, "e-offer: encode offers")
	}
	return rep, c, set, nil
}

// productIDs are every product's id by SKU: one narrow read of the catalogue, about what a
// file's parse costs, where looking a file's SKUs up batch by batch took several times that.
func (s *Service) productIDs(ctx context.Context) (map[string]uint64, error) {
	rows, err := s.db.WithContext(ctx).Table("products").Select("sku, id").Rows()
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: find products")
	}
	defer rows.Close()
	ids := map[string]uint64{}
	for rows.Next() {
		var sku string
		var id uint64
		if err := rows.Scan(&sku, &id); err != nil {
			return nil, apperr.Wrap(err, "e-offer: find products")
		}
		ids[sku] = id
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Wrap(err, "e-offer: find products")
	}
	return ids, nil
}

// progressEvery is how often at most an import saves its rows read so far.
const progressEvery = time.Second

// rowsSaver saves an import's rows read so far, for the admin's polling (another connection),
// at most once every progressEvery: a round trip per 20,000 rows was a tenth of a
// 100,000-row file's parse. Best effort: a failed save is not the import's failure.
func (s *Service) rowsSaver(ctx context.Context, imp *Import) func(rows int) {
	last := time.Now()
	return func(rows int) {
		if time.Since(last) >= progressEvery {
			s.db.WithContext(ctx).Model(imp).Update("rows", rows)
			last = time.Now()
		}
	}
}

// importNote is the data of the import's notifications.
type importNote struct {
	Message string      `json:"message"`
	Eponuda importBrief `json:"eponuda"`
}

type importBrief struct {
	ID       uint64 `json:"id"`
	FileName string `json:"file_name"`
	Offers   int    `json:"offers"`
	Rejected int    `json:"rejected"`
}

func (s *Service) noteTx(tx *gorm.DB, imp *Import, typ, msg string) (func(context.Context), error) {
	if imp.UserID == nil || s.notify == nil {
		return func(context.Context) {}, nil
	}
	return s.notify.NotifyTx(tx, *imp.UserID, typ, importNote{Message: msg,
		Eponuda: importBrief{ID: imp.ID, FileName: imp.FileName, Offers: imp.Offers, Rejected: imp.Rejected}})
}
