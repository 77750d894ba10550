package eoffer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// offersPartition is the import's partition of eoffer_offers on PostgreSQL (migration 0030:
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

// loadPG is load on PostgreSQL. The import's own partition of eoffer_offers is created (a
// retry drops what a killed run left first); it has no index: every reader scans one import's
// offers whole. The file is parsed (bounded by MaxRows) on its own goroutine, in blocks of rows,
// while the connection works:
//   - a file about as large as the catalogue (or larger) names most of its products, so every
//     product's (SKU, id) is read once (one sequential read: 15-25 ms at 50,000 products, against
//     45-75 ms looking 50,000 SKUs up by key), and then the parsed blocks are COPYed into the
//     partition as they come: the parse, the read and the COPY overlap;
//   - a small file in a large catalogue has its SKUs looked up by key a batch at a time as they
//     are met, and its rows are COPYed once the parse and the look-ups are done.
//
// Rows left out are reported in the file's order (bad rows and unknown SKUs alike).
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
	part := offersPartition(imp.ID)
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("e-offer: not a pgx connection (%T)", dc)
		}
		pc := sc.Conn()
		batch := &pgx.Batch{}
		batch.Queue("DROP TABLE IF EXISTS " + part)
		batch.Queue(fmt.Sprintf("CREATE TABLE %s PARTITION OF eoffer_offers FOR VALUES IN (%d)", part, imp.ID))
		if err := pc.SendBatch(ctx, batch).Close(); err != nil {
			return apperr.Wrap(err, "e-offer: partition")
		}
		var catalogue float64
		if err := pc.QueryRow(ctx, `SELECT GREATEST(c.reltuples, COALESCE(s.n_live_tup, 0))::float8 FROM pg_class c
			LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = 'products'::regclass`).Scan(&catalogue); err != nil {
			return apperr.Wrap(err, "e-offer: catalogue size")
		}
		readAll := catalogue <= 2*float64(n/bytesPerRow)

		rctx, cancel := context.WithCancel(ctx)
		defer cancel()
		// In blocks that never move: one growing []Offer of 100,000 rows was copied at
		// every doubling (and rescanned by the collector), which cost several times the parse.
		var blocks [][]Offer                 // look-up mode: every block, kept to the end
		blockCh := make(chan []Offer, 16)    // read-all mode: each block once it is full
		skuBatches := make(chan []string, 8) // look-up mode: SKUs not met before
		parsed := make(chan struct{})        // closed after the two channels
		var parseErr error
		go func() {
			defer close(parsed)
			send := func(ch chan []Offer, b []Offer) error {
				select {
				case ch <- b:
					return nil
				case <-rctx.Done():
					return rctx.Err()
				}
			}
			seen := map[string]struct{}{}
			var pending []string
			var cur []Offer
			_, err := ReadFile(rctx, tmp, n, s.opts.MaxRows, func(o Offer) error {
				c.rows++
				if c.rows%20000 == 0 {
					// shopctl's bar, and the import's row for the admin's polling (another connection)
					progress(c.rows)
					s.db.WithContext(ctx).Model(imp).Update("rows", c.rows)
				}
				if !readAll && o.Reject == "" {
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
				if cur == nil {
					cur = make([]Offer, 0, offerBlock)
				}
				cur = append(cur, o)
				if len(cur) == offerBlock {
					if readAll {
						if err := send(blockCh, cur); err != nil {
							return err
						}
					} else {
						blocks = append(blocks, cur)
					}
					cur = nil
				}
				return nil
			})
			if err == nil && len(cur) > 0 {
				if readAll {
					err = send(blockCh, cur)
				} else {
					blocks = append(blocks, cur)
				}
			}
			if err == nil && len(pending) > 0 {
				select {
				case skuBatches <- pending:
				case <-rctx.Done():
					err = rctx.Err()
				}
			}
			parseErr = err
			close(blockCh)
			close(skuBatches)
		}()
		// stop ends the parse early (after a failure here).
		stop := func() {
			cancel()
			for range blockCh {
			}
			for range skuBatches {
			}
			<-parsed
		}
		defer stop()

		// Sized for what comes: a map grown from empty rehashed 50,000 SKUs several times.
		ids := make(map[string]uint64, min(int(catalogue), int(n/bytesPerRow))+1)
		lookUp := func(q string, args ...any) error {
			// In binary (the id as 8 bytes, the SKU as its bytes), decoded here: pgx's scan
			// plans per row cost about what the map does.
			rs, err := pc.Query(ctx, q, append([]any{pgx.QueryResultFormats{pgtype.BinaryFormatCode}}, args...)...)
			if err == nil {
				if fd := rs.FieldDescriptions(); fd[1].DataTypeOID != pgtype.Int8OID {
					err = fmt.Errorf("products.id of type %d", fd[1].DataTypeOID)
				}
				for err == nil && rs.Next() {
					v := rs.RawValues()
					ids[string(v[0])] = uint64(int8Of(v[1]))
				}
				rs.Close()
				if err == nil {
					err = rs.Err()
				}
			}
			if err != nil {
				return apperr.Wrap(err, "e-offer: find products")
			}
			return nil
		}
		if readAll {
			if err := lookUp("SELECT sku, id FROM products"); err != nil {
				return err
			}
		} else {
			for skus := range skuBatches {
				if err := lookUp("SELECT p.sku, p.id FROM unnest($1::text[]) AS s(sku) JOIN products p ON p.sku = s.sku", skus); err != nil {
					return err
				}
			}
			<-parsed
			if parseErr != nil {
				return parseErr
			}
		}
		// COPY's text format written by hand: the rows are four numbers and a name, and
		// pgx's per-row values and encode plans cost more than the bytes.
		importID := strconv.FormatUint(imp.ID, 10)
		encode := func(buf []byte, b []Offer) []byte {
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
			return buf
		}
		var src io.Reader
		if readAll {
			src = &blockReader{blocks: blockCh, encode: encode, done: func() error { <-parsed; return parseErr }}
		} else {
			var buf []byte
			for _, b := range blocks {
				buf = encode(buf, b)
			}
			src = bytes.NewReader(buf)
		}
		tag, err := pc.PgConn().CopyFrom(ctx, src, "COPY "+part+" (import_id, product_id, shop, price, position) FROM STDIN")
		if err != nil {
			// A failed parse (a bad file: its reason) is the error, not the aborted COPY's.
			stop()
			if parseErr != nil && !errors.Is(parseErr, context.Canceled) {
				return parseErr
			}
			return apperr.Wrap(err, "e-offer: store offers")
		}
		stored := tag.RowsAffected()
		// No ANALYZE: no reader's plan depends on the partition's figures (recalcPG scans it
		// and joins in Go; offerRows joins it to products by key, which products' own figures
		// plan). Autovacuum gathers them a minute later.
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

// errParse stops a COPY when the file's parse failed (the parse's own error is returned).
var errParse = errors.New("e-offer: the parse failed")

// blockReader is a COPY's data: each parsed block, encoded as it comes.
type blockReader struct {
	blocks <-chan []Offer
	encode func([]byte, []Offer) []byte
	done   func() error // the parse's error, once it has ended
	buf    []byte
	off    int
}

func (r *blockReader) Read(p []byte) (int, error) {
	for r.off == len(r.buf) {
		b, ok := <-r.blocks
		if !ok {
			if r.done() != nil {
				return 0, errParse
			}
			return 0, io.EOF
		}
		r.buf, r.off = r.encode(r.buf[:0], b), 0
	}
	n := copy(p, r.buf[r.off:])
	r.off += n
	return n, nil
}

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
