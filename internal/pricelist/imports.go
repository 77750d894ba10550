package pricelist

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/queue"
)

// Import statuses: queued until a worker takes it, running, then finished or failed. The
// lists also show, from the queue's task: interrupted (a running import whose worker is gone:
// its task's lease ran out, and the queue hands it out again) and retrying (an attempt failed,
// the next waits for its time).
const (
	StatusQueued      = "queued"
	StatusRunning     = "running"
	StatusFinished    = "finished"
	StatusFailed      = "failed"
	StatusInterrupted = "interrupted"
	StatusRetrying    = "retrying"
)

// Pending tells whether an import in status has not ended yet (it will run, or run again).
func Pending(status string) bool {
	return status != StatusFinished && status != StatusFailed
}

// TaskStates tells what the queue knows of a task (queue.Inspector).
type TaskStates interface {
	State(queue, id string) (queue.TaskState, error)
}

// withTaskState gives the pending imports of views the state of their task: a row says running
// from the moment a worker takes the import until it ends, also when the worker was killed
// (until the queue notices the lease has run out and hands the task out again), and queued
// between failed attempts. Without an inspector, or when the queue cannot answer, the rows
// stay as stored.
func (s *Service) withTaskState(ctx context.Context, views []ImportView) {
	if s.opts.Tasks == nil {
		return
	}
	for i := range views {
		v := &views[i]
		if v.Status != StatusQueued && v.Status != StatusRunning {
			continue
		}
		st, err := s.opts.Tasks.State(queue.QueueDefault, queue.PricelistImportTaskID(v.ID))
		if err != nil {
			s.log.WarnContext(ctx, "price-list imports: cannot ask the queue", "import_id", v.ID, "error", err.Error())
			return
		}
		switch {
		case st == queue.TaskRetry:
			v.Status = StatusRetrying
		case st == queue.TaskOrphaned && v.Status == StatusRunning:
			v.Status = StatusInterrupted
		}
	}
}

// Import is one uploaded price list and its job (a pricelist_imports row).
type Import struct {
	ID         uint64 `gorm:"primaryKey"`
	SupplierID uint64
	UserID     *uint64 // who uploaded it; nil from shopctl
	FileName   string
	FileSize   int64
	BlobKey    string
	SHA256     string `gorm:"column:sha256"`
	Status     string
	Rows       int
	Created    int
	Updated    int
	Unchanged  int
	Rejected   int
	// Report is the JSON of Report; Error the JSON of the failure's message (an apperr.Msg),
	// both localized when read, so each reader gets their own language.
	Report     string
	Error      string
	StartedAt  *time.Time
	FinishedAt *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (Import) TableName() string { return "pricelist_imports" }

// Report tells what an import left out and what it could not place. Reasons are message keys
// (with their args), localized by the reader.
type Report struct {
	// RejectedRows are the first maxReportRows rejected rows by row number (Import.Rejected
	// counts them all).
	RejectedRows []RejectedRow `json:"rejected_rows"`
	// DuplicateSKUs are SKUs met on more than one row (the first row is imported, the others
	// rejected), the first maxReportRows of them.
	DuplicateSKUs []DuplicateSKU `json:"duplicate_skus"`
	// UnmappedCategories are the file's supplier categories no link places in a shop category.
	UnmappedCategories []string `json:"unmapped_categories"`
}

// RejectedRow is a row left out: its number in the sheet, its SKU and why.
type RejectedRow struct {
	Row    int            `json:"row"`
	SKU    string         `json:"sku"`
	Reason string         `json:"reason"`
	Args   map[string]any `json:"args,omitempty"`
}

// DuplicateSKU is an SKU and the rows it is on (the first one was imported).
type DuplicateSKU struct {
	SKU  string `json:"sku"`
	Rows []int  `json:"rows"`
}

// maxReportRows bounds the report's lists (the counts stay exact).
const maxReportRows = 100

// maxUnmappedCategories bounds the unmapped supplier categories kept in a report.
const maxUnmappedCategories = 1000

// Localized is the report with every reason in lang.
func (r Report) Localized(lang i18n.Lang) Report {
	out := Report{RejectedRows: make([]RejectedRow, len(r.RejectedRows)), DuplicateSKUs: r.DuplicateSKUs, UnmappedCategories: r.UnmappedCategories}
	for i, rr := range r.RejectedRows {
		out.RejectedRows[i] = RejectedRow{Row: rr.Row, SKU: rr.SKU, Reason: i18n.T(lang, rr.Reason, rr.Args)}
	}
	if out.DuplicateSKUs == nil {
		out.DuplicateSKUs = []DuplicateSKU{}
	}
	if out.UnmappedCategories == nil {
		out.UnmappedCategories = []string{}
	}
	return out
}

// ImportView is an import as the lists show it: with its supplier's name.
type ImportView struct {
	Import
	Supplier string
}

// ParsedReport decodes the stored report (empty while the import has not finished).
func (v *Import) ParsedReport() Report {
	var r Report
	if v.Report != "" {
		_ = json.Unmarshal([]byte(v.Report), &r)
	}
	return r
}

// ErrorText is the failure's reason in lang ("" when the import has not failed).
func (v *Import) ErrorText(lang i18n.Lang) string {
	if v.Error == "" {
		return ""
	}
	var m apperr.Msg
	if err := json.Unmarshal([]byte(v.Error), &m); err != nil || m.Key == "" {
		return v.Error
	}
	return i18n.T(lang, m.Key, m.Args)
}

// ImportFilter is the imports list's query.
type ImportFilter struct {
	SupplierID uint64
	Page       listing.Page
}

func (s *Service) importsQuery(ctx context.Context) *gorm.DB {
	return s.db.WithContext(ctx).Table("pricelist_imports i").Select("i.*")
}

// withSupplierNames fills in the imports' supplier names (the catalogue's suppliers).
func (s *Service) withSupplierNames(ctx context.Context, views []ImportView) error {
	ids := make([]uint64, 0, len(views))
	for _, v := range views {
		ids = append(ids, v.SupplierID)
	}
	names, err := s.catalog.SupplierNames(ctx, ids)
	if err != nil {
		return err
	}
	for i := range views {
		views[i].Supplier = names[views[i].SupplierID]
	}
	return nil
}

// ListImports answers a page of imports, newest first.
func (s *Service) ListImports(ctx context.Context, f ImportFilter) ([]ImportView, int64, error) {
	count := s.db.WithContext(ctx).Table("pricelist_imports")
	q := s.importsQuery(ctx)
	if f.SupplierID != 0 {
		count = count.Where("supplier_id = ?", f.SupplierID)
		q = q.Where("i.supplier_id = ?", f.SupplierID)
	}
	var total int64
	if err := count.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count imports")
	}
	out := []ImportView{}
	if err := q.Order("i.id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Scan(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list imports")
	}
	if err := s.withSupplierNames(ctx, out); err != nil {
		return nil, 0, err
	}
	s.withTaskState(ctx, out)
	return out, total, nil
}

