package demo

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// SeedInvoiceInfo gives the demo shop what its proforma invoices print besides the identity
// (name, address, phones, e-mail and numbers stay empty: config "company" fills them, so
// the demo shows one identity everywhere): the activity code and the bank's name (when the
// activity code is still empty), one bank account (the config's demo account; made up, with
// valid control digits) and one invoice e-mail entry, when there are none. It answers whether
// anything was written.
func SeedInvoiceInfo(ctx context.Context, gdb *gorm.DB) (bool, error) {
	db := gdb.WithContext(ctx)
	created := false
	now := time.Now().UTC()
	res := db.Exec(`UPDATE invoice_data SET activity_code = ?, bank = ?, updated_at = ? WHERE id = 1 AND name = '' AND activity_code = '' AND bank = ''`,
		"4791", "Banca Intesa a.d. Beograd", now)
	if res.Error != nil {
		return false, fmt.Errorf("demo invoice data: %w", res.Error)
	}
	created = res.RowsAffected > 0
	var banks, emails int64
	if err := db.Table("banks").Count(&banks).Error; err != nil {
		return created, fmt.Errorf("demo banks: %w", err)
	}
	if banks == 0 {
		if err := db.Exec(`INSERT INTO banks (name, account, created_at, updated_at) VALUES (?, ?, ?, ?)`,
			"Banca Intesa a.d. Beograd", "160000000001234595", now, now).Error; err != nil {
			return created, fmt.Errorf("demo banks: %w", err)
		}
		created = true
	}
	if err := db.Table("invoice_emails").Count(&emails).Error; err != nil {
		return created, fmt.Errorf("demo invoice e-mails: %w", err)
	}
	if emails == 0 {
		if err := db.Exec(`INSERT INTO invoice_emails (email, created_at, updated_at) VALUES (?, ?, ?)`, "knjigovodstvo@elektromarket.rs", now, now).Error; err != nil {
			return created, fmt.Errorf("demo invoice e-mails: %w", err)
		}
		created = true
	}
	return created, nil
}
