package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0044 (PostgreSQL only): the catalogue's change mark moves again when a changing
// transaction commits. 0028's statement triggers draw from the sequence at the statement, which
// other processes see at once while the change is not yet visible to them: a category page
// computed between a writer's statement and its commit (an import's transaction lasts seconds)
// kept the old counts under the new mark until the memo aged out. Now the first catalogue
// statement of a transaction also inserts the transaction's id into catalog_change_commits,
// whose deferred constraint trigger (run once per transaction, at its commit) draws again and
// removes the row: the mark readers see after a commit is one no page of the old catalogue was
// kept under (but for the instant between the draw and the commit becoming visible, which the
// memo's settle time covers). Unlogged: the rows live only inside their transaction.
var catalogChangesAtCommit0044 = []string{
	"CREATE UNLOGGED TABLE catalog_change_commits (txid bigint PRIMARY KEY)",
	`CREATE FUNCTION catalog_committing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM nextval('catalog_changes');
	DELETE FROM catalog_change_commits WHERE txid = NEW.txid;
	RETURN NULL;
END $$`,
	`CREATE CONSTRAINT TRIGGER catalog_change_commits_at_commit AFTER INSERT ON catalog_change_commits
		DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_committing()`,
	`CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM nextval('catalog_changes');
	INSERT INTO catalog_change_commits VALUES (txid_current()) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$`,
}

// m0044CatalogChangesAtCommit moves the catalogue's mark at commit too.
//
// Rollout-safe: a table and a function are added and 0028's trigger function replaced by one
// that draws as before; the previous binary reads the same sequence.
func m0044CatalogChangesAtCommit() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0044_catalog_changes_at_commit",
		Migrate: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, catalogChangesAtCommit0044)
		},
		Rollback: func(tx *gorm.DB) error {
			if tx.Dialector.Name() != "postgres" {
				return nil
			}
			return exec0027(tx, []string{
				`CREATE OR REPLACE FUNCTION catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM nextval('catalog_changes');
	RETURN NULL;
END $$`,
				"DROP TABLE IF EXISTS catalog_change_commits",
				"DROP FUNCTION IF EXISTS catalog_committing()",
			})
		},
	}
}
