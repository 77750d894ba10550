package catalog

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
)

// withCountBound lowers the list's count bound for one test, so the fixture's 30 products
// take both paths of ListProducts (one pass under the bound, the ordered read above it).
func withCountBound(t *testing.T, n int) {
	old := productCountBound
	productCountBound = n
	t.Cleanup(func() { productCountBound = old })
}

func listIDs(t *testing.T, svc *Service, f ProductFilter, page listing.Page) ([]uint64, listing.Total) {
	t.Helper()
	rows, total, err := svc.ListProducts(context.Background(), f, page, ProductIncludes{})
	if err != nil {
		t.Fatal(err)
	}
	ids := []uint64{}
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids, total
}

// TestListProductsBoundedCount: above the bound the total is the bound and says so; at or
// under it the total is exact; the pages are the same either way.
func TestListProductsBoundedCount(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)), nil)
		withCountBound(t, 5)
		tests := []struct {
			name string
			f    ProductFilter
			page listing.Page
			ids  []uint64
			want listing.Total
		}{
			{"all", ProductFilter{}, listing.Page{Number: 1, Size: 3}, []uint64{30, 29, 28}, listing.Total{N: 5, Bounded: true}},
			// The bound reaches to the end of a page further than it.
			{"deepPage", ProductFilter{}, listing.Page{Number: 3, Size: 3}, []uint64{24, 23, 22}, listing.Total{N: 9, Bounded: true}},
			{"activeByPrice", ProductFilter{Active: true, Sort: "-web_price"}, listing.Page{Number: 2, Size: 3}, []uint64{25, 23, 22},
				listing.Total{N: 6, Bounded: true}},
			// Exactly the bound: counted to the end, so exact.
			{"brand2AtTheBound", ProductFilter{Brands: []uint64{2}}, listing.Page{Number: 1, Size: 3}, []uint64{27, 21, 15}, listing.Total{N: 5}},
			{"underTheBound", ProductFilter{Brands: []uint64{2}, Sort: "web_price"}, listing.Page{Number: 2, Size: 3}, []uint64{21, 27}, listing.Total{N: 5}},
			{"pastTheEnd", ProductFilter{Brands: []uint64{2}}, listing.Page{Number: 3, Size: 3}, []uint64{}, listing.Total{N: 5}},
			{"none", ProductFilter{Search: "nothing like it"}, listing.Page{Number: 1, Size: 3}, []uint64{}, listing.Total{}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ids, total := listIDs(t, svc, tt.f, tt.page)
				if d := cmp.Diff(tt.ids, ids); d != "" {
					t.Errorf("ids (-want +got):\n%s", d)
				}
				if total != tt.want {
					t.Errorf("total %+v, want %+v", total, tt.want)
				}
			})
		}
		if last := (listing.Page{Number: 1, Size: 3}).LastPageOf(listing.Total{N: 5, Bounded: true}); last != 2 {
			t.Errorf("last page of more than 5 at 3 a page = %d, want 2 (6 matches at least)", last)
		}
	})
}

// TestListProductsSorts: every sortable column, both ways, with and without a filter, on both
// paths of ListProducts (under and over the count bound), pages exactly as the plain ORDER BY
// on products gives them.
func TestListProductsSorts(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)), nil)
		// Ties: two products share a web price and a name, so the id must break them.
		if err := db.Exec("UPDATE products SET web_price = 14000, name = 'Proizvod 7' WHERE id = 8").Error; err != nil {
			t.Fatal(err)
		}
		for _, bound := range []int{10_000, 5} {
			withCountBound(t, bound)
			for col := range productSorts {
				for _, dir := range []string{"", "-"} {
					for _, active := range []bool{false, true} {
						where := "1 = 1"
						if active {
							where = "active = ?"
						}
						order := col + " ASC, id ASC"
						if dir == "-" {
							order = col + " DESC, id DESC"
						}
						var want []uint64
						q := db.Table("products").Order(order)
						if active {
							q = q.Where(where, true)
						}
						if err := q.Pluck("id", &want).Error; err != nil {
							t.Fatal(err)
						}
						for n := 1; n <= 3; n++ {
							name := fmt.Sprintf("bound%d/%s%s/active=%v/page%d", bound, dir, col, active, n)
							ids, _ := listIDs(t, svc, ProductFilter{Sort: dir + col, Active: active}, listing.Page{Number: n, Size: 4})
							if d := cmp.Diff(want[(n-1)*4:n*4], ids); d != "" {
								t.Errorf("%s (-want +got):\n%s", name, d)
							}
						}
					}
				}
			}
		}
	})
}

// TestProductSortKeysFollowProducts: product_sort_keys holds each product's web price, entry
// price and change time through inserts, every kind of update and deletes, and the sorts
// through it see the new values at once.
func TestProductSortKeysFollowProducts(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)), nil)
		check := func(when string) {
			t.Helper()
			var stray, products, keys int64
			db.Raw(`SELECT COUNT(*) FROM products p LEFT JOIN product_sort_keys k ON k.product_id = p.id
				WHERE k.product_id IS NULL OR k.web_price <> p.web_price OR k.entry_price <> p.entry_price
					OR k.updated_at <> p.updated_at`).Scan(&stray)
			db.Raw("SELECT COUNT(*) FROM products").Scan(&products)
			db.Raw("SELECT COUNT(*) FROM product_sort_keys").Scan(&keys)
			if stray != 0 || keys != products {
				t.Errorf("%s: %d products without their sort keys, %d keys for %d products", when, stray, keys, products)
			}
		}
		check("seeded")
		later := time.Date(2025, 6, 20, 8, 0, 0, 0, time.UTC)
		// A set-based update such as an import's, and one through the ORM such as the form's.
		if err := db.Exec("UPDATE products SET web_price = web_price + 100000, entry_price = entry_price + 50000, updated_at = ? WHERE id <= 10", later).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Model(&Product{}).Where("id = ?", 20).Updates(map[string]any{"web_price": money.Para(9_999_999), "stock": 3}).Error; err != nil {
			t.Fatal(err)
		}
		check("updated")
		p := Product{ID: 31, SKU: "SKU31", Name: "Novi", Slug: "p-31", WebPrice: 1, EntryPrice: 1, MainCategoryID: 1, Active: true}
		if err := db.Create(&p).Error; err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"DELETE FROM product_attributes WHERE product_id = 28", "DELETE FROM product_categories WHERE product_id = 28",
			"DELETE FROM products WHERE id = 28"} {
			if err := db.Exec(q).Error; err != nil {
				t.Fatal(err)
			}
		}
		check("inserted and deleted")

		withCountBound(t, 5) // the page through product_sort_keys
		for _, tt := range []struct {
			sort string
			want []uint64
		}{
			{"-web_price", []uint64{20, 10, 9}},
			{"web_price", []uint64{31, 11, 12}},
			{"-entry_price", []uint64{10, 9, 8}},
			{"-updated_at", []uint64{31, 20, 10}},
		} {
			ids, total := listIDs(t, svc, ProductFilter{Sort: tt.sort}, listing.Page{Number: 1, Size: 3})
			if d := cmp.Diff(tt.want, ids); d != "" || !total.Bounded {
				t.Errorf("%s (-want +got):\n%s (total %+v)", tt.sort, d, total)
			}
		}
	})
}
