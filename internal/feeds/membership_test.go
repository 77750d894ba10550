package feeds_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/feeds"
	"shop/internal/platform/apperr"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/listing"
)

// run runs fn on both databases.
func run(t *testing.T, fn func(t *testing.T, a *app.App)) {
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			fn(t, apptest.New(t, apptest.Config(t, d.Name)))
		})
	}
}

// seed adds a category and products P1..P4, none in the feed, and answers their ids by SKU.
func seed(t *testing.T, a *app.App) map[string]uint64 {
	t.Helper()
	now := time.Now().UTC()
	db := a.DB
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Exec(`INSERT INTO categories (name, slug, prefix, level, position, pdv_bps, web_margin_bps, retail_margin_bps,
		dealer_margin_bps, min_price, allowed_rebate, active, created_at, updated_at) VALUES ('Frižideri', 'frizideri', 'FR', 1, 0, 2000, 1000, 2500, 500, 0, 0, ?, ?, ?)`,
		true, now, now).Error)
	ids := map[string]uint64{}
	for _, sku := range []string{"P1", "P2", "P3", "P4"} {
		must(db.Exec(`INSERT INTO products (sku, name, slug, entry_price, main_category_id, active, visible, created_at, updated_at)
			VALUES (?, ?, ?, 100000, (SELECT id FROM categories), ?, ?, ?, ?)`, sku, "Proizvod "+sku, strings.ToLower(sku), true, true, now, now).Error)
		var id uint64
		must(db.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id).Error)
		ids[sku] = id
	}
	return ids
}

// TestFeedMembership: products go in and out of the feed; the feed list shows those in it;
// unknown ids and an id in both lists are refused; each change is logged once.
func TestFeedMembership(t *testing.T) {
	run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		ids := seed(t, a)
		m, err := a.Feeds.SetFeedMembership(ctx, []uint64{ids["P1"], ids["P2"]}, nil)
		if err != nil || m.Added != 2 {
			t.Fatalf("add: %+v %v", m, err)
		}
		m, err = a.Feeds.SetFeedMembership(ctx, []uint64{ids["P3"]}, []uint64{ids["P1"], ids["P4"]})
		if err != nil || m.Added != 1 || m.Removed != 1 {
			t.Fatalf("add P3, remove P1 and P4 (not in): %+v %v", m, err)
		}
		var in []string
		a.DB.Raw("SELECT sku FROM products WHERE eponuda ORDER BY sku").Scan(&in)
		if d := cmp.Diff([]string{"P2", "P3"}, in); d != "" {
			t.Errorf("in the feed (-want +got):\n%s", d)
		}
		listed, total, err := a.Feeds.ListFeed(ctx, catalog.ProductFilter{}, listing.Page{Number: 1, Size: 20}, catalog.ProductIncludes{})
		if err != nil || total.N != 2 || len(listed) != 2 {
			t.Errorf("the feed tab: %d rows, total %+v, %v; want P2 and P3", len(listed), total, err)
		}
		var logged int64
		a.DB.Raw("SELECT COUNT(*) FROM activity_log WHERE type = ?", feeds.ActivityFeedChanged).Scan(&logged)
		if logged != 4 {
			t.Errorf("%d activity entries, want 4 (P1 in, P2 in, P3 in, P1 out)", logged)
		}
		for _, tt := range []struct {
			name    string
			in, out []uint64
			field   string
		}{{"none", nil, nil, "ids_true"}, {"unknown", []uint64{999999}, nil, "ids_true"}, {"both", []uint64{ids["P1"]}, []uint64{ids["P1"]}, "ids_false"}} {
			_, err := a.Feeds.SetFeedMembership(ctx, tt.in, tt.out)
			if e := apperr.As(err); e.Code != apperr.Invalid || e.Fields[0].Field != tt.field {
				t.Errorf("%s: %v, want a 422 on %s", tt.name, err, tt.field)
			}
		}
	})
}
