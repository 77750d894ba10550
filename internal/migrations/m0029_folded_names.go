package migrations

import (
	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0029: categories.search_name and brands.search_name, the name lower-cased
// with the Serbian diacritics folded (the search's textfold twin), as generated columns:
// STORED on PostgreSQL, VIRTUAL on SQLite (which adds only virtual ones to a table). The
// search compared every category and brand name through a chain of ten REPLACEs and a LOWER
// on each row of every statement (a third of the autocomplete's categories statement, and per
// candidate product in the literal search's category and brand conditions); the database now
// keeps the folded name with the row, so a new or renamed category needs no code path of its
// own. The expression is the one internal/search used inline (frozen here).
func folded0029(column string) string {
	expr := column
	for _, p := range [][2]string{{"Č", "c"}, {"č", "c"}, {"Ć", "c"}, {"ć", "c"}, {"Š", "s"}, {"š", "s"}, {"Ž", "z"}, {"ž", "z"}, {"Đ", "dj"}, {"đ", "dj"}} {
		expr = "REPLACE(" + expr + ", '" + p[0] + "', '" + p[1] + "')"
	}
	return "LOWER(" + expr + ")"
}

var foldedNameTables0029 = []string{"categories", "brands"}

func m0029FoldedNames() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0029_folded_names",
		Migrate: func(tx *gorm.DB) error {
			kind, typ := "VIRTUAL", "TEXT"
			if tx.Dialector.Name() == "postgres" {
				kind, typ = "STORED", "text"
			}
			for _, t := range foldedNameTables0029 {
				if err := tx.Exec("ALTER TABLE " + t + " ADD COLUMN search_name " + typ + " GENERATED ALWAYS AS (" + folded0029("name") + ") " + kind).Error; err != nil {
					return err
				}
			}
			return nil
		},
		Rollback: func(tx *gorm.DB) error {
			for _, t := range foldedNameTables0029 {
				if err := tx.Exec("ALTER TABLE " + t + " DROP COLUMN search_name").Error; err != nil {
					return err
				}
			}
			return nil
		},
	}
}
