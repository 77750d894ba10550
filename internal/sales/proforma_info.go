package sales

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/validation"
)

// What a proforma invoice prints besides the buyer (spec 3 "Proforma invoice", company info;
// "Bank"; "Email entry"), kept by staff with view-proforma-invoice-info.

// InvoiceData is the shop's company data: one row (id 1, made by migration 0022).
type InvoiceData struct {
	ID                 uint64 `gorm:"primaryKey"`
	Name               string
	Address            string
	Phone              string
	Fax                string
	Email              string
	Web                string
	RegistrationNumber string
	PIB                string `gorm:"column:pib"`
	ActivityCode       string
	Bank               string
	UpdatedAt          time.Time
}

func (InvoiceData) TableName() string { return "invoice_data" }

// InvoiceDataInput is the company data form; every field is optional text (the shop fills in
// what it has), e-mail and PIB are checked when given.
type InvoiceDataInput struct {
	Name               string `json:"name" validate:"max=255"`
	Address            string `json:"address" validate:"max=255"`
	Phone              string `json:"phone" validate:"max=64"`
	Fax                string `json:"fax" validate:"max=64"`
	Email              string `json:"email" validate:"omitempty,email,max=255"`
	Web                string `json:"web" validate:"max=255"`
	RegistrationNumber string `json:"registration_number" validate:"max=32"`
	PIB                string `json:"pib"`
	ActivityCode       string `json:"activity_code" validate:"max=16"`
	Bank               string `json:"bank" validate:"max=255"`
}

// Bank is one of the shop's bank accounts, printed on every proforma invoice. Account is kept
// as 18 digits.
type Bank struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string
	Account   string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Bank) TableName() string { return "banks" }

// BankInput is the bank form (spec 5: name 2-255 required; account number required).
type BankInput struct {
	Name    string `json:"name" validate:"required,min=2,max=255"`
	Account string `json:"account" validate:"required"`
}

// InvoiceEmail is an invoice e-mail entry: an address that gets a copy of every proforma
// invoice mailed to a customer (the bookkeeping's inbox, say).
type InvoiceEmail struct {
	ID        uint64 `gorm:"primaryKey"`
	Email     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (InvoiceEmail) TableName() string { return "invoice_emails" }

// InvoiceEmailInput is the e-mail entry form (spec 5: email valid, 1-255, required).
type InvoiceEmailInput struct {
	Email string `json:"email" validate:"required,min=1,max=255,email"`
}

// NormalizeAccount reads a Serbian bank account as people write it: 18 digits, or the bank's
// three digits, the account and the two control digits separated by '-' (the middle padded
// with zeros to 13 digits: 160-12345-67 is 160000000001234567). Spaces are ignored. The result
// must be 18 digits whose control digits hold (ISO 7064 MOD 97-10); else ok is false.
func NormalizeAccount(s string) (string, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	if parts := strings.Split(s, "-"); len(parts) == 3 {
		if len(parts[0]) != 3 || len(parts[2]) != 2 || len(parts[1]) == 0 || len(parts[1]) > 13 {
			return "", false
		}
		s = parts[0] + strings.Repeat("0", 13-len(parts[1])) + parts[1] + parts[2]
	}
	if !ValidAccount(s) {
		return "", false
	}
	return s, true
}

// InvoiceData answers the shop's company data, each field staff left empty taken from config
// "company" (what every document prints, so the form shows it too).
func (s *Service) InvoiceData(ctx context.Context) (*InvoiceData, error) {
	d, err := invoiceData(ctx, s.db)
	if err != nil {
		return nil, err
	}
	m := s.withDefaults(*d)
	return &m, nil
}

func invoiceData(ctx context.Context, db *gorm.DB) (*InvoiceData, error) {
	var d InvoiceData
	err := db.WithContext(ctx).Where("id = ?", 1).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &InvoiceData{ID: 1}, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "invoice data")
	}
	return &d, nil
}

func trimAll(ps ...*string) {
	for _, p := range ps {
		*p = strings.TrimSpace(*p)
	}
}

