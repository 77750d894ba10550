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

// withCountBound lowers svc's list count bound, so the fixture's 30 products take both paths
// of ListProducts (one pass under the bound, the ordered read above it). Only svc's: the
// package's bound stays for the tests running beside it.
func withCountBound(svc *Service, n int) {
	svc.countBound = n
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
		withCountBound(svc, 5)
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
			// A price range over more keys than the bound is a plain filter on products; one
			// within it is looked up in product_sort_keys too: the same matches either way.
			{"broadPriceRange", ProductFilter{WebPriceFrom: ptr(money.Para(20 * 2000)), Sort: "web_price"}, listing.Page{Number: 1, Size: 3},
				[]uint64{20, 21, 22}, listing.Total{N: 5, Bounded: true}},
			{"everyPrice", ProductFilter{WebPriceFrom: ptr(money.Para(0)), Sort: "-web_price"}, listing.Page{Number: 1, Size: 3},
				[]uint64{30, 29, 28}, listing.Total{N: 5, Bounded: true}},
			{"narrowPriceRange", ProductFilter{WebPriceFrom: ptr(money.Para(28 * 2000)), Active: true, Sort: "-web_price"}, listing.Page{Number: 1, Size: 3},
				[]uint64{29, 28}, listing.Total{N: 2}},
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
			withCountBound(svc, bound)
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

		withCountBound(svc, 5) // the page through product_sort_keys
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

// TestProductListFlagsFollowImagesAndAttributes: products.has_image and has_attributes (the
// list's image and attribute filters) equal the existence of an image and of an attribute with
// a value through inserts, updates and deletes of product_images and product_attributes, one
// row and many at once, and the filters read them.
func TestProductListFlagsFollowImagesAndAttributes(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)), nil)
		check := func(when string) {
			t.Helper()
			var stray int64
			err := db.Raw(`SELECT COUNT(*) FROM products p WHERE
				p.has_image <> EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)
				OR p.has_attributes <> EXISTS (SELECT 1 FROM product_attributes a WHERE a.product_id = p.id AND a.attribute_value_id IS NOT NULL)`).
				Scan(&stray).Error
			if err != nil {
				t.Fatal(err)
			}
			if stray != 0 {
				t.Errorf("%s: %d products whose flags differ from their images and attributes", when, stray)
			}
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Exec(q, args...).Error; err != nil {
				t.Fatal(err)
			}
		}
		check("seeded")
		var withImage, withAttrs int64
		db.Raw("SELECT COUNT(*) FROM products WHERE has_image").Scan(&withImage)
		db.Raw("SELECT COUNT(*) FROM products WHERE has_attributes").Scan(&withAttrs)
		if withImage != 15 || withAttrs != 10 {
			t.Fatalf("seeded: %d products with an image, %d with attributes; want 15 and 10", withImage, withAttrs)
		}

		now := time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)
		// Product 2 gets two images, product 1 loses its only one, product 3 one of two.
		exec(`INSERT INTO product_images (product_id, main, small_key, large_key, position, created_at)
			VALUES (2, true, 'a', 'b', 0, ?), (2, false, 'c', 'd', 1, ?), (3, false, 'e', 'f', 1, ?)`, now, now, now)
		exec("DELETE FROM product_images WHERE product_id = 1")
		exec("DELETE FROM product_images WHERE product_id = 3 AND position = 1")
		// An image moved from product 5 to product 4.
		exec("UPDATE product_images SET product_id = 4 WHERE product_id = 5")
		check("images changed")
		// Product 2's empty attribute gets a value, product 1's loses it, product 4's is deleted
		// (it had none), and many products get one at once (as a transfer or an import writes).
		exec("UPDATE product_attributes SET attribute_value_id = 3 WHERE product_id = 2")
		exec("UPDATE product_attributes SET attribute_value_id = NULL WHERE product_id = 1")
		exec("DELETE FROM product_attributes WHERE product_id = 4")
		exec(`INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, position, active, created_at, updated_at)
			SELECT id, ?, 1, 0, true, ?, ? FROM products WHERE id BETWEEN 20 AND 30`, ManufacturerAttributeID, now, now)
		check("attributes changed")

		for _, tt := range []struct {
			name string
			f    ProductFilter
			want []uint64
		}{
			{"withImage", ProductFilter{WithImage: true, Sort: "id", Brands: []uint64{1}}, []uint64{2, 4}},
			{"withoutImage", ProductFilter{WithoutImage: true, Sort: "id", Search: "proizvod 1"}, []uint64{10, 12, 14, 16, 18}},
			{"withAttributes", ProductFilter{WithAttributes: true, Sort: "id", Categories: []uint64{2}}, []uint64{2, 20, 23, 26, 29}},
			{"withoutAttributes", ProductFilter{WithoutAttributes: true, Sort: "id", Active: true}, []uint64{1, 4, 5, 8, 11, 14, 17}},
		} {
			ids, _ := listIDs(t, svc, tt.f, listing.Page{Number: 1, Size: 30})
			if d := cmp.Diff(tt.want, ids); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, d)
			}
		}
	})
}

