package migrations_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/migrations"
	"shop/internal/platform/dbtest"
)

// 0013 fills products.search_description from the stored rich text, as the catalogue writes it.
func TestSearchDescriptionBackfill(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		// Roll back down to 0013 (later migrations first; 0020 does not touch products).
		for {
			id, err := migrations.Down(ctx, gdb)
			if err != nil || id == "" {
				t.Fatalf("down = %q, %v", id, err)
			}
			if id == "0013_search_queries" {
				break
			}
		}
		lexical := `{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Frižider "},{"type":"text","text":"A++"}]},{"type":"paragraph","children":[{"type":"text","text":"Đak"}]}]}}`
		now := time.Now()
		if err := gdb.Exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
			VALUES (1, 'K', 'k', 'K', 2000, 0, 0, 0, ?, ?)`, now, now).Error; err != nil {
			t.Fatal(err)
		}
		for i, d := range []string{lexical, "Obična   ŠKRINJA", ""} {
			if err := gdb.Exec(`INSERT INTO products (id, sku, name, slug, description, main_category_id, created_at, updated_at)
				VALUES (?, ?, 'P', ?, ?, 1, ?, ?)`, i+1, string(rune('a'+i)), string(rune('a'+i)), d, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := migrations.Up(ctx, gdb); err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := gdb.Raw("SELECT search_description FROM products ORDER BY id").Scan(&got).Error; err != nil {
			t.Fatal(err)
		}
		want := []string{catalog.SearchDescription(lexical), "obicna skrinja", ""}
		if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || want[0] != "frizider a++ djak" {
			t.Errorf("search_description = %q, want %q", got, want)
		}
	})
}