// UpdateInvoiceData replaces the shop's company data (activity: invoice_data.updated).
func (s *Service) UpdateInvoiceData(ctx context.Context, in InvoiceDataInput) (*InvoiceData, error) {
	trimAll(&in.Name, &in.Address, &in.Phone, &in.Fax, &in.Email, &in.Web, &in.RegistrationNumber, &in.PIB, &in.ActivityCode, &in.Bank)
	var pib error
	if in.PIB != "" && !ValidPIB(in.PIB) {
		pib = apperr.InvalidFields(apperr.Field("pib", "validation.pib"))
	}
	if err := apperr.JoinInvalid(validation.Check(in), pib); err != nil {
		return nil, err
	}
	var out *InvoiceData
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		old, err := invoiceData(ctx, tx)
		if err != nil {
			return err
		}
		d := InvoiceData{ID: 1, Name: in.Name, Address: in.Address, Phone: in.Phone, Fax: in.Fax, Email: in.Email, Web: in.Web,
			RegistrationNumber: in.RegistrationNumber, PIB: in.PIB, ActivityCode: in.ActivityCode, Bank: in.Bank, UpdatedAt: s.clock.Now()}
		if err := tx.Save(&d).Error; err != nil {
			return apperr.Wrap(err, "save invoice data")
		}
		m := s.withDefaults(d)
		out = &m
		return activity.Record(ctx, tx, activity.Change{Type: activity.InvoiceDataUpdated, SubjectType: activity.SubjectInvoiceData, SubjectID: 1,
			Old: invoiceDataValues(*old), New: invoiceDataValues(d)})
	})
	return out, err
}

func invoiceDataValues(d InvoiceData) map[string]any {
	return map[string]any{"name": d.Name, "address": d.Address, "phone": d.Phone, "fax": d.Fax, "email": d.Email, "web": d.Web,
		"registration_number": d.RegistrationNumber, "pib": d.PIB, "activity_code": d.ActivityCode, "bank": d.Bank}
}

// Banks lists the shop's accounts in the order they were added.
func (s *Service) Banks(ctx context.Context) ([]Bank, error) {
	return banks(ctx, s.db)
}

func banks(ctx context.Context, db *gorm.DB) ([]Bank, error) {
	out := []Bank{}
	if err := db.WithContext(ctx).Order("id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "banks")
	}
	return out, nil
}

// Bank answers one account.
func (s *Service) Bank(ctx context.Context, id uint64) (*Bank, error) {
	var b Bank
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&b).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("bank")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "bank")
	}
	return &b, nil
}

// checkBank validates the form and answers the account as 18 digits.
func (s *Service) checkBank(ctx context.Context, tx *gorm.DB, id uint64, in *BankInput) error {
	trimAll(&in.Name, &in.Account)
	var acc error
	if in.Account != "" {
		norm, ok := NormalizeAccount(in.Account)
		if !ok {
			acc = apperr.InvalidFields(apperr.Field("account", "validation.bank_account"))
		} else {
			in.Account = norm
			var n int64
			if err := tx.WithContext(ctx).Model(&Bank{}).Where("account = ? AND id <> ?", norm, id).Count(&n).Error; err != nil {
				return apperr.Wrap(err, "bank account taken")
			}
			if n > 0 {
				acc = apperr.InvalidFields(apperr.Field("account", "validation.bank_account_taken"))
			}
		}
	}
	return apperr.JoinInvalid(validation.Check(*in), acc)
}

// CreateBank adds an account (activity: bank.created).
func (s *Service) CreateBank(ctx context.Context, in BankInput) (*Bank, error) {
	var b Bank
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkBank(ctx, tx, 0, &in); err != nil {
			return err
		}
		now := s.clock.Now()
		b = Bank{Name: in.Name, Account: in.Account, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&b).Error; err != nil {
			return apperr.Wrap(err, "create bank")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.BankCreated, SubjectType: activity.SubjectBank, SubjectID: b.ID, New: bankValues(b)})
	})
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// UpdateBank changes an account (activity: bank.updated).
func (s *Service) UpdateBank(ctx context.Context, id uint64, in BankInput) (*Bank, error) {
	var b Bank
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&b).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("bank")
		} else if err != nil {
			return apperr.Wrap(err, "bank")
		}
		if err := s.checkBank(ctx, tx, id, &in); err != nil {
			return err
		}
		old := bankValues(b)
		b.Name, b.Account, b.UpdatedAt = in.Name, in.Account, s.clock.Now()
		if err := tx.Save(&b).Error; err != nil {
			return apperr.Wrap(err, "update bank")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.BankUpdated, SubjectType: activity.SubjectBank, SubjectID: id, Old: old, New: bankValues(b)})
	})
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// DeleteBank removes an account (activity: bank.deleted).
func (s *Service) DeleteBank(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var b Bank
		if err := tx.Where("id = ?", id).Take(&b).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("bank")
		} else if err != nil {
			return apperr.Wrap(err, "bank")
		}
		if err := tx.Delete(&b).Error; err != nil {
			return apperr.Wrap(err, "delete bank")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.BankDeleted, SubjectType: activity.SubjectBank, SubjectID: id, Old: bankValues(b)})
	})
}

