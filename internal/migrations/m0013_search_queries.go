package migrations

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"

	"shop/internal/platform/textfold"
)

// Frozen DDL of 0013: the storefront's searches, counted per folded term, so the popular
// suggestions are learned from what shoppers search rather than kept by hand.
type searchQuery0013 struct {
	// Term is the query transliterated to Latin and folded (internal/search.Normalize).
	Term string `gorm:"size:100;primaryKey"`
	// Name is the query as a shopper first typed it (what the suggestion shows).
	Name           string    `gorm:"size:100;not null"`
	Hits           int64     `gorm:"not null;default:0;index"`
	LastSearchedAt time.Time `gorm:"not null"`
}

func (searchQuery0013) TableName() string { return "search_queries" }

// product0013 adds the description's folded plain text, which the storefront search matches
// (the stored description is rich-text JSON whose keys must never match).
type product0013 struct {
	SearchDescription string `gorm:"type:text;not null;default:''"`
}

func (product0013) TableName() string { return "products" }

func m0013SearchQueries() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0013_search_queries",
		Migrate: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&searchQuery0013{}); err != nil {
				return err
			}
			if err := tx.Migrator().AddColumn(&product0013{}, "SearchDescription"); err != nil {
				return err
			}
			// Backfill in batches by id.
			var last uint64
			for {
				var rows []struct {
					ID          uint64
					Description string
				}
				if err := tx.Table("products").Select("id, description").Where("id > ? AND description <> ''", last).
					Order("id").Limit(1000).Scan(&rows).Error; err != nil {
					return err
				}
				if len(rows) == 0 {
					return nil
				}
				for _, r := range rows {
					if err := tx.Exec("UPDATE products SET search_description = ? WHERE id = ?", searchDescription0013(r.Description), r.ID).Error; err != nil {
						return err
					}
					last = r.ID
				}
			}
		},
		Rollback: func(tx *gorm.DB) error {
			// Plain ALTER on both (GORM's SQLite migrator would rebuild products and break
			// the triggers on it).
			if err := tx.Exec("ALTER TABLE products DROP COLUMN search_description").Error; err != nil {
				return err
			}
			return tx.Migrator().DropTable(&searchQuery0013{})
		},
	}
}

// searchDescription0013 is a frozen copy of catalog.SearchDescription as of this migration
// (the catalogue imports the migrations in its tests): the Lexical or Draft.js description's
// text, or the plain text, with white space collapsed and folded.
func searchDescription0013(s string) string {
	type node struct {
		Type     string  `json:"type"`
		Text     *string `json:"text"`
		Children []node  `json:"children"`
	}
	var text func(n node) string
	text = func(n node) string {
		if n.Text != nil {
			return *n.Text
		}
		if n.Type == "linebreak" {
			return "\n"
		}
		parts := make([]string, 0, len(n.Children))
		sep := ""
		for _, c := range n.Children {
			parts = append(parts, text(c))
			switch c.Type {
			case "paragraph", "heading", "quote", "listitem", "list":
				sep = "\n"
			}
		}
		return strings.Join(parts, sep)
	}
	var doc struct {
		Root   *node `json:"root"`
		Blocks []struct {
			Text string `json:"text"`
		} `json:"blocks"`
	}
	plain := s
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") && json.Unmarshal([]byte(t), &doc) == nil {
		switch {
		case doc.Root != nil:
			plain = text(*doc.Root)
		case doc.Blocks != nil:
			lines := make([]string, 0, len(doc.Blocks))
			for _, b := range doc.Blocks {
				lines = append(lines, b.Text)
			}
			plain = strings.Join(lines, " ")
		}
	}
	return textfold.Fold(strings.Join(strings.Fields(plain), " "))
}
