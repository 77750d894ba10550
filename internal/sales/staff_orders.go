package sales

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// The staff's order handling (back-office-and-shell.md 2.1 "Orders", 2.4 "Order screen", 4;
// shared decisions.md "Orders"). Reading needs view-order and changing update-order
// (docs/sales.md); the routes check them, this package does not.

// OrderFilter is the orders list's query. Dates are whole days in the shop's zone
// (YYYY-MM-DD), both inclusive; Search matches the order number, e-mail, name or phone.
type OrderFilter struct {
	Status        string
	PaymentMethod string
	DateFrom      string
	DateTo        string
	Search        string
	Page          listing.Page
}

// OrderTotals are the filtered set's count and the sum of its orders' totals.
type OrderTotals struct {
	Count int64
	Sum   money.Para
}

// MaxSearch bounds the search text.
const MaxSearch = 100

const dayLayout = "2006-01-02"

// filtered is the orders query of f (no order, no page); a bad value is a 422 on its field.
func (s *Service) filtered(ctx context.Context, f OrderFilter) (*gorm.DB, error) {
	q := s.db.WithContext(ctx).Model(&Order{})
	var fields []apperr.FieldError
	if f.Status != "" {
		if !oneOf(f.Status, Statuses) {
			fields = append(fields, apperr.Field("status", "validation.oneof"))
		}
		q = q.Where("status = ?", f.Status)
	}
	if f.PaymentMethod != "" {
		if !oneOf(f.PaymentMethod, PaymentMethods) {
			fields = append(fields, apperr.Field("payment_method", "validation.oneof"))
		}
		q = q.Where("payment_method = ?", f.PaymentMethod)
	}
	var from, to time.Time
	if f.DateFrom != "" {
		d, err := time.ParseInLocation(dayLayout, f.DateFrom, clock.Zone)
		if err != nil {
			fields = append(fields, apperr.Field("date_from", "validation.date"))
		} else {
			from = d
			q = q.Where("created_at >= ?", d.UTC())
		}
	}
	if f.DateTo != "" {
		d, err := time.ParseInLocation(dayLayout, f.DateTo, clock.Zone)
		if err != nil {
			fields = append(fields, apperr.Field("date_to", "validation.date"))
		} else {
			to = d
			// The next Belgrade midnight (AddDate keeps the zone's own day across DST changes).
			q = q.Where("created_at < ?", d.AddDate(0, 0, 1).UTC())
		}
	}
	if !from.IsZero() && !to.IsZero() && to.Before(from) {
		fields = append(fields, apperr.Field("date_to", "validation.date_order"))
	}
	if term := strings.TrimSpace(f.Search); term != "" {
		if utf8.RuneCountInString(term) > MaxSearch {
			fields = append(fields, apperr.Field("search", "validation.max_chars", "n", MaxSearch))
		}
		like := db.LikeContains(strings.ToLower(term))
		esc := db.LikeEscape
		cond := "LOWER(number) LIKE ?" + esc + " OR LOWER(email) LIKE ?" + esc + " OR LOWER(name) LIKE ?" + esc + " OR phone LIKE ?" + esc
		args := []any{like, like, like, like}
		// A phone is written many ways (+381 64 123 4567, 064/1234-567): digits typed in the
		// search also match the phone's digits alone.
		if d := digitsOf(term); len(d) >= 4 {
			cond += " OR " + phoneDigits(q) + " LIKE ?"
			args = append(args, "%"+strings.TrimPrefix(d, "0")+"%")
		}
		q = q.Where("("+cond+")", args...)
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	return q, nil
}

// phoneDigits is the phone column with its usual separators removed, in SQL.
func phoneDigits(q *gorm.DB) string {
	expr := "phone"
	for _, ch := range []string{" ", "-", "/", "(", ")", ".", "+"} {
		expr = "REPLACE(" + expr + ", '" + ch + "', '')"
	}
	return expr
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '/' || r == '(' || r == ')' || r == '.' || r == '+':
		default:
			return ""
		}
	}
	return b.String()
}

// StaffOrders is a page of the orders list, newest first, with the filtered set's totals.
func (s *Service) StaffOrders(ctx context.Context, f OrderFilter) ([]Order, OrderTotals, error) {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, OrderTotals{}, err
	}
	var t struct {
		N   int64
		Sum int64
	}
	if err := q.Session(&gorm.Session{}).Select("COUNT(*) AS n, COALESCE(SUM(total), 0) AS sum").Scan(&t).Error; err != nil {
		return nil, OrderTotals{}, apperr.Wrap(err, "orders totals")
	}
	var out []Order
	if err := q.Session(&gorm.Session{}).Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, OrderTotals{}, apperr.Wrap(err, "orders")
	}
	if err := s.withItems(ctx, out); err != nil {
		return nil, OrderTotals{}, err
	}
	return out, OrderTotals{Count: t.N, Sum: money.Para(t.Sum)}, nil
}

