package sales

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/platform/textfold"
	"shop/internal/platform/validation"
)

// Proforma invoices for staff (view-proforma-invoice): the list, one invoice, an invoice staff
// make for a buyer (an offer asked for by phone or mail), and the transfer of such an invoice
// to an order once the buyer accepts it (docs/sales.md "Proforma invoices").

// ProformaListed is an invoice as lists and the single view show it: with the number of the
// order it is linked to and when it was last mailed.
type ProformaListed struct {
	ProformaInvoice
	SentAt      *time.Time
	OrderNumber *string
	Items       []ProformaInvoiceItem `gorm:"-"`
}

// ProformaFilter is the list's filter: search in number, e-mail, name and company; the day of
// issue from/to (YYYY-MM-DD, the shop's days); with or without an order.
type ProformaFilter struct {
	Search   string
	DateFrom string
	DateTo   string
	// Ordered: "yes" (linked to an order), "no" (not yet) or "" (all).
	Ordered string
	Page    listing.Page
}

const proformaSelect = "proforma_invoices.*, orders.number AS order_number"

func (s *Service) proformaQuery(ctx context.Context, db *gorm.DB) *gorm.DB {
	return db.WithContext(ctx).Table("proforma_invoices").Joins("LEFT JOIN orders ON orders.id = proforma_invoices.order_id")
}

// ProformaInvoices answers a page of invoices, newest first.
func (s *Service) ProformaInvoices(ctx context.Context, f ProformaFilter) ([]ProformaListed, int64, error) {
	q := s.proformaQuery(ctx, s.db)
	var fields []apperr.FieldError
	if t := textfold.Fold(strings.TrimSpace(f.Search)); t != "" {
		like := db.LikeContains(t)
		var conds []string
		var args []any
		for _, col := range []string{"proforma_invoices.number", "proforma_invoices.email", "proforma_invoices.name", "proforma_invoices.company_name"} {
			conds = append(conds, textfold.SQL(col)+` LIKE ?`+db.LikeEscape)
			args = append(args, like)
		}
		q = q.Where(strings.Join(conds, " OR "), args...)
	}
	var from, to time.Time
	if f.DateFrom != "" {
		d, err := clock.StartOfDay(f.DateFrom)
		if err != nil {
			fields = append(fields, apperr.Field("date_from", "activity.date"))
		} else {
			from = d
			q = q.Where("proforma_invoices.created_at >= ?", d.UTC())
		}
	}
	if f.DateTo != "" {
		d, err := clock.StartOfDay(f.DateTo)
		if err != nil {
			fields = append(fields, apperr.Field("date_to", "activity.date"))
		} else {
			to = d
			q = q.Where("proforma_invoices.created_at < ?", d.AddDate(0, 0, 1).UTC())
		}
	}
	if !from.IsZero() && !to.IsZero() && to.Before(from) {
		fields = append(fields, apperr.Field("date_to", "activity.date_order"))
	}
	switch f.Ordered {
	case "":
	case "yes":
		q = q.Where("proforma_invoices.order_id IS NOT NULL")
	case "no":
		q = q.Where("proforma_invoices.order_id IS NULL")
	default:
		fields = append(fields, apperr.Field("ordered", "validation.oneof"))
	}
	if len(fields) > 0 {
		return nil, 0, apperr.InvalidFields(fields...)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count proforma invoices")
	}
	out := []ProformaListed{}
	if err := q.Select(proformaSelect).Order("proforma_invoices.created_at DESC, proforma_invoices.id DESC").
		Offset(f.Page.Offset()).Limit(f.Page.Size).Scan(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "proforma invoices")
	}
	return out, total, nil
}

// ProformaInvoice answers one invoice with its products (404 when missing).
func (s *Service) ProformaInvoice(ctx context.Context, id uint64) (*ProformaListed, error) {
	return s.proformaInvoice(ctx, s.db, id)
}

func (s *Service) proformaInvoice(ctx context.Context, db *gorm.DB, id uint64) (*ProformaListed, error) {
	var rows []ProformaListed
	if err := s.proformaQuery(ctx, db).Select(proformaSelect).Where("proforma_invoices.id = ?", id).Limit(1).Scan(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "proforma invoice")
	}
	if len(rows) == 0 {
		return nil, apperr.NotFoundThing("proforma_invoice")
	}
	inv := &rows[0]
	inv.Items = []ProformaInvoiceItem{}
	if err := db.WithContext(ctx).Where("proforma_invoice_id = ?", id).Order("id").Find(&inv.Items).Error; err != nil {
		return nil, apperr.Wrap(err, "proforma invoice items")
	}
	return inv, nil
}

