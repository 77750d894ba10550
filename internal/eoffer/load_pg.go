package eoffer

import (
	"context"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"

	"shop/internal/platform/apperr"
)

// loadPG is load on PostgreSQL: the file's offers matched to products and encoded into w.
// The file is parsed (bounded by MaxRows) on its own goroutine, in blocks of rows, while the
// connection works:
//   - a file about as large as the catalogue (or larger) names most of its products, so every
//     product's (SKU, id) is read once (one sequential read: 15-25 ms at 50,000 products, against
//     45-75 ms looking 50,000 SKUs up by key), and the parsed blocks are encoded as they come
//     once it is in: the parse and the read overlap;
//   - a small file in a large catalogue has its SKUs looked up by key a batch at a time as they
//     are met, and its rows are encoded once the parse and the look-ups are done.
//
// Rows left out are reported in the file's order (bad rows and unknown SKUs alike).
func (s *Service) loadPG(ctx context.Context, imp *Import, tmp *os.File, n int64, c *importCounts, reject func(Offer, string), w *offerSetWriter) error {
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
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("e-offer: not a pgx connection (%T)", dc)
		}
		pc := sc.Conn()
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
			saveRows := s.rowsSaver(ctx, imp)
			_, err := ReadFile(rctx, tmp, n, s.opts.MaxRows, func(o Offer) error {
				c.rows++
				if c.rows%20000 == 0 {
					progress(c.rows)
					saveRows(c.rows)
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
		// A product's offers usually follow each other in the file (e-ponuda lists a
		// product's shops together): the previous row's SKU is checked first.
		var prevSKU string
		var prevID uint64
		encode := func(b []Offer) {
			for i := range b {
				o := &b[i]
				if o.SKU != prevSKU || prevID == 0 {
					prevSKU, prevID = o.SKU, ids[o.SKU]
				}
				switch {
				case o.Reject != "":
					reject(*o, o.Reject)
				case prevID == 0:
					reject(*o, RejectUnknownSKU)
				default:
					w.add(prevID, o)
				}
			}
		}
		if readAll {
			for b := range blockCh {
				encode(b)
			}
		}
		<-parsed
		if parseErr != nil {
			return parseErr
		}
		for _, b := range blocks {
			encode(b)
		}
		c.offers = w.n
		progress(c.rows)
		return nil
	})
}

// offerBlock is how many parsed rows loadPG keeps per block; skuBatch how many new SKUs it
// resolves at a time; bytesPerRow is the shortest a competitor CSV's row usually is
// ("EP-1;Emmi;1000,00\n"), for an upper estimate of a file's rows from its size.
const (
	offerBlock  = 8192
	skuBatch    = 8192
	bytesPerRow = 16
)
