package eoffer

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// offersPartition is the import's partition of eoffer_offers on PostgreSQL (migration 0028:
// one partition per competitor file).
func offersPartition(importID uint64) string {
	return fmt.Sprintf("eoffer_offers_%d", importID)
}

// clearOffers removes what a run of the import left (a killed run's offers, or a failed
// run's). PostgreSQL: the import's partition goes.
func clearOffers(db *gorm.DB, importID uint64) error {
	if db.Dialector.Name() == "postgres" {
		return db.Exec("DROP TABLE IF EXISTS " + offersPartition(importID)).Error
	}
	return db.Where("import_id = ?", importID).Delete(&offerRow{}).Error
}

// dropOlderOffers removes the offers of every import older than importID, inside the
// transaction that finishes it. PostgreSQL: their partitions are dropped (no row-by-row
// delete); a reader still on an older file's offers holds the drop until its statement ends.
func dropOlderOffers(tx *gorm.DB, importID uint64) error {
	if tx.Dialector.Name() != "postgres" {
		return tx.Where("import_id < ?", importID).Delete(&offerRow{}).Error
	}
	var names []string
	if err := tx.Raw(`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'eoffer_offers'::regclass`).Scan(&names).Error; err != nil {
		return err
	}
	for _, name := range names {
		id, err := strconv.ParseUint(strings.TrimPrefix(name, "eoffer_offers_"), 10, 64)
		if err != nil || id >= importID {
			continue
		}
		if err := tx.Exec("DROP TABLE IF EXISTS " + offersPartition(id)).Error; err != nil {
			return err
		}
	}
	return nil
}