// TestCategoryFilterFollowsProductCategories: the list's category filter (on PostgreSQL
// products.category_ids, kept by 0017's triggers) finds exactly the products whose
// product_categories rows name the categories, after rows are added, moved and deleted one by
// one and many at once.
func TestCategoryFilterFollowsProductCategories(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, db *gorm.DB) {
		productFixtureSeed(t, db)
		svc := NewService(db, nil, nil, nil, slog.New(slog.DiscardHandler), clock.Fixed(time.Date(2025, 6, 14, 10, 0, 0, 0, time.UTC)), nil)
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Exec(q, args...).Error; err != nil {
				t.Fatal(err)
			}
		}
		var cats []uint64
		if err := db.Raw("SELECT id FROM categories ORDER BY id").Scan(&cats).Error; err != nil || len(cats) < 2 {
			t.Fatalf("categories %v: %v", cats, err)
		}
		check := func(when string) {
			t.Helper()
			if db.Dialector.Name() == "postgres" {
				var stray int64
				db.Raw(`SELECT COUNT(*) FROM products p WHERE p.category_ids IS DISTINCT FROM
					ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id ORDER BY pc.category_id)`).Scan(&stray)
				if stray != 0 {
					t.Errorf("%s: %d products whose category_ids differ from product_categories", when, stray)
				}
			}
			for _, set := range [][]uint64{cats[:1], cats[1:2], cats} {
				var want []uint64
				if err := db.Raw(`SELECT id FROM products p WHERE EXISTS (SELECT 1 FROM product_categories pc
					WHERE pc.product_id = p.id AND pc.category_id IN ?) ORDER BY id`, set).Scan(&want).Error; err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = []uint64{}
				}
				got, total := listIDs(t, svc, ProductFilter{Categories: set, Sort: "id"}, listing.Page{Number: 1, Size: 100})
				if d := cmp.Diff(want, got); d != "" || total.N != int64(len(want)) {
					t.Errorf("%s: categories %v (-want +got, total %d):\n%s", when, set, total.N, d)
				}
			}
		}
		check("seeded")
		// Product 1 gets the second category, product 2 loses its rows, product 3's row moves
		// to the second category, and products 20-30 get the first at once.
		exec("INSERT INTO product_categories (product_id, category_id) VALUES (1, ?)", cats[1])
		exec("DELETE FROM product_categories WHERE product_id = 2")
		exec("UPDATE product_categories SET category_id = ? WHERE product_id = 3 AND category_id <> ?", cats[1], cats[1])
		exec(`INSERT INTO product_categories (product_id, category_id) SELECT id, ? FROM products p WHERE id BETWEEN 20 AND 30
			AND NOT EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ?)`, cats[0], cats[0])
		check("changed")
		got, _ := listIDs(t, svc, ProductFilter{Category: cats[1], Sort: "id"}, listing.Page{Number: 1, Size: 100})
		if len(got) == 0 || got[0] != 1 {
			t.Errorf("category %d: %v, want product 1 first", cats[1], got)
		}
	})
}
