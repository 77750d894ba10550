package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0030 (PostgreSQL only): eoffer_offers becomes a table partitioned by
// import_id, one partition per competitor file. The import's job creates its file's partition
// (eoffer_offers_<import id>) and COPYs the offers straight into it: no index and no sequence to
// maintain per row (the indexes cost COPY several times the bare table's time), and the
// older files' offers go by dropping their partitions in the finishing transaction instead of
// a row-by-row DELETE. Every reader asks for one import's offers, so it scans that partition
// alone. The partitions are logged (a crash keeps a finished file's offers). The id column
// goes: nothing refers to an offer by it. SQLite keeps 0012's table.
var eofferPartitions0030 = []string{
	"ALTER TABLE eoffer_offers RENAME TO eoffer_offers_0012",
	`CREATE TABLE eoffer_offers (import_id bigint NOT NULL, product_id bigint NOT NULL, shop varchar(255) NOT NULL,
		price bigint NOT NULL, position bigint) PARTITION BY LIST (import_id)`,
	`DO $$
	DECLARE i bigint;
	BEGIN
		FOR i IN SELECT DISTINCT import_id FROM eoffer_offers_0012 LOOP
			EXECUTE format('CREATE TABLE eoffer_offers_%s PARTITION OF eoffer_offers FOR VALUES IN (%s)', i, i);
		END LOOP;
	END $$`,
	`INSERT INTO eoffer_offers (import_id, product_id, shop, price, position)
		SELECT import_id, product_id, shop, price, position FROM eoffer_offers_0012 ORDER BY id`,
	"DROP TABLE eoffer_offers_0012",
}

// eofferUnpartitioned0030 is the rollback: 0012's table again, with the offers.
var eofferUnpartitioned0030 = []string{
	"ALTER TABLE eoffer_offers RENAME TO eoffer_offers_0030",
	`CREATE TABLE eoffer_offers (id bigserial PRIMARY KEY, import_id bigint NOT NULL, product_id bigint NOT NULL,
		shop varchar(255) NOT NULL, price bigint NOT NULL, position bigint)`,
	"CREATE INDEX idx_eoffer_offers_import_id ON eoffer_offers (import_id)",
	"CREATE INDEX idx_eoffer_offers_product_id ON eoffer_offers (product_id)",
	`INSERT INTO eoffer_offers (import_id, product_id, shop, price, position)
		SELECT import_id, product_id, shop, price, position FROM eoffer_offers_0030`,
	"DROP TABLE eoffer_offers_0030",
}

// m0030EofferPartitions swaps eoffer_offers for its partitioned form.
//
// Rollout-safe: eoffer_offers keeps its name and every column the release before reads and
// writes (the id it loses is in no query: GORM leaves a zero key out of its INSERT); the
// rename and the drop are one transaction, so that binary sees the old table or the new one.
func m0030EofferPartitions() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0030_eoffer_partitions",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, eofferPartitions0030)
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, eofferUnpartitioned0030)
		},
	}
}
