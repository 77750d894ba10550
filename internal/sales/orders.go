package sales

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/humantext"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/platform/validation"
)

// Payment methods (decisions "Orders": no online payment; card payment happens in the shops).
const (
	PaymentCashOnDelivery = "cash_on_delivery"
	PaymentBankTransfer   = "bank_transfer"
	PaymentInstalments    = "instalments"
	PaymentCardInShop     = "card_in_shop"
)

// PaymentMethods lists them in the checkout's order.
var PaymentMethods = []string{PaymentCashOnDelivery, PaymentBankTransfer, PaymentInstalments, PaymentCardInShop}

// Order statuses (back-office-and-shell.md 4) and cancellation reasons.
const (
	StatusPending               = "pending"
	StatusContacted             = "contacted"
	StatusCompleted             = "completed"
	StatusCancelled             = "cancelled"
	StatusCancelledDeliveryTime = "cancelled_delivery_time"
	StatusCancelledReturned     = "cancelled_returned"
	StatusOnHold                = "on_hold"
)

// Statuses lists every status.
var Statuses = []string{StatusPending, StatusContacted, StatusCompleted, StatusCancelled, StatusCancelledDeliveryTime, StatusCancelledReturned, StatusOnHold}

// CancelReasons are the reasons a cancellation needs.
var CancelReasons = []string{"price", "stock", "delivery_time", "other"}

// MaxIdempotencyKey bounds the Idempotency-Key header.
const MaxIdempotencyKey = 200

// Order is an order with its items (and notes when loaded).
type Order struct {
	ID                 uint64     `gorm:"primaryKey"`
	Number             *string    `gorm:"column:number"`
	UserID             *uint64    `gorm:"column:user_id"`
	Status             string     `gorm:"column:status"`
	CancelReason       string     `gorm:"column:cancel_reason"`
	Lang               string     `gorm:"column:lang"`
	Email              string     `gorm:"column:email"`
	Name               string     `gorm:"column:name"`
	Phone              string     `gorm:"column:phone"`
	Address            string     `gorm:"column:address"`
	City               string     `gorm:"column:city"`
	PostCode           string     `gorm:"column:post_code"`
	ShippingName       string     `gorm:"column:shipping_name"`
	ShippingAddress    string     `gorm:"column:shipping_address"`
	ShippingCity       string     `gorm:"column:shipping_city"`
	ShippingPostCode   string     `gorm:"column:shipping_post_code"`
	ShippingPhone      string     `gorm:"column:shipping_phone"`
	Note               string     `gorm:"column:note"`
	CompanyName        string     `gorm:"column:company_name"`
	CompanyNumber      string     `gorm:"column:company_number"`
	CompanyPIB         string     `gorm:"column:company_pib"`
	PaymentMethod      string     `gorm:"column:payment_method"`
	Total              money.Para `gorm:"column:total"`
	DeliveryStatus     string     `gorm:"column:delivery_status"`
	DeliveryTime       string     `gorm:"column:delivery_time"`
	Supplier           string     `gorm:"column:supplier"`
	ReplacementProduct string     `gorm:"column:replacement_product"`
	IdempotencyKey     *string    `gorm:"column:idempotency_key"`
	RequestHash        string     `gorm:"column:request_hash"`
	NotifiedAt         *time.Time `gorm:"column:notified_at"`
	CreatedAt          time.Time
	UpdatedAt          time.Time
	Items              []OrderItem `gorm:"-"`
	Notes              []OrderNote `gorm:"-"`
	// ProformaInvoiceID is the proforma invoice of a bank transfer (0: none).
	ProformaInvoiceID uint64 `gorm:"-"`
	// StockReturnedAt: a cancellation gave the units back (staff_orders.go).
	StockReturnedAt *time.Time `gorm:"column:stock_returned_at"`
	// PaidAt: staff recorded the payment (payments.go); the fiscal receipt follows it.
	PaidAt *time.Time `gorm:"column:paid_at"`
	// Attachments are the staff's files (loaded by StaffOrder).
	Attachments []Attachment `gorm:"-"`
}

