// Package fiscal makes the shop's fiscal receipts: the invoicing system's (ESIR's) side of
// Serbia's e-fiskalizacija. A paid order gets a sale receipt, a cancelled paid order a refund
// receipt naming the sale, a proforma invoice to a person a proforma receipt; each is signed
// by the fiscal device (a V-SDC, or the simulator) by a job, retried until it is, and never
// signed twice (docs/fiscal.md).
package fiscal

import (
	"time"

	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// Kinds of receipt (one of each per order at most, besides a refund per item return).
const (
	KindNormal   = queue.FiscalNormal
	KindRefund   = queue.FiscalRefund
	KindProforma = queue.FiscalProforma
)

// Kinds lists them.
var Kinds = []string{KindNormal, KindRefund, KindProforma}

// Statuses of a receipt: pending until the device signs it (sent), failed when the device
// refused it or the retries ran out (staff retry it).
const (
	StatusPending = "pending"
	StatusSent    = "sent"
	StatusFailed  = "failed"
)

// Statuses lists them.
var Statuses = []string{StatusPending, StatusSent, StatusFailed}

// Receipt is one fiscal receipt of an order: the request sent (the same on every retry,
// under the same RequestId) and, once signed, the device's answer.
type Receipt struct {
	ID      uint64 `gorm:"primaryKey" json:"id"`
	OrderID uint64 `json:"order_id"`
	Kind    string `json:"kind"`
	// ReturnID is the item return a refund is for (0: the whole order's cancellation).
	ReturnID        uint64     `gorm:"column:return_id" json:"return_id"`
	RequestID       string     `gorm:"column:request_id" json:"request_id"`
	Status          string     `json:"status"`
	Reason          string     `json:"reason"`
	Attempts        int        `json:"attempts"`
	PaymentType     string     `json:"payment_type"`
	BuyerPIB        string     `gorm:"column:buyer_pib" json:"buyer_pib"`
	BuyerName       string     `json:"buyer_name"`
	Total           money.Para `json:"total" swaggertype:"number"`
	ReferentNumber  string     `json:"referent_number"`
	Request         string     `json:"-"`
	Response        string     `json:"-"`
	InvoiceNumber   string     `json:"invoice_number"`
	InvoiceCounter  string     `json:"invoice_counter"`
	TotalCounter    int64      `json:"total_counter"`
	SdcTime         *time.Time `gorm:"column:sdc_time" json:"sdc_time"`
	VerificationURL string     `gorm:"column:verification_url" json:"verification_url"`
	Journal         string     `json:"journal"`
	Signature       string     `json:"-"`
	// Simulated: signed by the simulator, so no fiscal receipt at all (every page says so).
	Simulated bool       `json:"simulated"`
	SentAt    *time.Time `json:"sent_at"`
	// MailedAt: the signed receipt's mail to the customer was queued (once).
	MailedAt  *time.Time `json:"mailed_at"`
	CreatedAt time.Time  `json:"created_at"`
	UpdatedAt time.Time  `json:"updated_at"`
	// OrderNumber is the order's number (filled by lists).
	OrderNumber string `gorm:"-" json:"order_number"`
}

func (Receipt) TableName() string { return "fiscal_receipts" }