// transitions are shared decisions.md "Orders": Pending → Contacted → Completed; any non-final
// status → On hold or a Cancelled status; On hold → Pending or Contacted. Completed and the
// Cancelled statuses are final.
var transitions = map[string][]string{
	StatusPending:   {StatusContacted, StatusOnHold, StatusCancelled, StatusCancelledDeliveryTime, StatusCancelledReturned},
	StatusContacted: {StatusCompleted, StatusOnHold, StatusCancelled, StatusCancelledDeliveryTime, StatusCancelledReturned},
	StatusOnHold:    {StatusPending, StatusContacted, StatusCancelled, StatusCancelledDeliveryTime, StatusCancelledReturned},
}

// NextStatuses are the statuses an order in status may go to (none from a final status).
func NextStatuses(status string) []string {
	return append([]string{}, transitions[status]...)
}

// CanTransition tells whether an order may go from one status to another.
func CanTransition(from, to string) bool { return oneOf(to, transitions[from]) }

// Cancelled tells whether status is one of the cancelled statuses.
func Cancelled(status string) bool {
	return status == StatusCancelled || status == StatusCancelledDeliveryTime || status == StatusCancelledReturned
}

// StatusChange is the transition control's input: the next status, and for a cancelled status
// the reason (price, stock, delivery_time, other).
type StatusChange struct {
	Status       string
	CancelReason string
}

// ChangeStatus moves an order along the allowed transitions. A refused one is a 422 naming
// both statuses; a cancellation without a valid reason a 422 on cancel_reason. A cancellation
// gives the order's units back to stock: stock was taken at checkout, and the order's
// stock_returned_at, set by the same conditional statement that changes the status, makes it
// happen once however often the call is retried.
func (s *Service) ChangeStatus(ctx context.Context, id uint64, in StatusChange) (*Order, error) {
	in.Status, in.CancelReason = strings.TrimSpace(in.Status), strings.TrimSpace(in.CancelReason)
	if !oneOf(in.Status, Statuses) {
		return nil, apperr.InvalidFields(apperr.Field("status", "validation.oneof"))
	}
	if Cancelled(in.Status) {
		if in.CancelReason == "" {
			return nil, apperr.InvalidFields(apperr.Field("cancel_reason", "validation.cancel_reason"))
		}
		if !oneOf(in.CancelReason, CancelReasons) {
			return nil, apperr.InvalidFields(apperr.Field("cancel_reason", "validation.oneof"))
		}
	} else if in.CancelReason != "" {
		return nil, apperr.InvalidFields(apperr.Field("cancel_reason", "sales.cancel_reason_only"))
	}
	// A paid order that is cancelled gets a refund receipt, by a job after the commit.
	var paidCancel bool
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&o).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("order")
			}
			return apperr.Wrap(err, "order")
		}
		paidCancel = o.PaidAt != nil && Cancelled(in.Status)
		if !CanTransition(o.Status, in.Status) {
			return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("sales.transition_refused", "from", statusLabel(o.Status), "to", statusLabel(in.Status)),
				Fields: []apperr.FieldError{apperr.Field("status", "sales.transition_refused", "from", statusLabel(o.Status), "to", statusLabel(in.Status))}}
		}
		now := s.clock.Now()
		cols := map[string]any{"status": in.Status, "cancel_reason": in.CancelReason, "updated_at": now}
		cancel := Cancelled(in.Status)
		q := tx.Model(&Order{}).Where("id = ? AND status = ?", id, o.Status)
		if cancel {
			cols["stock_returned_at"] = now
			q = q.Where("stock_returned_at IS NULL")
		}
		res := q.Updates(cols)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "order status")
		}
		if res.RowsAffected == 0 {
			// Changed by someone else between the read and the write (SQLite's write lock and
			// PostgreSQL's row lock make this rare): the caller reloads and tries again.
			return apperr.New(apperr.Conflict, "sales.order_changed")
		}
		if cancel {
			if err := s.returnStock(ctx, tx, id); err != nil {
				return err
			}
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderStatusChanged, SubjectType: activity.SubjectOrder, SubjectID: id,
			Old: map[string]any{"status": o.Status, "cancel_reason": o.CancelReason},
			New: map[string]any{"status": in.Status, "cancel_reason": in.CancelReason, "stock_returned": cancel}})
	})
	if err != nil {
		return nil, err
	}
	if paidCancel {
		s.queueFiscal(ctx, id, queue.FiscalRefund)
	}
	o, err := s.StaffOrder(ctx, id)
	if err == nil {
		s.queueEinvoice(ctx, o)
	}
	return o, err
}