func (Order) TableName() string { return "orders" }

// NumberOf is the order's number ("" before it has one).
func (o *Order) NumberOf() string {
	if o.Number == nil {
		return ""
	}
	return *o.Number
}

// OrderItem is one line of an order, priced when the order was made.
type OrderItem struct {
	ID        uint64 `gorm:"primaryKey"`
	OrderID   uint64
	ProductID uint64
	SKU       string `gorm:"column:sku"`
	Name      string
	Price     money.Para
	Quantity  int
	Total     money.Para
	VatBps    int
}

func (OrderItem) TableName() string { return "order_items" }

// OrderNote is a staff note on an order: internal, or to the customer (mailed, shown to them).
type OrderNote struct {
	ID        uint64 `gorm:"primaryKey"`
	OrderID   uint64
	Kind      string
	Body      string
	UserID    *uint64
	CreatedAt time.Time
	UpdatedAt time.Time
	// Author is the name of the staff member who wrote it ("" when unknown or deleted).
	Author string `gorm:"-"`
}

func (OrderNote) TableName() string { return "order_notes" }

// Note kinds.
const (
	NoteInternal = "internal"
	NoteCustomer = "customer"
)

// CheckoutInput is the purchase-completion form. Billing: name, e-mail, phone, address, city,
// post code (or, for a customer, billing_address_id naming a saved address). Shipping: the
// shipping_* fields, or shipping_address_id, or neither (then the billing address). Company:
// company_name with company_pib (and optionally company_number). The items are the cart's.
type CheckoutInput struct {
	CartID            string  `json:"cart_id"`
	Name              string  `json:"name" validate:"required,min=2,max=255"`
	Email             string  `json:"email" validate:"required,email,max=255"`
	Phone             string  `json:"phone" validate:"required,max=64"`
	Address           string  `json:"address" validate:"required,min=2,max=255"`
	City              string  `json:"city" validate:"required,min=2,max=255"`
	PostCode          string  `json:"post_code" validate:"required"`
	BillingAddressID  *uint64 `json:"billing_address_id"`
	ShippingName      string  `json:"shipping_name" validate:"max=255"`
	ShippingAddress   string  `json:"shipping_address" validate:"max=255"`
	ShippingCity      string  `json:"shipping_city" validate:"max=255"`
	ShippingPostCode  string  `json:"shipping_post_code"`
	ShippingPhone     string  `json:"shipping_phone" validate:"max=64"`
	ShippingAddressID *uint64 `json:"shipping_address_id"`
	Note              string  `json:"note" validate:"max=2000"`
	CompanyName       string  `json:"company_name" validate:"max=255"`
	CompanyNumber     string  `json:"company_number" validate:"max=32"`
	CompanyPIB        string  `json:"company_pib"`
	PaymentMethod     string  `json:"payment_method" validate:"required"`
}

func (in *CheckoutInput) trim() {
	for _, p := range []*string{&in.CartID, &in.Name, &in.Email, &in.Phone, &in.Address, &in.City, &in.PostCode, &in.ShippingName,
		&in.ShippingAddress, &in.ShippingCity, &in.ShippingPostCode, &in.ShippingPhone, &in.Note, &in.CompanyName, &in.CompanyNumber,
		&in.CompanyPIB, &in.PaymentMethod} {
		*p = humantext.Clean(*p)
	}
	in.Email = humantext.Email(in.Email)
}

