package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// supplierTestProduct inserts a bare shop product row to connect supplier products to.
func supplierTestProduct(tb testing.TB, a *app.App, sku string) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	if err := a.DB.Exec(`INSERT INTO products (sku, name, slug, main_category_id, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)`,
		sku, "Proizvod "+sku, "proizvod-"+sku, now, now).Error; err != nil {
		tb.Fatal(err)
	}
	var id uint64
	a.DB.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id)
	return id
}

func supplierTestRows(tb testing.TB, a *app.App, supplierID uint64) map[string]catalog.SupplierProduct {
	tb.Helper()
	var rows []catalog.SupplierProduct
	if err := a.DB.Where("supplier_id = ?", supplierID).Find(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[string]catalog.SupplierProduct{}
	for _, r := range rows {
		out[r.SKU] = r
	}
	return out
}

func TestCreateSupplier(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Catalog.CreateSupplier(ctx, " Comtrade "); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]string{"Comtrade": "supplier.name_taken", "  ": "validation.required"} {
			_, err := a.Catalog.CreateSupplier(ctx, name)
			if e := apperr.As(err); e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Msg.Key != want {
				t.Errorf("CreateSupplier(%q): %v, want 422 %s", name, err, want)
			}
		}
	})
}

func TestUpsertSupplierProducts(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		s, _ := a.Catalog.CreateSupplier(ctx, "Comtrade")
		n, err := a.Catalog.UpsertSupplierProducts(ctx, s.ID, []catalog.SupplierProductInput{
			{SKU: "A1", Name: "Laptop", Price: 100_00}, {SKU: "B2", Name: "Miš", Price: 5_00}, {SKU: " ", Name: "bez šifre"},
			{SKU: "A1", Name: "Laptop v2", Price: 110_00},
		})
		if err != nil || n != 2 {
			t.Fatalf("first upsert: %d %v", n, err)
		}
		rows := supplierTestRows(t, a, s.ID)
		pid := supplierTestProduct(t, a, "P1")
		if err := a.Catalog.ConnectSupplierProduct(ctx, rows["A1"].ID, pid); err != nil {
			t.Fatal(err)
		}
		// Updating keeps the connection and the row id; a new SKU is added.
		if _, err := a.Catalog.UpsertSupplierProducts(ctx, s.ID, []catalog.SupplierProductInput{
			{SKU: "A1", Name: "Laptop v3", Price: 120_00, RecommendedPrice: 150_00, Stock: 4}, {SKU: "C3", Name: "Tastatura", Price: 20_00},
		}); err != nil {
			t.Fatal(err)
		}
		after := supplierTestRows(t, a, s.ID)
		a1 := after["A1"]
		if a1.ID != rows["A1"].ID || a1.ProductID == nil || *a1.ProductID != pid || a1.Name != "Laptop v3" || a1.Price != 120_00 || a1.RecommendedPrice != 150_00 || a1.Stock != 4 {
			t.Errorf("A1 after update: %+v", a1)
		}
		if len(after) != 3 {
			t.Errorf("rows after update: %d, want 3", len(after))
		}
		if _, err := a.Catalog.UpsertSupplierProducts(ctx, 999999, nil); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("upsert for a missing supplier: %v", err)
		}
		sums, total, err := a.Catalog.ListSuppliers(ctx, catalog.SupplierFilter{Page: listing.Page{Number: 1, Size: 20}})
		if err != nil || total != 1 || sums[0].Connected != 1 || sums[0].Unconnected != 2 {
			t.Errorf("summary: %+v %d %v", sums, total, err)
		}
	})
}

func TestConnectSupplierProduct(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		s, _ := a.Catalog.CreateSupplier(ctx, "Comtrade")
		a.Catalog.UpsertSupplierProducts(ctx, s.ID, []catalog.SupplierProductInput{{SKU: "A1", Price: 1}, {SKU: "B2", Price: 1}})
		rows := supplierTestRows(t, a, s.ID)
		p1, p2 := supplierTestProduct(t, a, "P1"), supplierTestProduct(t, a, "P2")
		if err := a.Catalog.ConnectSupplierProduct(ctx, rows["A1"].ID, p1); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name    string
			sp, p   uint64
			wantKey string
		}{
			{"same pair again", rows["A1"].ID, p1, ""},
			{"supplier product already connected", rows["A1"].ID, p2, "supplier.product_already_connected"},
			{"shop product taken", rows["B2"].ID, p1, "supplier.shop_product_taken"},
			{"missing supplier product", 999999, p2, "notfound.supplier_product"},
			{"missing product", rows["B2"].ID, 999999, "notfound.product"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := a.Catalog.ConnectSupplierProduct(ctx, tt.sp, tt.p)
				got := ""
				if err != nil {
					got = apperr.As(err).Msg.Key
				}
				if got != tt.wantKey {
					t.Errorf("error %v, want %q", err, tt.wantKey)
				}
			})
		}
		if err := a.Catalog.DisconnectSupplierProduct(ctx, rows["A1"].ID); err != nil {
			t.Fatal(err)
		}
		if err := a.Catalog.ConnectSupplierProduct(ctx, rows["B2"].ID, p1); err != nil {
			t.Errorf("connect after disconnect: %v", err)
		}
		got := map[string]any{}
		for sku, r := range supplierTestRows(t, a, s.ID) {
			got[sku] = r.ProductID
		}
		if diff := cmp.Diff(map[string]any{"A1": (*uint64)(nil), "B2": &p1}, got); diff != "" {
			t.Errorf("links (-want +got):\n%s", diff)
		}
	})
}
