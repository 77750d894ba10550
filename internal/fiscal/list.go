package fiscal

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/sheet"
)

// Filter is the receipt list's filter: status, kind, the day the receipt was made from/to
// (YYYY-MM-DD, the shop's days, both inclusive) and the buyer: its name or PIB, the signed
// invoice's number or the order's number.
type Filter struct {
	Status   string
	Kind     string
	DateFrom string
	DateTo   string
	Buyer    string
	Page     listing.Page
}

// maxBuyer bounds the buyer search text.
const maxBuyer = 100

// maxNumberedOrders bounds the orders whose number a buyer search matches (the newest; sales
// answers their ids, and SQLite binds at most 32,766 parameters). Older receipts are still
// found by buyer, PIB or invoice number.
const maxNumberedOrders = 10_000

func (s *Service) filtered(ctx context.Context, f Filter) (*gorm.DB, error) {
	q := s.db.WithContext(ctx).Model(&Receipt{})
	var fields []apperr.FieldError
	if f.Status != "" {
		if !oneOf(f.Status, Statuses) {
			fields = append(fields, apperr.Field("status", "validation.oneof"))
		}
		q = q.Where("status = ?", f.Status)
	}
	if f.Kind != "" {
		if !oneOf(f.Kind, Kinds) {
			fields = append(fields, apperr.Field("kind", "validation.oneof"))
		}
		q = q.Where("kind = ?", f.Kind)
	}
	var fromOK, toOK bool
	if f.DateFrom != "" {
		if d, err := clock.StartOfDay(f.DateFrom); err != nil {
			fields = append(fields, apperr.Field("date_from", "validation.date"))
		} else {
			fromOK = true
			q = q.Where("created_at >= ?", d.UTC())
		}
	}
	if f.DateTo != "" {
		if d, err := clock.StartOfDay(f.DateTo); err != nil {
			fields = append(fields, apperr.Field("date_to", "validation.date"))
		} else {
			toOK = true
			q = q.Where("created_at < ?", d.AddDate(0, 0, 1).UTC())
		}
	}
	if fromOK && toOK && f.DateTo < f.DateFrom {
		fields = append(fields, apperr.Field("date_to", "validation.date_order"))
	}
	if t := strings.TrimSpace(f.Buyer); t != "" {
		if utf8.RuneCountInString(t) > maxBuyer {
			fields = append(fields, apperr.Field("buyer", "validation.max_chars", "n", maxBuyer))
		}
		orders, err := s.sales.OrderIDsNumbered(ctx, t, maxNumberedOrders)
		if err != nil {
			return nil, err
		}
		esc := db.LikeEscape
		like := db.LikeContains(strings.ToLower(t))
		q = q.Where("(LOWER(buyer_name) LIKE ?"+esc+" OR buyer_pib LIKE ?"+esc+" OR LOWER(invoice_number) LIKE ?"+esc+" OR order_id IN ?)",
			like, like, like, orders)
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	return q, nil
}

// List answers a page of receipts, newest first, with their orders' numbers.
func (s *Service) List(ctx context.Context, f Filter) ([]Receipt, int64, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count receipts")
	}
	out := []Receipt{}
	if err := q.Omit("request", "response").Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "receipts")
	}
	return out, total, s.numbered(ctx, out)
}

// numbered fills the receipts' order numbers.
func (s *Service) numbered(ctx context.Context, list []Receipt) error {
	ids := make([]uint64, len(list))
	for i := range list {
		ids[i] = list[i].OrderID
	}
	nums, err := s.sales.OrderNumbers(ctx, ids)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].OrderNumber = nums[list[i].OrderID]
	}
	return nil
}

// Counts are how many receipts there are of each status.
func (s *Service) Counts(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	if err := s.db.WithContext(ctx).Model(&Receipt{}).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "receipt counts")
	}
	out := map[string]int64{}
	for _, st := range Statuses {
		out[st] = 0
	}
	for _, r := range rows {
		out[r.Status] = r.N
	}
	return out, nil
}