// fillSaved puts a customer's saved addresses into the form (a guest cannot name one).
func (s *Service) fillSaved(ctx context.Context, c Caller, in *CheckoutInput) error {
	for _, x := range []struct {
		id    *uint64
		field string
		fill  func(a *identity.Address)
	}{
		{in.BillingAddressID, "billing_address_id", func(a *identity.Address) {
			in.Address, in.City, in.PostCode = a.Address, a.City, a.PostCode
			if in.Name == "" {
				in.Name = a.Name
			}
			if in.Phone == "" {
				in.Phone = a.Phone
			}
		}},
		{in.ShippingAddressID, "shipping_address_id", func(a *identity.Address) {
			in.ShippingName, in.ShippingAddress, in.ShippingCity, in.ShippingPostCode, in.ShippingPhone = a.Name, a.Address, a.City, a.PostCode, a.Phone
		}},
	} {
		if x.id == nil {
			continue
		}
		if !c.LoggedIn() {
			return apperr.InvalidFields(apperr.Field(x.field, "validation.address_unknown"))
		}
		a, err := s.ids.UserAddress(ctx, c.UserID, *x.id)
		if apperr.Is(err, apperr.NotFound) {
			return apperr.InvalidFields(apperr.Field(x.field, "validation.address_unknown"))
		}
		if err != nil {
			return err
		}
		x.fill(a)
	}
	return nil
}

// checkCheckout adds the rules the tags cannot say.
func checkCheckout(in *CheckoutInput) error {
	var f []apperr.FieldError
	if in.Phone != "" && !ValidPhone(in.Phone) {
		f = append(f, apperr.Field("phone", "validation.phone"))
	}
	if in.PostCode != "" && !ValidPostCode(in.PostCode) {
		f = append(f, apperr.Field("post_code", "validation.post_code"))
	}
	if in.PaymentMethod != "" && !oneOf(in.PaymentMethod, PaymentMethods) {
		f = append(f, apperr.Field("payment_method", "validation.oneof"))
	}
	if in.CompanyPIB != "" && !ValidPIB(in.CompanyPIB) {
		f = append(f, apperr.Field("company_pib", "validation.pib"))
	}
	if in.CompanyName != "" && in.CompanyPIB == "" {
		f = append(f, apperr.Field("company_pib", "validation.required"))
	}
	if in.CompanyPIB != "" && in.CompanyName == "" {
		f = append(f, apperr.Field("company_name", "validation.required"))
	}
	if in.ShippingAddress != "" || in.ShippingCity != "" || in.ShippingPostCode != "" {
		for _, x := range []struct{ v, field string }{{in.ShippingAddress, "shipping_address"}, {in.ShippingCity, "shipping_city"},
			{in.ShippingPostCode, "shipping_post_code"}} {
			if x.v == "" {
				f = append(f, apperr.Field(x.field, "validation.required"))
			}
		}
		if in.ShippingPostCode != "" && !ValidPostCode(in.ShippingPostCode) {
			f = append(f, apperr.Field("shipping_post_code", "validation.post_code"))
		}
		if in.ShippingPhone != "" && !ValidPhone(in.ShippingPhone) {
			f = append(f, apperr.Field("shipping_phone", "validation.phone"))
		}
	}
	if len(f) == 0 {
		return nil
	}
	return apperr.InvalidFields(f...)
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

// Placed is the answer of a checkout: the order, and whether this call made it (false: an
// earlier call with the same Idempotency-Key did, and this is its order).
type Placed struct {
	Order   *Order
	Created bool
}

// errDuplicateKey: another call with the same Idempotency-Key committed first.
var errDuplicateKey = errors.New("idempotency key taken")

// Checkout turns the caller's cart into an order, in one transaction with the prices of that
// moment: every line must be purchasable (else a 422 naming the products) and in stock (stock
// is taken by a conditional UPDATE, so racing checkouts never oversell; else a 422 naming
// them); bank transfer also makes the proforma invoice; the cart is emptied. key is the
// Idempotency-Key header: the same key with the same body answers the first call's order,
// with another body a 409. The mails are queued after the commit (a queue that is down delays
// them, never the order).
func (s *Service) Checkout(ctx context.Context, c Caller, in CheckoutInput, key string, lang i18n.Lang) (*Placed, error) {
	in.trim()
	cartKey, _, err := owner(c, in.CartID, "cart_id", false)
	if err != nil {
		return nil, err
	}
	if len(key) > MaxIdempotencyKey {
		return nil, apperr.InvalidFields(apperr.Field("idempotency_key", "validation.max_chars", "n", MaxIdempotencyKey))
	}
	if err := s.fillSaved(ctx, c, &in); err != nil {
		return nil, err
	}
	if err := apperr.JoinInvalid(validation.Check(in), checkCheckout(&in)); err != nil {
		return nil, err
	}
	if err := s.limitGuest(ctx, c, in.Email); err != nil {
		return nil, err
	}
	raw, _ := json.Marshal(in)
	sum := sha256.Sum256(raw)
	hash := hex.EncodeToString(sum[:])
	var idem *string
	if key != "" {
		k := cartKey + "|" + key
		idem = &k
	}
	if lang != i18n.EN {
		lang = i18n.SR
	}
	o := &Order{Status: StatusPending, Lang: string(lang), Email: in.Email, Name: in.Name, Phone: in.Phone, Address: in.Address, City: in.City,
		PostCode: in.PostCode, ShippingName: in.ShippingName, ShippingAddress: in.ShippingAddress, ShippingCity: in.ShippingCity,
		ShippingPostCode: in.ShippingPostCode, ShippingPhone: in.ShippingPhone, Note: in.Note, CompanyName: in.CompanyName,
		CompanyNumber: in.CompanyNumber, CompanyPIB: in.CompanyPIB, PaymentMethod: in.PaymentMethod, IdempotencyKey: idem, RequestHash: hash}
	if o.ShippingAddress == "" {
		o.ShippingName, o.ShippingAddress, o.ShippingCity, o.ShippingPostCode, o.ShippingPhone = o.Name, o.Address, o.City, o.PostCode, o.Phone
	}
	if o.ShippingName == "" {
		o.ShippingName = o.Name
	}
	if o.ShippingPhone == "" {
		o.ShippingPhone = o.Phone
	}
	if c.LoggedIn() {
		uid := c.UserID
		o.UserID = &uid
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return s.place(ctx, tx, c, cartKey, o) })
	// A repeated key is found only when it matters, not by a lookup before every checkout: the
	// first call's commit emptied the cart (a retry finds it empty), or the cart was filled
	// again and the order's insert hits the key's unique index (errDuplicateKey). Either way
	// the first call's order is the answer (another body: 409).
	if idem != nil && (errors.Is(err, errDuplicateKey) || isCartEmpty(err)) {
		if p, rerr := s.replay(ctx, *idem, hash); p != nil || rerr != nil {
			return p, rerr
		}
		if errors.Is(err, errDuplicateKey) {
			return nil, apperr.Wrap(err, "checkout replay")
		}
	}
	if err != nil {
		return nil, err
	}
	s.queueOrderMails(ctx, o.ID)
	if o.PaymentMethod == PaymentBankTransfer && o.CompanyPIB == "" {
		s.queueFiscal(ctx, o.ID, queue.FiscalProforma)
	}
	return &Placed{Order: o, Created: true}, nil
}

