package migrations_test

import (
	"testing"

	"gorm.io/gorm"

	"shop/internal/platform/dbtest"
)

// TestGuestRatings: after 0039 a rating needs no customer and two guests may rate the same
// product while a customer still has one rating per product; rolling back keeps the
// customers' ratings and drops the guests'.
func TestGuestRatings(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		mustExec := func(q string, args ...any) {
			t.Helper()
			if err := gdb.Exec(q, args...).Error; err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		// ratings has no foreign keys: any ids do
		prod, user := uint64(7), uint64(3)
		rate := "INSERT INTO ratings (product_id, user_id, name, email, rating, created_at, updated_at) VALUES (?, ?, ?, ?, 4, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
		mustExec(rate, prod, user, "", "")
		mustExec(rate, prod, nil, "Gost Jedan", "jedan@primer.rs")
		mustExec(rate, prod, nil, "Gost Dva", "dva@primer.rs")
		if err := gdb.Exec(rate, prod, user, "", "").Error; err == nil {
			t.Error("a customer's second rating of the product was stored")
		}
		downTo(t, gdb, "0039_guest_ratings")
		var left []*uint64
		gdb.Raw("SELECT user_id FROM ratings").Scan(&left)
		if len(left) != 1 || left[0] == nil || *left[0] != user {
			t.Fatalf("ratings after rolling back 0039: %v, want the customer's only", left)
		}
		up(t, gdb)
		var n int64
		gdb.Raw("SELECT COUNT(*) FROM ratings").Scan(&n)
		if n != 1 {
			t.Fatalf("ratings after up again: %d", n)
		}
	})
}