// returnStock gives the order's units back, one statement per product in product id order (the
// checkout's lock order, so a cancellation and a checkout never deadlock).
func (s *Service) returnStock(ctx context.Context, tx *gorm.DB, orderID uint64) error {
	var lines []struct {
		ProductID uint64
		Qty       int
	}
	if err := tx.Model(&OrderItem{}).Select("product_id, SUM(quantity) AS qty").Where("order_id = ?", orderID).
		Group("product_id").Order("product_id").Scan(&lines).Error; err != nil {
		return apperr.Wrap(err, "order lines")
	}
	// Units that returns already took back are not given back twice.
	var back []struct {
		ProductID uint64
		Qty       int
	}
	if err := tx.Model(&OrderReturnItem{}).Select("product_id, SUM(quantity) AS qty").Where("order_id = ?", orderID).
		Group("product_id").Scan(&back).Error; err != nil {
		return apperr.Wrap(err, "returned lines")
	}
	done := map[uint64]int{}
	for _, b := range back {
		done[b.ProductID] = b.Qty
	}
	for i := range lines {
		lines[i].Qty -= done[lines[i].ProductID]
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].ProductID < lines[j].ProductID })
	for _, l := range lines {
		if l.Qty <= 0 {
			continue
		}
		if err := catalog.ReturnStockTx(ctx, tx, l.ProductID, l.Qty); err != nil {
			return err
		}
	}
	return nil
}

// statusLabel is a status's label as a message argument (rendered in the reader's language).
func statusLabel(status string) i18n.Ref { return i18n.Ref("sales.status." + status) }

// DeliveryChange is the order screen's delivery fields; nil leaves a field as it is.
type DeliveryChange struct {
	DeliveryStatus     *string
	DeliveryTime       *string
	Supplier           *string
	ReplacementProduct *string
}

// MaxDeliveryField bounds each delivery field (the columns' size).
const MaxDeliveryField = 255

// UpdateDelivery changes the delivery status, delivery time, supplier and replacement product.
func (s *Service) UpdateDelivery(ctx context.Context, id uint64, in DeliveryChange) (*Order, error) {
	cols := map[string]any{}
	var fields []apperr.FieldError
	for _, f := range []struct {
		v          *string
		col, field string
	}{{in.DeliveryStatus, "delivery_status", "delivery_status"}, {in.DeliveryTime, "delivery_time", "delivery_time"},
		{in.Supplier, "supplier", "supplier"}, {in.ReplacementProduct, "replacement_product", "replacement_product"}} {
		if f.v == nil {
			continue
		}
		v := strings.TrimSpace(*f.v)
		if utf8.RuneCountInString(v) > MaxDeliveryField {
			fields = append(fields, apperr.Field(f.field, "validation.max_chars", "n", MaxDeliveryField))
			continue
		}
		cols[f.col] = v
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	if len(cols) == 0 {
		return nil, apperr.InvalidFields(apperr.Field("body", "sales.nothing_to_change"))
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&o).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("order")
			}
			return apperr.Wrap(err, "order")
		}
		old := map[string]any{}
		cur := map[string]string{"delivery_status": o.DeliveryStatus, "delivery_time": o.DeliveryTime, "supplier": o.Supplier,
			"replacement_product": o.ReplacementProduct}
		for k := range cols {
			old[k] = cur[k]
		}
		cols["updated_at"] = s.clock.Now()
		if err := tx.Model(&Order{}).Where("id = ?", id).Updates(cols).Error; err != nil {
			return apperr.Wrap(err, "order delivery")
		}
		delete(cols, "updated_at")
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderUpdated, SubjectType: activity.SubjectOrder, SubjectID: id, Old: old, New: cols})
	})
	if err != nil {
		return nil, err
	}
	return s.StaffOrder(ctx, id)
}

// StaffOrder is one order as staff see it: items, both kinds of notes, attachments.
func (s *Service) StaffOrder(ctx context.Context, id uint64) (*Order, error) {
	o, err := s.order(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if o.Attachments, err = s.Attachments(ctx, id); err != nil {
		return nil, err
	}
	return o, nil
}
