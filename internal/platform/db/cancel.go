package db

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// queryCanceled is PostgreSQL's SQLSTATE for a statement stopped by a cancel request.
const queryCanceled = "57014"

// contextErrors makes a statement PostgreSQL cancelled because its context ended fail with that
// context's error too: the cancel request (OpenURL) answers with the server's error, and callers
// tell a client gone or a deadline passed from a failure by errors.Is(err, context.Canceled).
func contextErrors(gdb *gorm.DB) error {
	wrap := func(tx *gorm.DB) {
		ctx := tx.Statement.Context
		if tx.Error == nil || ctx == nil || ctx.Err() == nil {
			return
		}
		var pe *pgconn.PgError
		if errors.As(tx.Error, &pe) && pe.Code == queryCanceled {
			tx.Error = fmt.Errorf("%w: %w", ctx.Err(), tx.Error)
		}
	}
	cb := gdb.Callback()
	for _, err := range []error{
		cb.Create().After("gorm:create").Register("shop:context_error_create", wrap),
		cb.Query().After("gorm:query").Register("shop:context_error_query", wrap),
		cb.Update().After("gorm:update").Register("shop:context_error_update", wrap),
		cb.Delete().After("gorm:delete").Register("shop:context_error_delete", wrap),
		cb.Row().After("gorm:row").Register("shop:context_error_row", wrap),
		cb.Raw().After("gorm:raw").Register("shop:context_error_raw", wrap),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
