package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// m0051PlannerSettings sets, on PostgreSQL, how the shop's sessions are planned in its
// database: the catalogue is read from memory, so a random page costs about a sequential one
// (an index finds a few thousand of 100,000 products faster than a scan), and a statement is
// one core's work (many requests run at once on a small machine, and a parallel worker's start
// costs more than the lists and pages it would share). The settings belong to the shop's role
// in the shop's database (ALTER ROLE ... IN DATABASE needs no ownership of the database), so
// other databases and roles of the server keep theirs; sessions opened afterwards take them
// (migrations.Up renews its pool's connections).
func m0051PlannerSettings() *gormigrate.Migration {
	set := func(tx *gorm.DB, value string) error {
		if tx.Dialector.Name() != "postgres" {
			return nil
		}
		return tx.Exec(`DO $$ BEGIN
	EXECUTE format('ALTER ROLE CURRENT_USER IN DATABASE %I ` + value + `', current_database());
END $$`).Error
	}
	return &gormigrate.Migration{
		ID: "0051_planner_settings",
		Migrate: func(tx *gorm.DB) error {
			if err := set(tx, "SET random_page_cost = 1.1"); err != nil {
				return err
			}
			return set(tx, "SET max_parallel_workers_per_gather = 0")
		},
		Rollback: func(tx *gorm.DB) error {
			if err := set(tx, "RESET random_page_cost"); err != nil {
				return err
			}
			return set(tx, "RESET max_parallel_workers_per_gather")
		},
	}
}
