package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0016: sales. Cart and wish-list lines keyed by their owner ("u:<user id>" or
// "g:<random guest id>") and instance; orders with their items and notes; proforma invoices.
type cartItem0016 struct {
	Owner      string `gorm:"size:80;primaryKey"`
	Instance   string `gorm:"size:16;primaryKey"`
	ProductID  uint64 `gorm:"primaryKey;autoIncrement:false;index"`
	Quantity   int    `gorm:"not null"`
	PriceAtAdd int64  `gorm:"not null;default:0"` // para: the shown price when the line was added
	CreatedAt  time.Time
	UpdatedAt  time.Time `gorm:"index"`
}

func (cartItem0016) TableName() string { return "cart_items" }

type order0016 struct {
	ID uint64 `gorm:"primaryKey"`
	// Number is the year and the id (2026-000123), written right after the insert.
	Number           *string `gorm:"size:32;uniqueIndex:orders_number_key"`
	UserID           *uint64 `gorm:"index"`
	Status           string  `gorm:"size:32;not null;default:'pending';index"`
	CancelReason     string  `gorm:"size:32;not null;default:''"`
	Lang             string  `gorm:"size:2;not null;default:'sr'"`
	Email            string  `gorm:"size:255;not null;index"`
	Name             string  `gorm:"size:255;not null"`
	Phone            string  `gorm:"size:64;not null"`
	Address          string  `gorm:"size:255;not null"`
	City             string  `gorm:"size:255;not null"`
	PostCode         string  `gorm:"size:32;not null"`
	ShippingName     string  `gorm:"size:255;not null;default:''"`
	ShippingAddress  string  `gorm:"size:255;not null;default:''"`
	ShippingCity     string  `gorm:"size:255;not null;default:''"`
	ShippingPostCode string  `gorm:"size:32;not null;default:''"`
	ShippingPhone    string  `gorm:"size:64;not null;default:''"`
	Note             string  `gorm:"type:text;not null;default:''"`
	CompanyName      string  `gorm:"size:255;not null;default:''"`
	CompanyNumber    string  `gorm:"size:32;not null;default:''"`
	CompanyPIB       string  `gorm:"column:company_pib;size:16;not null;default:''"`
	PaymentMethod    string  `gorm:"size:32;not null;index"`
	Total            int64   `gorm:"not null"`
	DeliveryStatus   string  `gorm:"size:255;not null;default:''"`
	DeliveryTime     string  `gorm:"size:255;not null;default:''"`
	Supplier         string  `gorm:"size:255;not null;default:''"`
	// ReplacementProduct names a product offered instead of one that cannot be delivered.
	ReplacementProduct string `gorm:"size:255;not null;default:''"`
	// IdempotencyKey is the caller (user or guest cart) and its Idempotency-Key header;
	// RequestHash the body's hash, so the same key with another body is refused.
	IdempotencyKey *string    `gorm:"size:300;uniqueIndex:orders_idempotency_key"`
	RequestHash    string     `gorm:"size:64;not null;default:''"`
	NotifiedAt     *time.Time // the order's mails and the staff's notifications were queued
	CreatedAt      time.Time  `gorm:"index"`
	UpdatedAt      time.Time
}

func (order0016) TableName() string { return "orders" }

type orderItem0016 struct {
	ID        uint64 `gorm:"primaryKey"`
	OrderID   uint64 `gorm:"not null;index"`
	ProductID uint64 `gorm:"not null;index"`
	SKU       string `gorm:"column:sku;size:64;not null"`
	Name      string `gorm:"size:1200;not null"`
	Price     int64  `gorm:"not null"`
	Quantity  int    `gorm:"not null"`
	Total     int64  `gorm:"not null"`
	VatBps    int    `gorm:"not null;default:0"`
}

func (orderItem0016) TableName() string { return "order_items" }

type orderNote0016 struct {
	ID      uint64 `gorm:"primaryKey"`
	OrderID uint64 `gorm:"not null;index"`
	// Kind: internal (staff only) or customer (mailed and shown in the customer's order).
	Kind      string  `gorm:"size:16;not null"`
	Body      string  `gorm:"type:text;not null"`
	UserID    *uint64 `gorm:"index"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (orderNote0016) TableName() string { return "order_notes" }

type proformaInvoice0016 struct {
	ID            uint64    `gorm:"primaryKey"`
	Number        *string   `gorm:"size:32;uniqueIndex:proforma_invoices_number_key"`
	OrderID       *uint64   `gorm:"index"`
	UserID        *uint64   `gorm:"index"`
	Email         string    `gorm:"size:255;not null"`
	Name          string    `gorm:"size:255;not null"`
	Address       string    `gorm:"size:255;not null"`
	City          string    `gorm:"size:255;not null"`
	PostCode      string    `gorm:"size:32;not null"`
	Phone         string    `gorm:"size:64;not null"`
	ValidUntil    time.Time `gorm:"type:date;not null"`
	IssuePlace    string    `gorm:"size:255;not null;default:''"`
	PaymentMethod string    `gorm:"size:32;not null"`
	CompanyName   string    `gorm:"size:255;not null;default:''"`
	CompanyNumber string    `gorm:"size:32;not null;default:''"`
	CompanyPIB    string    `gorm:"column:company_pib;size:16;not null;default:''"`
	Note          string    `gorm:"type:text;not null;default:''"`
	Total         int64     `gorm:"not null"`
	CreatedAt     time.Time `gorm:"index"`
	UpdatedAt     time.Time
}

func (proformaInvoice0016) TableName() string { return "proforma_invoices" }

type proformaInvoiceItem0016 struct {
	ID                uint64 `gorm:"primaryKey"`
	ProformaInvoiceID uint64 `gorm:"not null;index"`
	ProductID         uint64 `gorm:"not null"`
	SKU               string `gorm:"column:sku;size:64;not null"`
	Name              string `gorm:"size:1200;not null"`
	Price             int64  `gorm:"not null"`
	Quantity          int    `gorm:"not null"`
	Total             int64  `gorm:"not null"`
	VatBps            int    `gorm:"not null;default:0"`
}

func (proformaInvoiceItem0016) TableName() string { return "proforma_invoice_items" }

func m0016Sales() *gormigrate.Migration {
	tables := []any{&cartItem0016{}, &order0016{}, &orderItem0016{}, &orderNote0016{}, &proformaInvoice0016{}, &proformaInvoiceItem0016{}}
	return &gormigrate.Migration{
		ID: "0016_sales",
		Migrate: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(tables...)
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable(tables...)
		},
	}
}
