package pricelist

import (
	"context"
	"math"
	"strconv"

	"gorm.io/gorm"

	"shop/internal/platform/db"
)

// stageTable is the import's staging table: a temporary table of the one connection an import
// uses (PostgreSQL: not WAL-logged, gone with the session; SQLite: in the temp schema).
const stageTable = "pricelist_stage"

// stageColumns are the staging table's columns, in the order the rows are written.
var stageColumns = []string{"line", "sku", "name", "category", "brand", "ean", "price", "recommended_price", "stock"}

// stageDDL is the staging table (the temporary kind each database has) of supplierID's rows.
// Every row carries the supplier as a column (its default: COPY and the INSERTs leave it
// out), and the merge matches supplier products on (st.supplier_id, st.sku): with the supplier
// a bound constant, PostgreSQL plans the lookup from its statistics of that supplier, which
// know nothing of the rows this very transaction has inserted (a new supplier's first list:
// "one row" per chunk, a scan of all the supplier's rows for every staged row); as a column it
// is a value the planner cannot guess, and only the (supplier, SKU) unique index fits.
func stageDDL(supplierID uint64) string {
	return `CREATE TEMPORARY TABLE ` + stageTable + ` (supplier_id BIGINT NOT NULL DEFAULT ` + strconv.FormatUint(supplierID, 10) + `,
	line BIGINT NOT NULL, sku TEXT NOT NULL, name TEXT NOT NULL,
	category TEXT NOT NULL, brand TEXT NOT NULL, ean TEXT NOT NULL, price BIGINT NOT NULL,
	recommended_price BIGINT NOT NULL, stock BIGINT NOT NULL)`
}

// stageValues are a row's values in stageColumns' order.
func stageValues(r Row) []any {
	return []any{int64(r.Line), r.SKU, r.Name, r.Category, r.Brand, r.EAN, int64(r.Price), int64(r.RecommendedPrice), int64(r.Stock)}
}

// stager writes rows into the staging table, the fastest way each database has, a chunk at a
// time: the merge takes each chunk while the file goes on being read.
type stager interface {
	// create makes the empty staging table of the supplier's rows on the import's connection.
	create(ctx context.Context, supplierID uint64) error
	// stage empties the staging table and fills it with the feed's next rows, at most
	// chunkRows of them, through h (the connection, or its transaction once the merge has
	// begun); it answers how many it staged (fewer than chunkRows: the feed has ended).
	stage(ctx context.Context, h *gorm.DB, feed *rowFeed) (int64, error)
	// chunkRows is how many rows a chunk holds.
	chunkRows() int
}

// newStager is the stager of conn's database; chunkRows > 0 overrides its chunk size
// (Options.chunkRows).
func newStager(conn *gorm.DB, chunkRows int) stager {
	chunk := func(own int) int {
		if chunkRows > 0 {
			return chunkRows
		}
		return own
	}
	if db.IsPostgres(conn) {
		return &pgStager{conn: conn, chunk: chunk(pgChunkRows)}
	}
	return sqliteStager{conn: conn, chunk: chunk(math.MaxInt)}
}

// createStage makes the empty staging table of the supplier's rows on conn, dropping one a
// failed earlier attempt may have left on the pooled connection.
func createStage(ctx context.Context, conn *gorm.DB, supplierID uint64) error {
	if err := conn.WithContext(ctx).Exec("DROP TABLE IF EXISTS " + stageTable).Error; err != nil {
		return err
	}
	return conn.WithContext(ctx).Exec(stageDDL(supplierID)).Error
}

// feedBatch is how many rows travel together from the reading goroutine to the staging.
const feedBatch = 512

// rowFeed runs the reading of the file on its own goroutine and hands its rows over in
// batches, so that reading (Go, one core) and staging and merging (the database, the other
// core) overlap. The channel holds up to two chunks of read-ahead: the reading goes on while
// the database merges the chunk before.
type rowFeed struct {
	ch     chan []Row
	batch  []Row
	i      int
	cancel context.CancelFunc
	done   chan struct{}
	err    error // the reading's error, once done is closed
}

// startFeed starts read on its own goroutine; its rows come out of next.
func startFeed(ctx context.Context, chunk int, read func(ctx context.Context, yield func(Row) error) error) *rowFeed {
	ctx, cancel := context.WithCancel(ctx)
	batches := 2*chunk/feedBatch + 2
	if batches > 256 {
		batches = 256
	}
	f := &rowFeed{ch: make(chan []Row, batches), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(f.done)
		defer close(f.ch)
		buf := make([]Row, 0, feedBatch)
		send := func() error {
			select {
			case f.ch <- buf:
				buf = make([]Row, 0, feedBatch)
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		err := read(ctx, func(r Row) error {
			buf = append(buf, r)
			if len(buf) == feedBatch {
				return send()
			}
			return nil
		})
		if err == nil && len(buf) > 0 {
			err = send()
		}
		f.err = err
	}()
	return f
}

// next is the feed's next row; false when the reading has ended (see wait for why).
func (f *rowFeed) next() (Row, bool) {
	f.i++
	for f.i >= len(f.batch) {
		batch, ok := <-f.ch
		if !ok {
			return Row{}, false
		}
		f.batch, f.i = batch, 0
	}
	return f.batch[f.i], true
}

// wait waits for the reading to end and answers its error.
func (f *rowFeed) wait() error {
	<-f.done
	return f.err
}

// stop ends the reading early (the import failed) and waits for it.
func (f *rowFeed) stop() {
	f.cancel()
	for range f.ch { // unblock a send in flight
	}
	<-f.done
}
