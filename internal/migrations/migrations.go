// Package migrations holds the versioned schema and data migrations of every capability.
// Each migration declares frozen copies of the tables it creates, so later model changes
// never rewrite history; GORM's migrator turns them into DDL for PostgreSQL and SQLite alike.
package migrations

import (
	"context"
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"shop/internal/platform/db"
)

const table = "schema_migrations"

// all lists the migrations in order. Append only; never edit a released one.
func all() []*gormigrate.Migration {
	return []*gormigrate.Migration{
		m0001Identity(),
		m0002Permissions(),
		m0003Catalog(),
		m0004CatalogIndexes(),
		m0005Pricelists(),
		m0006ImportHotUpdates(),
		m0007ProductSortKeys(),
		m0008PricingRules(),
		m0009DiscountMassRuns(),
		m0010ProductListFlags(),
		m0011Partners(),
		m0012Eoffer(),
		m0013SearchQueries(),
		m0014Content(),
		m0015LandingPages(),
		m0016Sales(),
		m0017ProductCategoryIDs(),
		m0019Voice(),
		m0020Staff(),
		m0021OrderHandling(),
		m0022InvoiceInfo(),
		m0023NewsletterOrder(),
		m0024UserIdentities(),
		m0025SearchLookupIndexes(),
		m0027SearchCategoryGIN(),
		m0028CatalogChanges(),
		m0029FoldedNames(),
		m0030EofferPartitions(),
		m0031SearchTextStatistics(),
		m0032EofferOfferSets(),
		m0033FiscalReceipts(),
		m0034Einvoices(),
		m0038WritePermissions(),
		m0039GuestRatings(),
		m0041FiscalReceiptMail(),
		m0040ContactMessages(),
		m0048OrderReturns(),
		m0049FiscalReceiptReturns(),
		m0044CatalogChangesAtCommit(),
		m0051PlannerSettings(),
		m0050EinvoiceCreditNotes(),
		m0052ProductSummaries(),
		m0053ProductSummariesSearch(),
		m0054StorefrontReadModels(),
		m0055PricedToBuy(),
	}
}

// IDs lists every migration's id, oldest first.
func IDs() []string {
	var out []string
	for _, m := range all() {
		out = append(out, m.ID)
	}
	return out
}

func runner(gdb *gorm.DB) *gormigrate.Gormigrate {
	return gormigrate.New(gdb, &gormigrate.Options{
		TableName:                 table,
		IDColumnName:              "id",
		IDColumnSize:              255,
		UseTransaction:            true,
		ValidateUnknownMigrations: true,
	}, all())
}

// Up applies every pending migration. On PostgreSQL it holds a lock meanwhile, so instances
// starting together with auto_migrate (or a shopctl run beside them) take turns instead of
// racing; the later ones find nothing left to do.
func Up(ctx context.Context, gdb *gorm.DB) error {
	err := db.WithLock(ctx, gdb, db.LockMigrations, func() error {
		return runner(gdb.WithContext(ctx)).Migrate()
	})
	if err != nil {
		return fmt.Errorf("migrate up: %w", err)
	}
	if db.IsPostgres(gdb) {
		db.RenewIdle(gdb)
	}
	return nil
}

// Down rolls back the last applied migration and returns its id ("" when none was applied).
func Down(ctx context.Context, gdb *gorm.DB) (string, error) {
	st, err := Status(ctx, gdb)
	if err != nil {
		return "", err
	}
	last := ""
	for _, s := range st {
		if s.Applied {
			last = s.ID
		}
	}
	if last == "" {
		return "", nil
	}
	if err := runner(gdb.WithContext(ctx)).RollbackLast(); err != nil {
		return "", fmt.Errorf("migrate down: %w", err)
	}
	return last, nil
}

// State is one migration and whether it has been applied.
type State struct {
	ID      string `json:"id"`
	Applied bool   `json:"applied"`
}

// Status lists every known migration in order with its state.
func Status(ctx context.Context, gdb *gorm.DB) ([]State, error) {
	applied := map[string]bool{}
	if gdb.Migrator().HasTable(table) {
		var ids []string
		if err := gdb.WithContext(ctx).Table(table).Pluck("id", &ids).Error; err != nil {
			return nil, fmt.Errorf("migrate status: %w", err)
		}
		for _, id := range ids {
			applied[id] = true
		}
	}
	var out []State
	for _, m := range all() {
		out = append(out, State{ID: m.ID, Applied: applied[m.ID]})
	}
	return out, nil
}

// Pending counts the migrations not yet applied.
func Pending(ctx context.Context, gdb *gorm.DB) (int, error) {
	st, err := Status(ctx, gdb)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range st {
		if !s.Applied {
			n++
		}
	}
	return n, nil
}