// GetImport answers one import (its status told by its task too, see withTaskState) or its 404.
func (s *Service) GetImport(ctx context.Context, id uint64) (*ImportView, error) {
	v, err := s.getImport(ctx, id)
	if err != nil {
		return nil, err
	}
	views := []ImportView{*v}
	s.withTaskState(ctx, views)
	return &views[0], nil
}

// getImport answers one import as stored, or its 404.
func (s *Service) getImport(ctx context.Context, id uint64) (*ImportView, error) {
	var out []ImportView
	if err := s.importsQuery(ctx).Where("i.id = ?", id).Limit(1).Scan(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "get import")
	}
	if len(out) == 0 {
		return nil, apperr.NotFoundThing("pricelist_import")
	}
	if err := s.withSupplierNames(ctx, out); err != nil {
		return nil, err
	}
	return &out[0], nil
}

// maxHeaderText is the longest header text a mapping may name (a cell, one line).
const maxHeaderText = 255

// HeaderMappingOf answers a supplier's saved header mapping with every field present ("" for a
// field found by its usual names); a supplier that does not exist is a 404.
func (s *Service) HeaderMappingOf(ctx context.Context, supplierID uint64) (HeaderMapping, error) {
	stored, err := s.catalog.SupplierHeaderMapping(ctx, supplierID)
	if err != nil {
		return nil, err
	}
	return decodeMapping(stored), nil
}

// decodeMapping reads a stored mapping, every field present; a damaged value reads as none.
func decodeMapping(stored string) HeaderMapping {
	m := HeaderMapping{}
	if stored != "" {
		_ = json.Unmarshal([]byte(stored), &m)
	}
	out := HeaderMapping{}
	for _, f := range Fields() {
		out[f] = m[f]
	}
	return out
}

// SaveHeaderMapping stores a supplier's own header texts (trimmed; "" means the usual names).
// Two fields may not name the same header (compared as the header detection compares them).
func (s *Service) SaveHeaderMapping(ctx context.Context, supplierID uint64, in HeaderMapping) (HeaderMapping, error) {
	if _, err := s.catalog.GetSupplier(ctx, supplierID); err != nil {
		return nil, err
	}
	out := HeaderMapping{}
	seen := map[string]Field{}
	var fields []apperr.FieldError
	stored := map[Field]string{}
	for _, f := range Fields() {
		v := strings.TrimSpace(in[f])
		out[f] = v
		if v == "" {
			continue
		}
		if utf8.RuneCountInString(v) > maxHeaderText {
			fields = append(fields, apperr.Field(string(f), "validation.max_chars", "n", maxHeaderText))
			continue
		}
		k := headerKey(v)
		if _, dup := seen[k]; dup {
			fields = append(fields, apperr.Field(string(f), "pricelist.mapping_twice"))
			continue
		}
		seen[k] = f
		stored[f] = v
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	b := ""
	if len(stored) > 0 {
		raw, err := json.Marshal(stored)
		if err != nil {
			return nil, apperr.Wrap(err, "header mapping")
		}
		b = string(raw)
	}
	if err := s.catalog.SetSupplierHeaderMapping(ctx, supplierID, b); err != nil {
		return nil, err
	}
	return out, nil
}

// errMsgJSON stores an error's message for ErrorText: the first field's message of a 422 (the
// file's reason), the message of other known errors, the generic server error for internal
// ones (their cause is logged, never shown).
func errMsgJSON(err error) string {
	m := reasonMsg(err)
	b, _ := json.Marshal(m)
	return string(b)
}

func reasonMsg(err error) apperr.Msg {
	e := apperr.As(err)
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded), e.Code == apperr.Internal:
		return apperr.M("error.server")
	case len(e.Fields) > 0:
		return e.Fields[0].Msg
	default:
		return e.Msg
	}
}
