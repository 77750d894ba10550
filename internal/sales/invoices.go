package sales

import (
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// ProformaInvoice is a proforma invoice (spec 3 "Proforma invoice"): made by checkout with
// bank transfer, from the order's data; valid for Options.ProformaValidDays.
type ProformaInvoice struct {
	ID            uint64 `gorm:"primaryKey"`
	Number        *string
	OrderID       *uint64
	UserID        *uint64
	Email         string
	Name          string
	Address       string
	City          string
	PostCode      string
	Phone         string
	ValidUntil    time.Time `gorm:"type:date"`
	IssuePlace    string
	PaymentMethod string
	CompanyName   string
	CompanyNumber string
	CompanyPIB    string `gorm:"column:company_pib"`
	Note          string
	Total         money.Para
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (ProformaInvoice) TableName() string { return "proforma_invoices" }

// ProformaInvoiceItem is one product of a proforma invoice.
type ProformaInvoiceItem struct {
	ID                uint64 `gorm:"primaryKey"`
	ProformaInvoiceID uint64
	ProductID         uint64
	SKU               string `gorm:"column:sku"`
	Name              string
	Price             money.Para
	Quantity          int
	Total             money.Para
	VatBps            int
}

func (ProformaInvoiceItem) TableName() string { return "proforma_invoice_items" }

// ProformaNumber is the invoice's number: PR- and the order's number (one invoice per order).
func ProformaNumber(orderNumber string) string { return "PR-" + orderNumber }

// proformaFor writes the proforma invoice of a bank-transfer order inside its transaction.
func (s *Service) proformaFor(tx *gorm.DB, o *Order, now time.Time) (uint64, error) {
	num := ProformaNumber(o.NumberOf())
	inv := ProformaInvoice{Number: &num, OrderID: &o.ID, UserID: o.UserID, Email: o.Email, Name: o.Name, Address: o.Address, City: o.City,
		PostCode: o.PostCode, Phone: o.Phone, ValidUntil: ProformaValidUntil(now, s.opts.ProformaValidDays), IssuePlace: s.opts.IssuePlace,
		PaymentMethod: o.PaymentMethod, CompanyName: o.CompanyName, CompanyNumber: o.CompanyNumber, CompanyPIB: o.CompanyPIB, Note: o.Note,
		Total: o.Total, CreatedAt: now, UpdatedAt: now}
	if err := tx.Create(&inv).Error; err != nil {
		return 0, apperr.Wrap(err, "proforma invoice")
	}
	items := make([]ProformaInvoiceItem, len(o.Items))
	for i, it := range o.Items {
		items[i] = ProformaInvoiceItem{ProformaInvoiceID: inv.ID, ProductID: it.ProductID, SKU: it.SKU, Name: it.Name, Price: it.Price,
			Quantity: it.Quantity, Total: it.Total, VatBps: it.VatBps}
	}
	if len(items) > 0 {
		if err := tx.Create(&items).Error; err != nil {
			return 0, apperr.Wrap(err, "proforma invoice items")
		}
	}
	return inv.ID, nil
}
