package pricelist

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"
)

// stageBatch is how many rows travel together from the reading goroutine to COPY.
const stageBatch = 512

// pgStager stages rows with COPY into a temporary table (not WAL-logged), while the file is
// still being read: the reading runs on its own goroutine and hands rows over in batches, COPY
// pulls them as it sends, so reading and writing overlap and at most a few batches are held.
type pgStager struct{ conn *gorm.DB }

func (p pgStager) create(ctx context.Context) error {
	if err := p.conn.WithContext(ctx).Exec("DROP TABLE IF EXISTS " + stageTable).Error; err != nil {
		return err
	}
	return p.conn.WithContext(ctx).Exec(stageDDL).Error
}

func (p pgStager) load(ctx context.Context, read func(yield func(Row) error) error) (int64, error) {
	sqlConn, ok := p.conn.Statement.ConnPool.(*sql.Conn)
	if !ok {
		return 0, fmt.Errorf("staging: not on one connection (%T)", p.conn.Statement.ConnPool)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan []Row, 4)
	var readErr error
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		defer close(batches)
		// The reading is CPU work that may yield to the API's requests (see lowerReaderPriority).
		defer lowerReaderPriority()()
		buf := make([]Row, 0, stageBatch)
		send := func() error {
			select {
			case batches <- buf:
				buf = make([]Row, 0, stageBatch)
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		readErr = read(func(r Row) error {
			buf = append(buf, r)
			if len(buf) == stageBatch {
				return send()
			}
			return nil
		})
		if readErr == nil && len(buf) > 0 {
			readErr = send()
		}
	}()
	src := &batchSource{ch: batches}
	var n int64
	copyErr := sqlConn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("staging: not a pgx connection (%T)", dc)
		}
		var err error
		n, err = c.Conn().CopyFrom(ctx, pgx.Identifier{stageTable}, stageColumns, src)
		return err
	})
	// A failed COPY stops the reading (its rows would go nowhere); then wait for it.
	if copyErr != nil {
		cancel()
	}
	<-readDone
	if readErr != nil && !(copyErr != nil && errors.Is(readErr, context.Canceled)) {
		return n, readErr
	}
	return n, copyErr
}

func (p pgStager) prepare(ctx context.Context, skuIndex bool) error {
	if skuIndex {
		if err := p.conn.WithContext(ctx).Exec("CREATE INDEX ON " + stageTable + " (sku, line)").Error; err != nil {
			return err
		}
	}
	return p.conn.WithContext(ctx).Exec("ANALYZE " + stageTable).Error
}

// batchSource is pgx's CopyFromSource over the batches of the reading goroutine.
type batchSource struct {
	ch    <-chan []Row
	batch []Row
	i     int
}

func (b *batchSource) Next() bool {
	b.i++
	for b.i >= len(b.batch) {
		batch, ok := <-b.ch
		if !ok {
			return false
		}
		b.batch, b.i = batch, 0
	}
	return true
}

func (b *batchSource) Values() ([]any, error) {
	r := b.batch[b.i]
	return []any{int64(r.Line), r.SKU, r.Name, r.Category, r.Brand, r.EAN, int64(r.Price), int64(r.RecommendedPrice), int64(r.Stock)}, nil
}

func (b *batchSource) Err() error { return nil }
