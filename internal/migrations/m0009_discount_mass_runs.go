package migrations

import (
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0009: the mass discount job's runs.
//   - discount_mass_runs: one mass discount a user started: its state (queued, running, done,
//     failed), how many products the selection held, how many got the action and how many were
//     skipped for an overlapping one, and the reason of a failure. The starter polls it for
//     progress; the job reads it to stay idempotent (a run already done is not done twice).
//   - discounts.mass_run_id: the run that added a discount (NULL: added by hand), so a retried
//     run finds what it already added and the recompute's scope is that run's products.
type discountMassRun0009 struct {
	ID             uint64 `gorm:"primaryKey"`
	UserID         uint64 `gorm:"not null;default:0;index"`
	DiscountTypeID uint64 `gorm:"not null"`
	State          string `gorm:"size:16;not null"`
	Selected       int64  `gorm:"not null;default:0"`
	Added          int64  `gorm:"not null;default:0"`
	Skipped        int64  `gorm:"not null;default:0"`
	Error          string `gorm:"size:1000;not null;default:''"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (discountMassRun0009) TableName() string { return "discount_mass_runs" }

type discount0009 struct {
	MassRunID *uint64 `gorm:"index"`
}

func (discount0009) TableName() string { return "discounts" }

func m0009DiscountMassRuns() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0009_discount_mass_runs",
		Migrate: func(tx *gorm.DB) error {
			m := tx.Migrator()
			if err := m.CreateTable(&discountMassRun0009{}); err != nil {
				return err
			}
			if err := m.AddColumn(&discount0009{}, "MassRunID"); err != nil {
				return err
			}
			return m.CreateIndex(&discount0009{}, "MassRunID")
		},
		Rollback: func(tx *gorm.DB) error {
			m := tx.Migrator()
			if err := m.DropIndex(&discount0009{}, "MassRunID"); err != nil {
				return err
			}
			if err := m.DropColumn(&discount0009{}, "MassRunID"); err != nil {
				return err
			}
			return m.DropTable(&discountMassRun0009{})
		},
	}
}
