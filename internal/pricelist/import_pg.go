package pricelist

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/gorm"
)

// pgChunkRows: a tenth of a 100,000-row list per chunk. The merge of a chunk runs while the
// next one is read, so only the last chunk's merge adds to the import's time; smaller chunks
// would spend more on their statements.
const pgChunkRows = 10_000

// pgStager stages rows with COPY into a temporary table (not WAL-logged), pulling them from the
// feed as it sends. COPY runs on the import's one connection, inside its transaction once the
// merge has begun (the raw pgx connection is the same session).
type pgStager struct {
	conn  *gorm.DB
	raw   *sql.Conn
	chunk int
}

func (p *pgStager) create(ctx context.Context, supplierID uint64) error {
	raw, ok := p.conn.Statement.ConnPool.(*sql.Conn)
	if !ok {
		return fmt.Errorf("staging: not on one connection (%T)", p.conn.Statement.ConnPool)
	}
	p.raw = raw
	return createStage(ctx, p.conn, supplierID)
}

func (p *pgStager) chunkRows() int { return p.chunk }

func (p *pgStager) stage(ctx context.Context, h *gorm.DB, feed *rowFeed) (int64, error) {
	// TRUNCATE of a temporary table is a new empty file: cheaper than deleting the rows.
	if err := h.WithContext(ctx).Exec("TRUNCATE " + stageTable).Error; err != nil {
		return 0, err
	}
	var n int64
	err := p.raw.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("staging: not a pgx connection (%T)", dc)
		}
		var err error
		n, err = c.Conn().CopyFrom(ctx, pgx.Identifier{stageTable}, stageColumns, &feedSource{feed: feed, left: p.chunkRows()})
		return err
	})
	return n, err
}

// feedSource is pgx's CopyFromSource over the feed's next rows, at most left of them.
type feedSource struct {
	feed *rowFeed
	left int
	row  Row
}

func (s *feedSource) Next() bool {
	if s.left == 0 {
		return false
	}
	r, ok := s.feed.next()
	if !ok {
		return false
	}
	s.row, s.left = r, s.left-1
	return true
}

func (s *feedSource) Values() ([]any, error) { return stageValues(s.row), nil }

func (s *feedSource) Err() error { return nil }
