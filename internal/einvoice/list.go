package einvoice

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/sheet"
	"shop/internal/platform/textfold"
)

// Filter is the e-invoice list's filter: a status, the kind (invoice or credit note), the day
// of issue from/to (YYYY-MM-DD, the shop's days), and the buyer (in its name, PIB or the
// invoice's number).
type Filter struct {
	Status   string
	Kind     string
	DateFrom string
	DateTo   string
	Buyer    string
	Page     listing.Page
}

func (s *Service) filtered(ctx context.Context, f Filter) (*gorm.DB, error) {
	q := s.db.WithContext(ctx).Model(&Einvoice{})
	var fields []apperr.FieldError
	if f.Status != "" {
		ok := false
		for _, st := range Statuses {
			ok = ok || st == f.Status
		}
		if !ok {
			fields = append(fields, apperr.Field("status", "validation.einvoice_status"))
		}
		q = q.Where("status = ?", f.Status)
	}
	if f.Kind != "" {
		if !slices.Contains(Kinds, f.Kind) {
			fields = append(fields, apperr.Field("kind", "validation.oneof"))
		}
		q = q.Where("kind = ?", f.Kind)
	}
	var from, to string
	if f.DateFrom != "" {
		if _, err := clock.StartOfDay(f.DateFrom); err != nil {
			fields = append(fields, apperr.Field("date_from", "activity.date"))
		} else {
			from = f.DateFrom
			q = q.Where("issue_date >= ?", from)
		}
	}
	if f.DateTo != "" {
		if _, err := clock.StartOfDay(f.DateTo); err != nil {
			fields = append(fields, apperr.Field("date_to", "activity.date"))
		} else {
			to = f.DateTo
			q = q.Where("issue_date <= ?", to)
		}
	}
	if from != "" && to != "" && to < from {
		fields = append(fields, apperr.Field("date_to", "activity.date_order"))
	}
	if t := textfold.Fold(strings.TrimSpace(f.Buyer)); t != "" {
		like := db.LikeContains(t)
		q = q.Where(textfold.SQL("buyer_name")+` LIKE ?`+db.LikeEscape+` OR buyer_pib LIKE ?`+db.LikeEscape+` OR `+textfold.SQL("number")+` LIKE ?`+db.LikeEscape,
			like, like, like)
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	return q, nil
}

// List answers a page of e-invoices, newest first (without their XML).
func (s *Service) List(ctx context.Context, f Filter) ([]Einvoice, int64, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count e-invoices")
	}
	out := []Einvoice{}
	if err := q.Omit("xml").Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "e-invoices")
	}
	return out, total, nil
}

// MaxExport bounds one export (a wider filter is a 422 asking to narrow it).
const MaxExport = 50000

// ExportColumns are the export's columns (message keys under einvoice.export.*).
var ExportColumns = []string{"number", "kind", "order", "issue_date", "delivery_date", "buyer", "pib", "company_number", "total", "status",
	"sef_id", "comment"}

// Export builds the XLSX of the e-invoices f selects (its page is ignored), newest first, for
// the accountant: totals as numbers in RSD with two decimals. The caller writes and closes it.
func (s *Service) Export(ctx context.Context, f Filter, lang i18n.Lang) (*excelize.File, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, err
	}
	var n int64
	if err := q.Session(&gorm.Session{}).Count(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "e-invoices export count")
	}
	if n > MaxExport {
		return nil, apperr.InvalidFields(apperr.Field("buyer", "sales.export_too_many", "n", MaxExport))
	}
	head := make([]string, len(ExportColumns))
	for i, c := range ExportColumns {
		head[i] = i18n.T(lang, "einvoice.export."+c, nil)
	}
	w, err := sheet.New(i18n.T(lang, "einvoice.export.sheet", nil), head)
	if err != nil {
		return nil, apperr.Wrap(err, "e-invoices export")
	}
	defer w.Discard()
	for page := 1; ; page++ {
		var batch []Einvoice
		p := listing.Page{Number: page, Size: 1000}
		if err := q.Session(&gorm.Session{}).Omit("xml").Order("created_at DESC, id DESC").Offset(p.Offset()).Limit(p.Size).Find(&batch).Error; err != nil {
			return nil, apperr.Wrap(err, "e-invoices export")
		}
		for _, e := range batch {
			var sef any = ""
			if e.SEFInvoiceID != nil {
				sef = *e.SEFInvoiceID
			}
			if err := w.Row(e.Number, i18n.T(lang, "einvoice.kind."+e.Kind, nil), e.OrderNumber(), dmy(e.IssueDate), dmy(e.DeliveryDate), e.BuyerName, e.BuyerPIB,
				e.BuyerCompanyNumber, w.Money(e.Total), StatusLabel(lang, e.Status), sef, e.Comment); err != nil {
				return nil, apperr.Wrap(err, "e-invoices export")
			}
		}
		if len(batch) < p.Size {
			break
		}
	}
	x, err := w.Finish()
	return x, apperr.Wrap(err, "e-invoices export")
}

// dmy writes a YYYY-MM-DD day the Serbian way (02.01.2006).
func dmy(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("02.01.2006")
}

// StatusLabel is a status in the language (SEF's other statuses as SEF says them).
func StatusLabel(lang i18n.Lang, status string) string {
	key := "einvoice.status." + status
	if !i18n.Has(key) {
		return status
	}
	return i18n.T(lang, key, nil)
}

// Counts are how many e-invoices there are of each status.
func (s *Service) Counts(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	if err := s.db.WithContext(ctx).Model(&Einvoice{}).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "e-invoice counts")
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Status] = r.N
	}
	return out, nil
}

// Unfinished are the e-invoices that need the staff or are still on their way: invalid,
// refused or rejected ones and those queued, oldest first.
func (s *Service) Unfinished(ctx context.Context) ([]Einvoice, error) {
	out := []Einvoice{}
	err := s.db.WithContext(ctx).Omit("xml").Where("status IN ?", []string{StatusInvalid, StatusRefused, StatusRejected, StatusQueued}).
		Order("id").Find(&out).Error
	return out, apperr.Wrap(err, "unfinished e-invoices")
}

// ByOrderNumber is the e-invoice of the order with this number (404 when none).
func (s *Service) ByOrderNumber(ctx context.Context, number string) (*Einvoice, error) {
	o, err := s.sales.OrderByNumber(ctx, number)
	if err != nil {
		return nil, err
	}
	return s.ByOrder(ctx, o.ID)
}

// RetryFailed retries every invalid or refused e-invoice (the operator's `--all-failed`),
// answering them as they are after the retry (still invalid when the data is still missing).
func (s *Service) RetryFailed(ctx context.Context) ([]Einvoice, error) {
	var ids []uint64
	if err := s.db.WithContext(ctx).Model(&Einvoice{}).Where("status IN ? AND sef_invoice_id IS NULL", []string{StatusInvalid, StatusRefused}).
		Order("id").Pluck("id", &ids).Error; err != nil {
		return nil, apperr.Wrap(err, "failed e-invoices")
	}
	out := []Einvoice{}
	for _, id := range ids {
		e, err := s.Retry(ctx, id)
		if apperr.Is(err, apperr.Conflict) || apperr.Is(err, apperr.NotFound) {
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, *e)
	}
	return out, nil
}
