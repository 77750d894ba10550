package sales

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// Item returns: staff record that the customer gave back some units of a paid order. Each
// return takes the units back into stock and gets its own refund receipt naming the sale
// (docs/sales.md, docs/fiscal.md); the order's status stays as it was.

// OrderReturn is one return of a paid order: its number among the order's returns (1, 2, ...)
// and the lines given back.
type OrderReturn struct {
	ID        uint64 `gorm:"primaryKey"`
	OrderID   uint64
	Seq       int
	Reason    string
	Total     money.Para
	UserID    *uint64
	CreatedAt time.Time
	Items     []OrderReturnItem `gorm:"-"`
}

func (OrderReturn) TableName() string { return "order_returns" }

// OrderReturnItem is a quantity of one order line given back, at the line's price.
type OrderReturnItem struct {
	ID          uint64 `gorm:"primaryKey"`
	ReturnID    uint64
	OrderID     uint64
	OrderItemID uint64
	ProductID   uint64
	Quantity    int
	Price       money.Para
	Total       money.Para
}

func (OrderReturnItem) TableName() string { return "order_return_items" }

// ReturnLine is one line of a return's input: the order line and how many units come back.
type ReturnLine struct {
	OrderItemID uint64
	Quantity    int
}

// ReturnInput is a return to record.
type ReturnInput struct {
	Reason string
	Items  []ReturnLine
}

// MaxReturnReason bounds a return's reason.
const MaxReturnReason = 500

// Returned is how many units of each order line earlier returns took back (by order line id).
func (s *Service) Returned(ctx context.Context, orderID uint64) (map[uint64]int, error) {
	return returned(s.db.WithContext(ctx), orderID)
}

func returned(db *gorm.DB, orderID uint64) (map[uint64]int, error) {
	var rows []struct {
		OrderItemID uint64
		Qty         int
	}
	if err := db.Model(&OrderReturnItem{}).Select("order_item_id, SUM(quantity) AS qty").Where("order_id = ?", orderID).
		Group("order_item_id").Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "returned quantities")
	}
	out := make(map[uint64]int, len(rows))
	for _, r := range rows {
		out[r.OrderItemID] = r.Qty
	}
	return out, nil
}

// CreateReturn records a return of a paid, not cancelled order: each line's quantity at least
// 1 and at most what was bought less what earlier returns took back (422 on that line's field
// otherwise). In one transaction, the order row locked so that a second return or a
// cancellation waits and then counts this one: the return and its lines, the units back into
// stock, and the activity entry. Its refund receipt (and a company's credit note) is queued
// after the commit.
func (s *Service) CreateReturn(ctx context.Context, orderID uint64, in ReturnInput) (*OrderReturn, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	var fields []apperr.FieldError
	if utf8.RuneCountInString(in.Reason) > MaxReturnReason {
		fields = append(fields, apperr.Field("reason", "validation.max_chars", "n", MaxReturnReason))
	}
	if len(in.Items) == 0 {
		fields = append(fields, apperr.Field("items", "sales.return_empty"))
	}
	seen := map[uint64]bool{}
	for i, l := range in.Items {
		if seen[l.OrderItemID] {
			fields = append(fields, apperr.Field(fmt.Sprintf("items[%d].order_item_id", i), "validation.duplicate_row"))
		}
		seen[l.OrderItemID] = true
		if l.Quantity < 1 {
			fields = append(fields, apperr.Field(fmt.Sprintf("items[%d].quantity", i), "validation.min", "n", 1))
		}
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	var out OrderReturn
	company := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Order
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", orderID).Take(&o).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("order")
			}
			return apperr.Wrap(err, "order")
		}
		if o.PaidAt == nil {
			return apperr.InvalidFields(apperr.Field("items", "sales.return_unpaid"))
		}
		if Cancelled(o.Status) {
			return apperr.InvalidFields(apperr.Field("items", "sales.return_cancelled"))
		}
		company = o.CompanyPIB != ""
		now := s.clock.Now()
		if err := tx.Model(&Order{}).Where("id = ?", orderID).Update("updated_at", now).Error; err != nil {
			return apperr.Wrap(err, "order")
		}
		var lines []OrderItem
		if err := tx.Where("order_id = ?", orderID).Find(&lines).Error; err != nil {
			return apperr.Wrap(err, "order items")
		}
		byID := make(map[uint64]OrderItem, len(lines))
		for _, l := range lines {
			byID[l.ID] = l
		}
		done, err := returned(tx, orderID)
		if err != nil {
			return err
		}
		var bad []apperr.FieldError
		for i, l := range in.Items {
			line, ok := byID[l.OrderItemID]
			if !ok {
				bad = append(bad, apperr.Field(fmt.Sprintf("items[%d].order_item_id", i), "sales.return_line_unknown"))
				continue
			}
			if left := line.Quantity - done[line.ID]; l.Quantity > left {
				bad = append(bad, apperr.Field(fmt.Sprintf("items[%d].quantity", i), "sales.return_too_many", "n", left))
			}
		}
		if len(bad) > 0 {
			return apperr.InvalidFields(bad...)
		}
		var seq int
		if err := tx.Model(&OrderReturn{}).Select("COALESCE(MAX(seq), 0)").Where("order_id = ?", orderID).Scan(&seq).Error; err != nil {
			return apperr.Wrap(err, "return number")
		}
		out = OrderReturn{OrderID: orderID, Seq: seq + 1, Reason: in.Reason, CreatedAt: now}
		if a := actor.From(ctx); a.UserID != 0 {
			uid := a.UserID
			out.UserID = &uid
		}
		for _, l := range in.Items {
			line := byID[l.OrderItemID]
			it := OrderReturnItem{OrderID: orderID, OrderItemID: line.ID, ProductID: line.ProductID, Quantity: l.Quantity, Price: line.Price,
				Total: line.Price * money.Para(l.Quantity)}
			out.Items = append(out.Items, it)
			out.Total += it.Total
		}
		if err := tx.Create(&out).Error; err != nil {
			return apperr.Wrap(err, "create return")
		}
		for i := range out.Items {
			out.Items[i].ReturnID = out.ID
		}
		if err := tx.Create(&out.Items).Error; err != nil {
			return apperr.Wrap(err, "create return items")
		}
		// Back into stock in product id order, the checkout's lock order.
		back := append([]OrderReturnItem{}, out.Items...)
		sort.Slice(back, func(i, j int) bool { return back[i].ProductID < back[j].ProductID })
		for _, it := range back {
			if err := catalog.ReturnStockTx(ctx, tx, it.ProductID, it.Quantity); err != nil {
				return err
			}
		}
		items := make([]map[string]any, 0, len(out.Items))
		for _, it := range out.Items {
			items = append(items, map[string]any{"order_item_id": it.OrderItemID, "name": byID[it.OrderItemID].Name, "quantity": it.Quantity})
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderReturned, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			New: map[string]any{"return": out.Seq, "items": items, "total": out.Total, "reason": out.Reason, "stock_returned": true}})
	})
	if err != nil {
		return nil, err
	}
	s.queueReturnFiscal(ctx, orderID, out.ID)
	if company {
		s.queueCreditNote(ctx, orderID, out.ID)
	}
	return &out, nil
}

