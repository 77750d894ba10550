package search

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/queue/queuetest"
	"shop/internal/platform/ratelimit"
	"shop/internal/platform/textfold"
)

func TestNormalizeTransliteratesAndFolds(t *testing.T) {
	for in, want := range map[string]string{
		"Фрижидер":               "frizider",
		"Frižider":               "frizider",
		"frizider":               "frizider",
		"ЂАК Џак Љубав Њива":     "djak dzak ljubav njiva",
		"  tv\t 55\"\x00  ":      "tv 55\"",
		"%_\\' OR 1=1; --":       "%_\\' or 1=1; --",
		strings.Repeat("ш", 300): strings.Repeat("s", MaxQueryRunes),
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHighlight(t *testing.T) {
	for _, c := range []struct{ name, q, want string }{
		{"Frižider Gorenje", "frizider", "<strong>Frižider</strong> Gorenje"},
		{"Frižider Gorenje", "фрижидер горење", "<strong>Frižider</strong> <strong>Gorenje</strong>"},
		{"Đak <b>", "djak", "<strong>Đak</strong> &lt;b&gt;"},
		{"TV 55\"", "xyz", "TV 55&#34;"},
	} {
		if got := Highlight(c.name, c.q); got != c.want {
			t.Errorf("Highlight(%q, %q) = %q, want %q", c.name, c.q, got, c.want)
		}
	}
}

type fixture struct {
	gdb *gorm.DB
	cat uint64
}

func seed(t *testing.T, gdb *gorm.DB) fixture {
	t.Helper()
	exec := func(q string, args ...any) {
		t.Helper()
		if err := gdb.Exec(q, args...).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
		VALUES (1, 'Bela tehnika', 'bela-tehnika', 'BT', 2000, 1000, 2000, 500, ?, ?), (2, 'Kuhinjski aparati', 'kuhinjski-aparati', 'KA', 2000, 1000, 2000, 500, ?, ?)`,
		time.Now(), time.Now(), time.Now(), time.Now())
	exec(`UPDATE categories SET parent_id = 1 WHERE id = 2`)
	exec(`INSERT INTO brands (id, name, created_at, updated_at) VALUES (1, 'Gorenje', ?, ?)`, time.Now(), time.Now())
	f := fixture{gdb: gdb, cat: 1}
	return f
}

func (f fixture) product(t *testing.T, id uint64, sku, name, ean, desc string, cat uint64, brand *uint64, visible bool) {
	t.Helper()
	err := f.gdb.Exec(`INSERT INTO products (id, sku, name, slug, description, search_text, search_description, active, visible, web_price, retail_price,
		authenticated_price, ean, main_category_id, brand_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 100000, 120000, 95000, ?, ?, ?, ?, ?)`,
		id, sku, name, "p-"+sku, desc, textfold.Fold(name+" "+sku), catalog.SearchDescription(desc), true, visible, ean, cat, brand, time.Now(), time.Now()).Error
	if err != nil {
		t.Fatalf("product %s: %v", sku, err)
	}
}

func names(ps []Product) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func newService(t *testing.T, gdb *gorm.DB) (*Service, fixture) {
	f := seed(t, gdb)
	gorenje := uint64(1)
	f.product(t, 1, "FR100", "Frižider Gorenje RK6192", "3838782000001", "", 1, &gorenje, true)
	f.product(t, 2, "MW200", "Mikrotalasna rerna", "", `{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Idealna uz frižider"}]}]}}`, 2, nil, true)
	f.product(t, 3, "ZA300", "Zamrzivač škrinja", "", "", 1, &gorenje, true)
	f.product(t, 4, "FR101", "Frižider sakriven", "", "", 1, nil, false)
	f.product(t, 5, "frizider", "Usisivač", "", "", 2, nil, true)
	return NewService(gdb, clock.Fixed(time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)), ratelimit.New(queuetest.Redis(t).Client, "")), f
}

func TestSearchFoldingTransliterationAndRanking(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s, _ := newService(t, gdb)
		ctx := context.Background()
		for _, q := range []string{"frizider", "Frižider", "Фрижидер", "ФРИЖИДЕР"} {
			r, err := s.Search(ctx, q, 1, 24)
			if err != nil {
				t.Fatal(err)
			}
			// The SKU 'frizider' first, then the name, then the description; the hidden one never.
			got := strings.Join(names(r.Products), "|")
			if want := "Usisivač|Frižider Gorenje RK6192|Mikrotalasna rerna"; got != want || r.Total != 3 || r.Fuzzy {
				t.Errorf("Search(%q) = %q (total %d, fuzzy %v), want %q", q, got, r.Total, r.Fuzzy, want)
			}
		}
		r, err := s.Search(ctx, "3838782000001", 1, 24)
		if err != nil || len(r.Products) != 1 || r.Products[0].ID != 1 {
			t.Errorf("EAN search = %+v, %v; want product 1", r.Products, err)
		}
		// Words narrow: a brand and a name word; a category word.
		if r, _ := s.Search(ctx, "gorenje zamrzivac", 1, 24); strings.Join(names(r.Products), "|") != "Zamrzivač škrinja" {
			t.Errorf("brand + name = %q", names(r.Products))
		}
		r, _ = s.Search(ctx, "кухињски", 1, 24)
		if strings.Join(names(r.Products), "|") != "Mikrotalasna rerna|Usisivač" {
			t.Fatalf("category (Cyrillic) = %q", names(r.Products))
		}
		// Prices come from pricing's shown-price rule; link and page shape.
		p := r.Products[0]
		if p.GuestPrice != 100000 || p.CustomerPrice != 95000 || p.RetailPrice != 120000 || p.Link() != "/kategorije/kuhinjski-aparati/proizvodi/p-MW200" {
			t.Errorf("product = %+v link %s", p, p.Link())
		}
		if r, _ := s.Search(ctx, "frizider", 2, 2); r.Total != 3 || len(r.Products) != 1 || r.Products[0].ID != 2 {
			t.Errorf("page 2 of 2 = %+v total %d", names(r.Products), r.Total)
		}
		// Any script or symbol is safe and finds nothing rather than everything; the rich text's
		// markup (its JSON keys) is not searched.
		for _, q := range []string{"%", "_", "\\", "' OR 1=1 --", "日本語", "😀", strings.Repeat("x", 5000), "paragraph", "children"} {
			r, err := s.Search(ctx, q, 1, 24)
			if err != nil || r.Total != 0 {
				t.Errorf("Search(%q) = total %d, %v; want 0, nil", q, r.Total, err)
			}
		}
	})
}

func TestSearchToleratesTypos(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s, _ := newService(t, gdb)
		for q, want := range map[string]string{
			"frizdier":          "Frižider Gorenje RK6192",
			"фрижидр":           "Frižider Gorenje RK6192",
			"zamrzivac skrinaj": "Zamrzivač škrinja",
		} {
			r, err := s.Search(context.Background(), q, 1, 24)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Products) == 0 || r.Products[0].Name != want || !r.Fuzzy {
				t.Errorf("Search(%q) = %q fuzzy %v, want %q first", q, names(r.Products), r.Fuzzy, want)
			}
			for _, p := range r.Products {
				if p.ID == 4 {
					t.Errorf("Search(%q) found the hidden product", q)
				}
			}
		}
	})
}