// ProformaLineInput is one product of an invoice staff make.
type ProformaLineInput struct {
	ProductID uint64 `json:"product_id" validate:"required"`
	Quantity  int    `json:"quantity" validate:"min=1,max=99"`
}

// ProformaInput is the form of an invoice staff make: the buyer as at checkout and the
// products (priced by the shop, never by the form).
type ProformaInput struct {
	Name          string              `json:"name" validate:"required,min=2,max=255"`
	Email         string              `json:"email" validate:"required,email,max=255"`
	Phone         string              `json:"phone" validate:"required,max=64"`
	Address       string              `json:"address" validate:"required,min=2,max=255"`
	City          string              `json:"city" validate:"required,min=2,max=255"`
	PostCode      string              `json:"post_code" validate:"required"`
	CompanyName   string              `json:"company_name" validate:"max=255"`
	CompanyNumber string              `json:"company_number" validate:"max=32"`
	CompanyPIB    string              `json:"company_pib"`
	Note          string              `json:"note" validate:"max=2000"`
	Items         []ProformaLineInput `json:"items" validate:"required,min=1,max=100,dive"`
}

// checkProforma adds the checkout's rules for phone, post code and company to the tags.
func checkProforma(in *ProformaInput) error {
	trimAll(&in.Name, &in.Email, &in.Phone, &in.Address, &in.City, &in.PostCode, &in.CompanyName, &in.CompanyNumber, &in.CompanyPIB, &in.Note)
	c := CheckoutInput{Phone: in.Phone, PostCode: in.PostCode, CompanyName: in.CompanyName, CompanyPIB: in.CompanyPIB}
	var f []apperr.FieldError
	if err := checkCheckout(&c); err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			f = append(f, ae.Fields...)
		}
	}
	seen := map[uint64]bool{}
	for i, l := range in.Items {
		if seen[l.ProductID] {
			f = append(f, apperr.Field(fmt.Sprintf("items[%d].product_id", i), "validation.duplicate_product"))
		}
		seen[l.ProductID] = true
	}
	var extra error
	if len(f) > 0 {
		extra = apperr.InvalidFields(f...)
	}
	return apperr.JoinInvalid(validation.Check(*in), extra)
}

// ProformaValidUntil is the last day an invoice made at now is valid: the shop's (Belgrade) day
// of now plus days, as that calendar date at midnight UTC. The column is a date: a Belgrade
// midnight sent as UTC (the previous day, 22:00 or 23:00) would be stored on PostgreSQL as the
// day before; read back, the date is the one in UTC on both databases.
func ProformaValidUntil(now time.Time, days int) time.Time {
	y, m, d := now.In(clock.Zone).Date()
	return time.Date(y, m, d+days, 0, 0, 0, 0, time.UTC)
}

// ProformaStaffNumber is the number of an invoice staff made: PR-<year>-P<id, six digits at
// least>; the P keeps it apart from a checkout invoice's PR-<order number>.
func ProformaStaffNumber(at time.Time, id uint64) string {
	return fmt.Sprintf("PR-%d-P%06d", at.In(clock.Zone).Year(), id)
}

// CreateProformaInvoice makes an invoice for a buyer: each product must be one the storefront
// sells now (purchasable), priced at the guest's shown price of this moment (the price anyone
// sees in the shop); payment by bank transfer; valid for sales.proforma_valid_days. No stock
// is taken until the invoice becomes an order. Activity: proforma_invoice.created.
func (s *Service) CreateProformaInvoice(ctx context.Context, in ProformaInput) (*ProformaListed, error) {
	if err := checkProforma(&in); err != nil {
		return nil, err
	}
	var id uint64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ids := make([]uint64, len(in.Items))
		for i, l := range in.Items {
			ids[i] = l.ProductID
		}
		products, err := s.sf.PurchaseProducts(ctx, tx, ids)
		if err != nil {
			return err
		}
		var f []apperr.FieldError
		items := make([]ProformaInvoiceItem, 0, len(in.Items))
		var total money.Para
		for i, l := range in.Items {
			p, ok := products[l.ProductID]
			if !ok {
				f = append(f, apperr.Field(fmt.Sprintf("items[%d].product_id", i), "validation.product_unknown"))
				continue
			}
			if !p.Buyable {
				f = append(f, apperr.Field(fmt.Sprintf("items[%d].product_id", i), "sales.not_purchasable", "names", p.Name))
				continue
			}
			price := p.Price(false)
			items = append(items, ProformaInvoiceItem{ProductID: p.ID, SKU: p.SKU, Name: p.Name, Price: price, Quantity: l.Quantity,
				Total: price * money.Para(l.Quantity), VatBps: p.VatBps})
			total += price * money.Para(l.Quantity)
		}
		if len(f) > 0 {
			return apperr.InvalidFields(f...)
		}
		now := s.clock.Now()
		inv := ProformaInvoice{Email: strings.ToLower(in.Email), Name: in.Name, Address: in.Address, City: in.City, PostCode: in.PostCode,
			Phone: in.Phone, ValidUntil: ProformaValidUntil(now, s.opts.ProformaValidDays), IssuePlace: s.opts.IssuePlace,
			PaymentMethod: PaymentBankTransfer, CompanyName: in.CompanyName, CompanyNumber: in.CompanyNumber, CompanyPIB: in.CompanyPIB,
			Note: in.Note, Total: total, CreatedAt: now, UpdatedAt: now}
		if err := tx.Omit("Number").Create(&inv).Error; err != nil {
			return apperr.Wrap(err, "create proforma invoice")
		}
		num := ProformaStaffNumber(now, inv.ID)
		if err := tx.Model(&ProformaInvoice{}).Where("id = ?", inv.ID).Update("number", num).Error; err != nil {
			return apperr.Wrap(err, "proforma invoice number")
		}
		for i := range items {
			items[i].ProformaInvoiceID = inv.ID
		}
		if err := tx.Create(&items).Error; err != nil {
			return apperr.Wrap(err, "proforma invoice items")
		}
		id = inv.ID
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProformaInvoiceCreated, SubjectType: activity.SubjectProformaInvoice,
			SubjectID: inv.ID, New: map[string]any{"number": num, "email": inv.Email, "name": inv.Name, "total": inv.Total, "items": len(items)}})
	})
	if err != nil {
		return nil, err
	}
	return s.ProformaInvoice(ctx, id)
}

