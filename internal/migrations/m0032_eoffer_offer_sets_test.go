package migrations_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"shop/internal/migrations"
	"shop/internal/platform/dbtest"
)

// 0032 carries the stored offers over into one value per import, in the frozen encoding
// (pinned here byte by byte; the eoffer package's writer is held to the same bytes), and its
// rollback gives the rows back.
func TestEofferOfferSets(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := context.Background()
		// Later migrations are rolled back first, down to 0032.
		for {
			id, err := migrations.Down(ctx, gdb)
			if err != nil || id == "" {
				t.Fatalf("down = %q, %v", id, err)
			}
			if id == "0032_eoffer_offer_sets" {
				break
			}
		}
		pg := gdb.Dialector.Name() == "postgres"
		type offer struct {
			ImportID, ProductID uint64
			Shop                string
			Price               int64
			Position            *int64
		}
		two := int64(2)
		offers := []offer{{7, 5, "A", 100, nil}, {7, 3, "B", 250, &two}, {7, 300, "A", 99, nil}, {9, 4, "Č", 1, nil}}
		for _, imp := range []uint64{7, 9} {
			if pg {
				if err := gdb.Exec(fmt.Sprintf("CREATE TABLE eoffer_offers_%d PARTITION OF eoffer_offers FOR VALUES IN (%d)", imp, imp)).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, o := range offers {
			if err := gdb.Exec("INSERT INTO eoffer_offers (import_id, product_id, shop, price, position) VALUES (?, ?, ?, ?, ?)",
				o.ImportID, o.ProductID, o.Shop, o.Price, o.Position).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := migrations.Up(ctx, gdb); err != nil {
			t.Fatal(err)
		}
		if gdb.Migrator().HasTable("eoffer_offers") {
			t.Error("eoffer_offers still there after 0032")
		}
		var sets []struct {
			ImportID uint64
			Shops    string
			Offers   []byte
			Products int
		}
		if err := gdb.Raw("SELECT import_id, shops, offers, products FROM eoffer_offer_sets ORDER BY import_id").Scan(&sets).Error; err != nil {
			t.Fatal(err)
		}
		want := []struct {
			ImportID uint64
			Shops    string
			Offers   []byte
			Products int
		}{
			// version; +5 A 100 -; -2 B 250 2; +297 A 99 -
			{7, `["A","B"]`, []byte{1, 10, 0, 100, 0, 3, 1, 0xfa, 0x01, 2, 0xd2, 0x04, 0, 99, 0}, 3},
			{9, `["Č"]`, []byte{1, 8, 0, 1, 0}, 1},
		}
		if d := cmp.Diff(want, sets); d != "" {
			t.Errorf("offer sets (-want +got):\n%s", d)
		}
		if pg {
			var storage string
			gdb.Raw("SELECT attstorage FROM pg_attribute WHERE attrelid = 'eoffer_offer_sets'::regclass AND attname = 'offers'").Scan(&storage)
			if storage != "e" {
				t.Errorf("offers' storage %q, want e (external, uncompressed)", storage)
			}
		}
		// Later migrations are rolled back first, down to 0032.
		for {
			id, err := migrations.Down(ctx, gdb)
			if err != nil || id == "" {
				t.Fatalf("down = %q, %v", id, err)
			}
			if id == "0032_eoffer_offer_sets" {
				break
			}
		}
		var back []offer
		if err := gdb.Raw("SELECT import_id, product_id, shop, price, position FROM eoffer_offers ORDER BY import_id, price DESC").Scan(&back).Error; err != nil {
			t.Fatal(err)
		}
		wantBack := []offer{offers[1], offers[0], offers[2], offers[3]}
		if d := cmp.Diff(wantBack, back); d != "" {
			t.Errorf("offers after the rollback (-want +got):\n%s", d)
		}
	})
}