// isCartEmpty tells whether the checkout found no lines in the cart.
func isCartEmpty(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.Msg.Key == "sales.cart_empty"
}

// replay answers the order an earlier call with this idempotency key made (nil: none).
func (s *Service) replay(ctx context.Context, key, hash string) (*Placed, error) {
	var o Order
	err := s.db.WithContext(ctx).Where("idempotency_key = ?", key).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "idempotent checkout")
	}
	if o.RequestHash != hash {
		return nil, apperr.New(apperr.Conflict, "sales.idempotency_conflict")
	}
	full, err := s.order(ctx, s.db, o.ID)
	if err != nil {
		return nil, err
	}
	return &Placed{Order: full}, nil
}

// place is the checkout's transaction.
func (s *Service) place(ctx context.Context, tx *gorm.DB, c Caller, cartKey string, o *Order) error {
	var rows []cartItem
	if err := tx.Where("owner = ? AND instance = ?", cartKey, InstanceCart).Order("product_id").Find(&rows).Error; err != nil {
		return apperr.Wrap(err, "checkout cart")
	}
	if len(rows) == 0 {
		return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("sales.cart_empty"), Fields: []apperr.FieldError{apperr.Field("cart_id", "sales.cart_empty")}}
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	products, err := s.sf.PurchaseProducts(ctx, tx, ids)
	if err != nil {
		return err
	}
	var refused []string
	items := make([]OrderItem, 0, len(rows))
	for _, r := range rows {
		p, ok := products[r.ProductID]
		if !ok || !p.Buyable {
			name := p.Name
			if !ok {
				name = fmt.Sprintf("#%d", r.ProductID)
			}
			refused = append(refused, name)
			continue
		}
		price := p.Price(c.LoggedIn())
		items = append(items, OrderItem{ProductID: p.ID, SKU: p.SKU, Name: p.Name, Price: price, Quantity: r.Quantity,
			Total: price * money.Para(r.Quantity), VatBps: p.VatBps})
		o.Total += price * money.Para(r.Quantity)
	}
	if len(refused) > 0 {
		return notPurchasable(refused...)
	}
	now := s.clock.Now()
	o.CreatedAt, o.UpdatedAt = now, now
	if err := insertOrder(tx, o, now); err != nil {
		return err
	}
	if err := s.takeStock(ctx, tx, items, "cart_id"); err != nil {
		return err
	}
	for i := range items {
		items[i].OrderID = o.ID
	}
	if err := tx.Create(&items).Error; err != nil {
		return apperr.Wrap(err, "order items")
	}
	o.Items = items
	if o.PaymentMethod == PaymentBankTransfer {
		inv, err := s.proformaFor(tx, o, now)
		if err != nil {
			return err
		}
		o.ProformaInvoiceID = inv
	}
	if err := tx.Where("owner = ? AND instance = ?", cartKey, InstanceCart).Delete(&cartItem{}).Error; err != nil {
		return apperr.Wrap(err, "empty cart")
	}
	// Staff see a shopper's order in the activity log beside their own handling of it.
	return activity.Record(ctx, tx, activity.Change{Type: activity.OrderPlaced, SubjectType: activity.SubjectOrder, SubjectID: o.ID,
		New: map[string]any{"number": o.NumberOf(), "total": o.Total, "payment_method": o.PaymentMethod, "guest": !c.LoggedIn()}})
}