// MaxExport bounds one export (a wider filter is a 422 asking to narrow it).
const MaxExport = 50000

// ExportColumns are the export's columns (message keys under fiscal.export.*).
var ExportColumns = []string{"order", "kind", "invoice_number", "counter", "signed_at", "buyer", "pib", "payment_type", "total",
	"status", "reason", "test"}

// Export builds the XLSX of the receipts f selects (its page is ignored), newest first, for
// the accountant: totals as numbers in RSD with two decimals. The caller writes and closes it.
func (s *Service) Export(ctx context.Context, f Filter, lang i18n.Lang) (*excelize.File, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, err
	}
	var n int64
	if err := q.Session(&gorm.Session{}).Count(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "receipts export count")
	}
	if n > MaxExport {
		return nil, apperr.InvalidFields(apperr.Field("buyer", "sales.export_too_many", "n", MaxExport))
	}
	head := make([]string, len(ExportColumns))
	for i, c := range ExportColumns {
		head[i] = i18n.T(lang, "fiscal.export."+c, nil)
	}
	w, err := sheet.New(i18n.T(lang, "fiscal.export.sheet", nil), head)
	if err != nil {
		return nil, apperr.Wrap(err, "receipts export")
	}
	defer w.Discard()
	yes, no := i18n.T(lang, "fiscal.export.yes", nil), i18n.T(lang, "fiscal.export.no", nil)
	for page := 1; ; page++ {
		var batch []Receipt
		p := listing.Page{Number: page, Size: 1000}
		if err := q.Session(&gorm.Session{}).Omit("request", "response").Order("created_at DESC, id DESC").Offset(p.Offset()).Limit(p.Size).
			Find(&batch).Error; err != nil {
			return nil, apperr.Wrap(err, "receipts export")
		}
		if err := s.numbered(ctx, batch); err != nil {
			return nil, err
		}
		for _, r := range batch {
			signed, test := "", no
			if r.SdcTime != nil {
				signed = r.SdcTime.In(clock.Zone).Format("02.01.2006 15:04:05")
			}
			if r.Simulated {
				test = yes
			}
			if err := w.Row(r.OrderNumber, i18n.T(lang, "fiscal.kind."+r.Kind, nil), r.InvoiceNumber, r.InvoiceCounter, signed, r.BuyerName,
				r.BuyerPIB, r.PaymentType, w.Money(r.Total), i18n.T(lang, "fiscal.status."+r.Status, nil), r.Reason, test); err != nil {
				return nil, apperr.Wrap(err, "receipts export")
			}
		}
		if len(batch) < p.Size {
			break
		}
	}
	x, err := w.Finish()
	return x, apperr.Wrap(err, "receipts export")
}

// ForOrderNumber lists the receipts of the order with this number (the operator's status).
func (s *Service) ForOrderNumber(ctx context.Context, number string) ([]Receipt, error) {
	o, err := s.sales.OrderByNumber(ctx, number)
	if err != nil {
		return nil, err
	}
	list, err := s.ForOrder(ctx, o.ID)
	for i := range list {
		list[i].OrderNumber = o.NumberOf()
	}
	return list, err
}

// RetryFailed retries every failed receipt (the operator's `--all-failed`), answering those it
// queued again; one that can no longer be retried (it changed meanwhile) is skipped.
func (s *Service) RetryFailed(ctx context.Context) ([]Receipt, error) {
	var ids []uint64
	if err := s.db.WithContext(ctx).Model(&Receipt{}).Where("status = ?", StatusFailed).Order("id").Pluck("id", &ids).Error; err != nil {
		return nil, apperr.Wrap(err, "failed receipts")
	}
	var out []Receipt
	for _, id := range ids {
		r, err := s.Retry(ctx, id)
		if apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.NotFound) {
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, *r)
	}
	return out, s.numbered(ctx, out)
}
