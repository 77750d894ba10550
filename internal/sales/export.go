package sales

import (
	"context"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/sheet"
)

// MaxExportOrders bounds one export (a wider filter is a 422 asking to narrow it): the sheet is
// built through excelize's StreamWriter (temporary files, not memory), but a request must end.
const MaxExportOrders = 50000

const exportBatch = 1000

// ExportColumns are the export's columns (message keys under sales.export.*), one row per
// order: the list's filters select orders, and the buyer, payment and delivery data are per
// order; the items are summed up in one cell ("SKU Name × 2; ...").
var ExportColumns = []string{"number", "date", "status", "cancel_reason", "name", "email", "phone", "address", "city", "post_code",
	"company", "pib", "payment", "items", "quantity", "total", "delivery_status", "delivery_time", "supplier"}

// ExportOrders builds the XLSX of the orders f selects (its page is ignored), newest first, with
// headers and labels in lang. The caller writes it out (f.Write) and closes it. Totals are
// numbers in RSD with two decimals, so the sheet can sum them.
func (s *Service) ExportOrders(ctx context.Context, f OrderFilter, lang i18n.Lang) (*excelize.File, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, err
	}
	var n int64
	if err := q.Session(&gorm.Session{}).Count(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "orders export count")
	}
	if n > MaxExportOrders {
		return nil, apperr.InvalidFields(apperr.Field("search", "sales.export_too_many", "n", MaxExportOrders))
	}
	head := make([]string, len(ExportColumns))
	for i, c := range ExportColumns {
		head[i] = i18n.T(lang, "sales.export."+c, nil)
	}
	w, err := sheet.New(i18n.T(lang, "sales.export.sheet", nil), head)
	if err != nil {
		return nil, apperr.Wrap(err, "orders export")
	}
	defer w.Discard()
	for page := 1; ; page++ {
		var batch []Order
		p := listing.Page{Number: page, Size: exportBatch}
		if err := q.Session(&gorm.Session{}).Order("created_at DESC, id DESC").Offset(p.Offset()).Limit(p.Size).Find(&batch).Error; err != nil {
			return nil, apperr.Wrap(err, "orders export")
		}
		if err := s.withItems(ctx, batch); err != nil {
			return nil, err
		}
		for _, o := range batch {
			if err := w.Row(exportRow(&o, lang, w)...); err != nil {
				return nil, apperr.Wrap(err, "orders export")
			}
		}
		if len(batch) < exportBatch {
			break
		}
	}
	x, err := w.Finish()
	return x, apperr.Wrap(err, "orders export")
}

func exportRow(o *Order, lang i18n.Lang, w *sheet.Writer) []any {
	var items []string
	units := 0
	for _, it := range o.Items {
		items = append(items, fmt.Sprintf("%s %s × %d", it.SKU, it.Name, it.Quantity))
		units += it.Quantity
	}
	reason := ""
	if o.CancelReason != "" {
		reason = i18n.T(lang, "sales.cancel_reason."+o.CancelReason, nil)
	}
	return []any{o.NumberOf(), o.CreatedAt.In(clock.Zone).Format("02.01.2006 15:04"), i18n.T(lang, "sales.status."+o.Status, nil), reason,
		o.Name, o.Email, o.Phone, o.Address, o.City, o.PostCode, o.CompanyName, o.CompanyPIB,
		i18n.T(lang, "sales.payment."+o.PaymentMethod, nil), strings.Join(items, "; "), units,
		w.Money(o.Total),
		o.DeliveryStatus, o.DeliveryTime, o.Supplier}
}