// insertOrder inserts the order and writes its number (built from the id) in the same
// transaction. A second order under a taken Idempotency-Key is errDuplicateKey.
func insertOrder(tx *gorm.DB, o *Order, now time.Time) error {
	if err := tx.Omit("Number").Create(o).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) && o.IdempotencyKey != nil {
			return errDuplicateKey
		}
		return apperr.Wrap(err, "create order")
	}
	num := OrderNumber(now, o.ID)
	o.Number = &num
	if err := tx.Model(&Order{}).Where("id = ?", o.ID).Update("number", num).Error; err != nil {
		return apperr.Wrap(err, "order number")
	}
	return nil
}

// takeStock takes every line's units from products.stock by a conditional UPDATE, in product
// id order (two orders sharing products lock them in the same order: no deadlock between them
// on PostgreSQL). Any line short of stock is a 422 on field naming those products; the caller's
// transaction is then rolled back, so no unit is taken.
func (s *Service) takeStock(ctx context.Context, tx *gorm.DB, items []OrderItem, field string) error {
	sort.Slice(items, func(i, j int) bool { return items[i].ProductID < items[j].ProductID })
	var short []string
	for _, it := range items {
		ok, err := catalog.TakeStockTx(ctx, tx, it.ProductID, it.Quantity)
		if err != nil {
			return err
		}
		if !ok {
			short = append(short, it.Name)
		}
	}
	if len(short) > 0 {
		names := strings.Join(short, ", ")
		return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("sales.out_of_stock", "names", names),
			Fields: []apperr.FieldError{apperr.Field(field, "sales.out_of_stock", "names", names)}}
	}
	return nil
}

// OrderNumber is an order's number: the shop's year of the order and its id, six digits at
// least (2026-000123). Ids never repeat, so numbers never do, with no counter to lock.
func OrderNumber(at time.Time, id uint64) string {
	return fmt.Sprintf("%d-%06d", at.In(clock.Zone).Year(), id)
}
