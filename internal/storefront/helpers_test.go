package storefront_test

import (
	"testing"

	"shop/internal/app"
)

// sqlExec answers a function that runs one statement on a's database, failing t on an error:
// the tests build their catalogues row by row in SQL.
func sqlExec(t *testing.T, a *app.App) func(sql string, args ...any) {
	return func(sql string, args ...any) {
		t.Helper()
		if err := a.DB.Exec(sql, args...).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
}