// loadPG is load on PostgreSQL: the file is parsed into memory (bounded by MaxRows) on one
// goroutine while the import's connection creates its partition and resolves the SKUs met so
// far, a batch at a time (the parse and the look-ups overlap); then the good rows are COPYed
// straight into the import's own partition of eoffer_offers (a retry drops what a killed run
// left). The partition has no index: every reader scans one import's offers whole. Rows left
// out are reported in the file's order (bad rows and unknown SKUs alike).
func (s *Service) loadPG(ctx context.Context, imp *Import, tmp *os.File, n int64, c *importCounts, reject func(Offer, string), rep *Report) error {
	progress := progressOf(ctx)
	sqlDB, err := s.db.DB()
	if err != nil {
		return apperr.Wrap(err, "e-offer: pool")
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return apperr.Wrap(err, "e-offer: connection")
	}
	defer conn.Close()
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// In blocks that never move: one growing []Offer of 100,000 rows was copied at every
	// doubling (and rescanned by the collector), which cost several times the parse.
	var blocks [][]Offer
	skuBatches := make(chan []string, 8)
	readErr := make(chan error, 1)
	go func() {
		defer close(skuBatches)
		seen := map[string]struct{}{}
		var pending []string
		_, err := ReadFile(rctx, tmp, n, s.opts.MaxRows, func(o Offer) error {
			c.rows++
			if c.rows%20000 == 0 {
				// shopctl's bar, and the import's row for the admin's polling (another connection)
				progress(c.rows)
				s.db.WithContext(ctx).Model(imp).Update("rows", c.rows)
			}
			if o.Reject == "" {
				if _, ok := seen[o.SKU]; !ok {
					seen[o.SKU] = struct{}{}
					pending = append(pending, o.SKU)
					if len(pending) == skuBatch {
						select {
						case skuBatches <- pending:
						case <-rctx.Done():
							return rctx.Err()
						}
						pending = nil
					}
				}
			}
			if len(blocks) == 0 || len(blocks[len(blocks)-1]) == offerBlock {
				blocks = append(blocks, make([]Offer, 0, offerBlock))
			}
			blocks[len(blocks)-1] = append(blocks[len(blocks)-1], o)
			return nil
		})
		if err == nil && len(pending) > 0 {
			select {
			case skuBatches <- pending:
			case <-rctx.Done():
				err = rctx.Err()
			}
		}
		readErr <- err
	}()
	// wait ends the parse early (after a failure here) and returns its error.
	wait := func() error {
		cancel()
		for range skuBatches {
		}
		return <-readErr
	}
	part := offersPartition(imp.ID)
	ids := map[string]uint64{}
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			wait()
			return fmt.Errorf("e-offer: not a pgx connection (%T)", dc)
		}
		pc := sc.Conn()
		batch := &pgx.Batch{}
		batch.Queue("DROP TABLE IF EXISTS " + part)
		batch.Queue(fmt.Sprintf("CREATE TABLE %s PARTITION OF eoffer_offers FOR VALUES IN (%d)", part, imp.ID))
		if err := pc.SendBatch(ctx, batch).Close(); err != nil {
			wait()
			return apperr.Wrap(err, "e-offer: partition")
		}
		// A file about as large as the catalogue (or larger) names most of its products: one
		// sequential read of every (SKU, id) costs less than looking 50,000 SKUs up by key
		// (15-25 ms against 45-75 ms at 50,000 products) and overlaps the parse whole. A
		// small file in a large catalogue is looked up by key, a batch at a time.
		var catalogue float64
		if err := pc.QueryRow(ctx, `SELECT GREATEST(c.reltuples, COALESCE(s.n_live_tup, 0))::float8 FROM pg_class c
			LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = 'products'::regclass`).Scan(&catalogue); err != nil {
			wait()
			return apperr.Wrap(err, "e-offer: catalogue size")
		}
		if catalogue <= 2*float64(n/bytesPerRow) {
			rs, err := pc.Query(ctx, "SELECT sku, id FROM products")
			if err == nil {
				var sku string
				var id uint64
				_, err = pgx.ForEachRow(rs, []any{&sku, &id}, func() error {
					ids[sku] = id
					return nil
				})
			}
			if err != nil {
				wait()
				return apperr.Wrap(err, "e-offer: find products")
			}
			for range skuBatches {
			}
		}
		for skus := range skuBatches {
			rs, err := pc.Query(ctx, "SELECT p.sku, p.id FROM unnest($1::text[]) AS s(sku) JOIN products p ON p.sku = s.sku", skus)
			if err == nil {
				var sku string
				var id uint64
				_, err = pgx.ForEachRow(rs, []any{&sku, &id}, func() error {
					ids[sku] = id
					return nil
				})
			}
			if err != nil {
				wait()
				return apperr.Wrap(err, "e-offer: find products")
			}
		}
		if err := <-readErr; err != nil {
			return err
		}
		// COPY's text format written by hand: the rows are four numbers and a name, and
		// pgx's per-row values and encode plans cost more than the bytes.
		importID := strconv.FormatUint(imp.ID, 10)
		buf := make([]byte, 0, n+int64(c.rows)*int64(len(importID)+24))
		for _, b := range blocks {
			for i := range b {
				o := &b[i]
				switch id := ids[o.SKU]; {
				case o.Reject != "":
					reject(*o, o.Reject)
				case id == 0:
					reject(*o, RejectUnknownSKU)
				default:
					buf = append(buf, importID...)
					buf = append(buf, '\t')
					buf = strconv.AppendUint(buf, id, 10)
					buf = append(buf, '\t')
					buf = appendCopyText(buf, o.Shop)
					buf = append(buf, '\t')
					buf = strconv.AppendInt(buf, int64(o.Price), 10)
					buf = append(buf, '\t')
					if o.Position != nil {
						buf = strconv.AppendInt(buf, int64(*o.Position), 10)
					} else {
						buf = append(buf, '\\', 'N')
					}
					buf = append(buf, '\n')
				}
			}
		}
		tag, err := pc.PgConn().CopyFrom(ctx, bytes.NewReader(buf), "COPY "+part+" (import_id, product_id, shop, price, position) FROM STDIN")
		if err != nil {
			return apperr.Wrap(err, "e-offer: store offers")
		}
		stored := tag.RowsAffected()
		// The recalculation's plan needs the partition's figures (how many products, how
		// many offers each): without them it expects 200 products and probes products by
		// key 50,000 times instead of one hash join. Autovacuum would come a minute later.
		if _, err := pc.Exec(ctx, "ANALYZE "+part+" (product_id)"); err != nil {
			return apperr.Wrap(err, "e-offer: analyze offers")
		}
		c.offers = int(stored)
		progress(c.rows)
		return nil
	})
}

// offerBlock is how many parsed rows loadPG keeps per block; skuBatch how many new SKUs it
// resolves at a time.
// bytesPerRow is the shortest a competitor CSV's row usually is ("EP-1;Emmi;1000,00\n"),
// for an upper estimate of a file's rows from its size.
const (
	offerBlock  = 8192
	skuBatch    = 8192
	bytesPerRow = 16
)

// appendCopyText appends s as a value of COPY's text format: backslash, tab, newline and
// carriage return escaped.
func appendCopyText(buf []byte, s string) []byte {
	if !strings.ContainsAny(s, "\\\t\n\r") {
		return append(buf, s...)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			buf = append(buf, '\\', '\\')
		case '\t':
			buf = append(buf, '\\', 't')
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		default:
			buf = append(buf, c)
		}
	}
	return buf
}
