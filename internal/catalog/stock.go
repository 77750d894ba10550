package catalog

import (
	"context"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// TakeStockTx takes qty units of the product's stock inside the caller's transaction, only
// if that many are there: one conditional UPDATE, so two checkouts racing for the last units
// cannot both get them (the second waits for the first's row lock on PostgreSQL, for the
// write lock on SQLite, then finds the stock gone). false: not enough stock, nothing taken.
func TakeStockTx(ctx context.Context, tx *gorm.DB, productID uint64, qty int) (bool, error) {
	res := tx.WithContext(ctx).Exec("UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?", qty, productID, qty)
	if res.Error != nil {
		return false, apperr.Wrap(res.Error, "reserve stock")
	}
	return res.RowsAffected == 1, nil
}

// ReturnStockTx gives qty units back (an order cancelled before it left the shop, a return).
func ReturnStockTx(ctx context.Context, tx *gorm.DB, productID uint64, qty int) error {
	if err := tx.WithContext(ctx).Exec("UPDATE products SET stock = stock + ? WHERE id = ?", qty, productID).Error; err != nil {
		return apperr.Wrap(err, "release stock")
	}
	return nil
}