// queueReturnFiscal queues a return's refund receipt (the sweep finds it if the queue is down).
func (s *Service) queueReturnFiscal(ctx context.Context, orderID, returnID uint64) {
	if s.enq == nil {
		return
	}
	t, err := queue.NewFiscalReturnTask(orderID, returnID, 0)
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		s.log.WarnContext(ctx, "return receipt not queued; the sweep will", "order_id", orderID, "return_id", returnID, "error", err.Error())
	}
}

// Returns are the order's returns with their lines, oldest first.
func (s *Service) Returns(ctx context.Context, orderID uint64) ([]OrderReturn, error) {
	var out []OrderReturn
	if err := s.db.WithContext(ctx).Where("order_id = ?", orderID).Order("seq").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "returns")
	}
	var items []OrderReturnItem
	if err := s.db.WithContext(ctx).Where("order_id = ?", orderID).Order("id").Find(&items).Error; err != nil {
		return nil, apperr.Wrap(err, "return items")
	}
	at := map[uint64]int{}
	for i := range out {
		at[out[i].ID] = i
		out[i].Items = []OrderReturnItem{}
	}
	for _, it := range items {
		if i, ok := at[it.ReturnID]; ok {
			out[i].Items = append(out[i].Items, it)
		}
	}
	return out, nil
}

// Return is one return of the order with its lines.
func (s *Service) Return(ctx context.Context, orderID, returnID uint64) (*OrderReturn, error) {
	list, err := s.Returns(ctx, orderID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].ID == returnID {
			return &list[i], nil
		}
	}
	return nil, apperr.NotFoundThing("order_return")
}

// FiscalReturn is a return as the fiscal sweep reads it.
type FiscalReturn struct {
	ID      uint64
	OrderID uint64
}

// FiscalReturns are the returns recorded since the instant, oldest first.
func (s *Service) FiscalReturns(ctx context.Context, since time.Time) ([]FiscalReturn, error) {
	var out []FiscalReturn
	if err := s.db.WithContext(ctx).Model(&OrderReturn{}).Select("id, order_id").Where("created_at >= ?", since).Order("id").
		Scan(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "fiscal returns")
	}
	return out, nil
}

// Kept is the order less what returns took back (done: units by order line, as Returned gives
// them): each line's quantity and total reduced, lines with nothing left dropped, the total of
// what is left. With no returns it is the order itself.
func Kept(o *Order, done map[uint64]int) *Order {
	if len(done) == 0 {
		return o
	}
	out := *o
	out.Items, out.Total = nil, 0
	for _, it := range o.Items {
		it.Quantity -= done[it.ID]
		if it.Quantity <= 0 {
			continue
		}
		it.Total = it.Price * money.Para(it.Quantity)
		out.Items = append(out.Items, it)
		out.Total += it.Total
	}
	return &out
}

// OrderKept is the order with its lines as Kept makes them.
func (s *Service) OrderKept(ctx context.Context, id uint64) (*Order, error) {
	o, err := s.Order(ctx, id)
	if err != nil {
		return nil, err
	}
	done, err := s.Returned(ctx, id)
	if err != nil {
		return nil, err
	}
	return Kept(o, done), nil
}
