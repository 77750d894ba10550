package eoffer

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/money"
)

// The writer gives the bytes migration 0032 pins (the version-1 encoding), and they read back
// as written; cut or foreign bytes are an error, never offers.
func TestOfferSetEncoding(t *testing.T) {
	two := 2
	w := newOfferSetWriter(3)
	w.add(5, &Offer{Shop: "A", Price: 100})
	w.add(3, &Offer{Shop: "B", Price: 250, Position: &two})
	w.add(300, &Offer{Shop: "A", Price: 99})
	row, err := w.row(7)
	if err != nil {
		t.Fatal(err)
	}
	want := offerSetRow{ImportID: 7, Shops: `["A","B"]`, Offers: []byte{1, 10, 0, 100, 0, 3, 1, 0xfa, 0x01, 2, 0xd2, 0x04, 0, 99, 0}}
	if d := cmp.Diff(want, row); d != "" {
		t.Fatalf("encoded (-want +got):\n%s", d)
	}
	set, err := decodeOfferSet(row.Shops, row.Offers)
	if err != nil {
		t.Fatal(err)
	}
	type offer struct {
		pid      int64
		shop     string
		price    money.Para
		position int
	}
	var got []offer
	if err := set.each(func(pid int64, shop int, price money.Para, pos int) {
		got = append(got, offer{pid, set.shops[shop], price, pos})
	}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]offer{{5, "A", 100, 0}, {3, "B", 250, 2}, {300, "A", 99, 0}}, got, cmp.AllowUnexported(offer{})); d != "" {
		t.Errorf("read back (-want +got):\n%s", d)
	}
	for name, data := range map[string][]byte{"cut": row.Offers[:7], "version": {2, 10, 0, 100, 0}, "empty": nil, "shop": {1, 10, 5, 100, 0}} {
		set := &offerSet{shops: []string{"A"}, data: data}
		if err := set.each(func(int64, int, money.Para, int) {}); !errors.Is(err, errOfferSet) {
			t.Errorf("%s: %v, want the unreadable error", name, err)
		}
	}
	// No offers at all (every row left out): an empty list of shops.
	if row, err := newOfferSetWriter(0).row(8); err != nil || row.Shops != "[]" || len(row.Offers) != 1 {
		t.Errorf("empty set %+v %v", row, err)
	}
}
