package eoffer

import (
	"context"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"shop/internal/platform/apperr"
)

// stageTable holds a file's readable rows on PostgreSQL (temporary: not WAL-logged, the
// connection's own), so the SKUs are resolved and the offers stored in one INSERT ... SELECT
// and the unknown SKUs found in one query: set-based, no statement per batch.
const stageTable = "eoffer_stage"

// loadPG is load on PostgreSQL: the file is parsed on one goroutine while COPY streams its good
// rows into the stage on the import's connection.
func (s *Service) loadPG(ctx context.Context, imp *Import, tmp *os.File, n int64, c *importCounts, reject func(Offer, string), rep *Report) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return apperr.Wrap(err, "e-offer: pool")
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return apperr.Wrap(err, "e-offer: connection")
	}
	defer conn.Close()
	// The stage's joins with products pass jit_above_cost; compiling them costs more than
	// running them (see recalcPlannerPG). The setting is this connection's until the end of
	// the load (the pool reuses it).
	defer conn.ExecContext(context.WithoutCancel(ctx), "RESET jit")
	for _, q := range []string{
		"SET jit = off",
		"CREATE TEMPORARY TABLE IF NOT EXISTS " + stageTable + " (line int, sku text, shop text, price bigint, position int)",
		"TRUNCATE " + stageTable,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return apperr.Wrap(err, "e-offer: stage")
		}
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rows := make(chan Offer, 4096)
	readErr := make(chan error, 1)
	progress := progressOf(ctx)
	go func() {
		defer close(rows)
		_, err := ReadFile(rctx, tmp, n, s.opts.MaxRows, func(o Offer) error {
			c.rows++
			if c.rows%20000 == 0 {
				// shopctl's bar, and the import's row for the admin's polling (another connection)
				progress(c.rows)
				s.db.WithContext(ctx).Model(imp).Update("rows", c.rows)
			}
			if o.Reject != "" {
				reject(o, o.Reject)
				return nil
			}
			select {
			case rows <- o:
				return nil
			case <-rctx.Done():
				return rctx.Err()
			}
		})
		readErr <- err
	}()
	err = conn.Raw(func(dc any) error {
		pc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("stage: not a pgx connection (%T)", dc)
		}
		_, err := pc.Conn().CopyFrom(rctx, pgx.Identifier{stageTable}, []string{"line", "sku", "shop", "price", "position"},
			pgx.CopyFromFunc(func() ([]any, error) {
				o, ok := <-rows
				if !ok {
					return nil, nil
				}
				return []any{o.Line, o.SKU, o.Shop, int64(o.Price), o.Position}, nil
			}))
		return err
	})
	if err != nil {
		cancel()
		for range rows { // let the reader end
		}
		<-readErr
		return apperr.Wrap(err, "e-offer: copy")
	}
	if err := <-readErr; err != nil {
		return err
	}
	res, err := conn.ExecContext(ctx, "INSERT INTO eoffer_offers (import_id, product_id, shop, price, position) SELECT $1, p.id, s.shop, s.price, s.position FROM "+
		stageTable+" s JOIN products p ON p.sku = s.sku", imp.ID)
	if err != nil {
		return apperr.Wrap(err, "e-offer: store offers")
	}
	stored, _ := res.RowsAffected()
	c.offers = int(stored)
	unknown := "FROM " + stageTable + " s WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.sku = s.sku)"
	var count int
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) "+unknown).Scan(&count); err != nil {
		return apperr.Wrap(err, "e-offer: unknown SKUs")
	}
	if count > 0 {
		rs, err := conn.QueryContext(ctx, fmt.Sprintf("SELECT line, sku, shop %s ORDER BY line LIMIT %d", unknown, maxReported))
		if err != nil {
			return apperr.Wrap(err, "e-offer: unknown SKUs")
		}
		defer rs.Close()
		for rs.Next() {
			var o Offer
			if err := rs.Scan(&o.Line, &o.SKU, &o.Shop); err != nil {
				return apperr.Wrap(err, "e-offer: unknown SKUs")
			}
			if len(rep.RejectedRows) < maxReported {
				rep.RejectedRows = append(rep.RejectedRows, RejectedRow{Line: o.Line, SKU: o.SKU, Shop: o.Shop, Reason: RejectUnknownSKU})
			}
		}
		if err := rs.Err(); err != nil {
			return apperr.Wrap(err, "e-offer: unknown SKUs")
		}
		c.rejected += count
		rep.UnknownSKU += count
	}
	_, _ = conn.ExecContext(ctx, "TRUNCATE "+stageTable)
	progress(c.rows)
	return nil
}