func TestPopularSearchesAreCounted(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s, _ := newService(t, gdb)
		ctx := context.Background()
		for i, q := range []string{"Frižider", "frizider", "Фрижидер", "zamrzivač", "frizider gorenje"} {
			if err := s.Record(ctx, q, fmt.Sprintf("10.0.0.%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		ps, err := s.PopularSearches(ctx, "", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 3 || ps[0].Name != "Frižider" || ps[0].Hits != 3 {
			t.Fatalf("popular = %+v, want Frižider (3) first of 3", ps)
		}
		if ps, _ := s.PopularSearches(ctx, "ФРИЖ", 10); len(ps) != 2 {
			t.Errorf("popular for 'ФРИЖ' = %+v, want the two frizider searches", ps)
		}
	})
}

// TestPopularSearchesResistPoisoning: what every visitor sees cannot be pushed by one client
// repeating a term, by a wildcard or by a pasted text.
func TestPopularSearchesResistPoisoning(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s, _ := newService(t, gdb)
		ctx := context.Background()
		for range 50 {
			if err := s.Record(ctx, "frizider", "10.0.0.9"); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range []string{"*", "%", "?!", "a", strings.Repeat("frizider ", 10), strings.Repeat("x", 500_000)} {
			if err := s.Record(ctx, q, "10.0.0.9"); err != nil {
				t.Fatal(err)
			}
		}
		ps, err := s.PopularSearches(ctx, "", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 1 || ps[0].Name != "frizider" || ps[0].Hits != 1 {
			t.Fatalf("popular = %+v, want frizider counted once", ps)
		}
	})
}

func TestAutocomplete(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		s, _ := newService(t, gdb)
		ctx := context.Background()
		_ = s.Record(ctx, "frižider gorenje", "10.0.0.1")
		a, err := s.Autocomplete(ctx, "фрижидер")
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Products) != 3 || len(a.Popular) != 1 || a.Popular[0].Name != "frižider gorenje" || len(a.Categories) != 0 {
			t.Errorf("autocomplete = %+v", a)
		}
		first, err := s.Autocomplete(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Products) != 0 || len(first.Popular) != 1 || len(first.Categories) != 1 || first.Categories[0].Slug != "bela-tehnika" {
			t.Errorf("first click = %+v", first)
		}
		if c, _ := s.Autocomplete(ctx, "бела"); len(c.Categories) != 1 || c.Categories[0].Link() != "/kategorije/bela-tehnika" {
			t.Errorf("category suggestion = %+v", c.Categories)
		}
	})
}