// TransferProformaInvoice turns an invoice that has no order yet into one: the order takes the
// invoice's buyer, products and prices (what the buyer was offered and pays), payment by bank
// transfer, status pending; stock is taken as at checkout (not enough: 422, nothing changes);
// the invoice is linked to it. An invoice that already has an order (every checkout invoice)
// answers 409. The order is marked notified: staff made it, and the buyer already holds the
// invoice, so no confirmation mail goes out. Activity: proforma_invoice.transferred.
func (s *Service) TransferProformaInvoice(ctx context.Context, id uint64) (*ProformaListed, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inv, err := s.proformaInvoice(ctx, tx, id)
		if err != nil {
			return err
		}
		if inv.OrderID != nil {
			return apperr.New(apperr.Conflict, "sales.proforma_already_ordered")
		}
		if len(inv.Items) == 0 {
			return apperr.InvalidFields(apperr.Field("items", "sales.proforma_empty"))
		}
		now := s.clock.Now()
		o := &Order{Status: StatusPending, Lang: "sr", Email: inv.Email, Name: inv.Name, Phone: inv.Phone, Address: inv.Address, City: inv.City,
			PostCode: inv.PostCode, ShippingName: inv.Name, ShippingAddress: inv.Address, ShippingCity: inv.City, ShippingPostCode: inv.PostCode,
			ShippingPhone: inv.Phone, Note: inv.Note, CompanyName: inv.CompanyName, CompanyNumber: inv.CompanyNumber, CompanyPIB: inv.CompanyPIB,
			PaymentMethod: PaymentBankTransfer, Total: inv.Total, UserID: inv.UserID, NotifiedAt: &now, CreatedAt: now, UpdatedAt: now}
		if err := insertOrder(tx, o, now); err != nil {
			return err
		}
		num := *o.Number
		// The guard against a second transfer of the same invoice: on PostgreSQL the later one
		// waits for this row and then finds order_id set.
		res := tx.Model(&ProformaInvoice{}).Where("id = ? AND order_id IS NULL", id).Updates(map[string]any{"order_id": o.ID, "updated_at": now})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "link proforma invoice")
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.Conflict, "sales.proforma_already_ordered")
		}
		items := make([]OrderItem, len(inv.Items))
		for i, it := range inv.Items {
			items[i] = OrderItem{OrderID: o.ID, ProductID: it.ProductID, SKU: it.SKU, Name: it.Name, Price: it.Price, Quantity: it.Quantity,
				Total: it.Total, VatBps: it.VatBps}
		}
		if err := s.takeStock(ctx, tx, items, "items"); err != nil {
			return err
		}
		if err := tx.Create(&items).Error; err != nil {
			return apperr.Wrap(err, "order items")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ProformaInvoiceTransferred, SubjectType: activity.SubjectProformaInvoice,
			SubjectID: id, Old: map[string]any{"order_id": nil}, New: map[string]any{"order_id": o.ID, "order_number": num}})
	})
	if err != nil {
		return nil, err
	}
	return s.ProformaInvoice(ctx, id)
}