func bankValues(b Bank) map[string]any { return map[string]any{"name": b.Name, "account": b.Account} }

// InvoiceEmails lists the e-mail entries in the order they were added.
func (s *Service) InvoiceEmails(ctx context.Context) ([]InvoiceEmail, error) {
	return invoiceEmails(ctx, s.db)
}

func invoiceEmails(ctx context.Context, db *gorm.DB) ([]InvoiceEmail, error) {
	out := []InvoiceEmail{}
	if err := db.WithContext(ctx).Order("id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "invoice emails")
	}
	return out, nil
}

// InvoiceEmail answers one entry.
func (s *Service) InvoiceEmail(ctx context.Context, id uint64) (*InvoiceEmail, error) {
	var e InvoiceEmail
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("invoice_email")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "invoice email")
	}
	return &e, nil
}

func (s *Service) checkInvoiceEmail(ctx context.Context, tx *gorm.DB, id uint64, in *InvoiceEmailInput) error {
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	if err := validation.Check(*in); err != nil {
		return err
	}
	var n int64
	if err := tx.WithContext(ctx).Model(&InvoiceEmail{}).Where("email = ? AND id <> ?", in.Email, id).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "invoice email taken")
	}
	if n > 0 {
		return apperr.InvalidFields(apperr.Field("email", "validation.invoice_email_taken"))
	}
	return nil
}

// CreateInvoiceEmail adds an entry (activity: invoice_email.created).
func (s *Service) CreateInvoiceEmail(ctx context.Context, in InvoiceEmailInput) (*InvoiceEmail, error) {
	var e InvoiceEmail
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkInvoiceEmail(ctx, tx, 0, &in); err != nil {
			return err
		}
		now := s.clock.Now()
		e = InvoiceEmail{Email: in.Email, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&e).Error; err != nil {
			return apperr.Wrap(err, "create invoice email")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.InvoiceEmailCreated, SubjectType: activity.SubjectInvoiceEmail, SubjectID: e.ID,
			New: map[string]any{"email": e.Email}})
	})
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// UpdateInvoiceEmail changes an entry (activity: invoice_email.updated).
func (s *Service) UpdateInvoiceEmail(ctx context.Context, id uint64, in InvoiceEmailInput) (*InvoiceEmail, error) {
	var e InvoiceEmail
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Take(&e).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("invoice_email")
		} else if err != nil {
			return apperr.Wrap(err, "invoice email")
		}
		if err := s.checkInvoiceEmail(ctx, tx, id, &in); err != nil {
			return err
		}
		old := e.Email
		e.Email, e.UpdatedAt = in.Email, s.clock.Now()
		if err := tx.Save(&e).Error; err != nil {
			return apperr.Wrap(err, "update invoice email")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.InvoiceEmailUpdated, SubjectType: activity.SubjectInvoiceEmail, SubjectID: id,
			Old: map[string]any{"email": old}, New: map[string]any{"email": e.Email}})
	})
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// DeleteInvoiceEmail removes an entry (activity: invoice_email.deleted).
func (s *Service) DeleteInvoiceEmail(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var e InvoiceEmail
		if err := tx.Where("id = ?", id).Take(&e).Error; errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("invoice_email")
		} else if err != nil {
			return apperr.Wrap(err, "invoice email")
		}
		if err := tx.Delete(&e).Error; err != nil {
			return apperr.Wrap(err, "delete invoice email")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.InvoiceEmailDeleted, SubjectType: activity.SubjectInvoiceEmail, SubjectID: id,
			Old: map[string]any{"email": e.Email}})
	})
}
