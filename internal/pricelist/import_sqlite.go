package pricelist

import (
	"context"
	"strings"

	"gorm.io/gorm"
)

// sqliteStageRows is how many rows one INSERT of the staging carries: 9 parameters each, about
// 2,300 per statement, where the pure-Go driver is still fast (far under SQLite's 32,766).
const sqliteStageRows = 256

// sqliteStager stages rows with multi-row INSERTs into a temporary table. The whole file is
// one chunk: SQLite has one writer, and the merge's transaction holds it, so the merge begins
// only when the file has been read (the reading still overlaps the INSERTs).
type sqliteStager struct {
	conn  *gorm.DB
	chunk int
}

func (p sqliteStager) create(ctx context.Context, supplierID uint64) error {
	if err := createStage(ctx, p.conn, supplierID); err != nil {
		return err
	}
	// SQLite joins by nested loops: the merge looks staged rows up by SKU.
	return p.conn.WithContext(ctx).Exec("CREATE INDEX " + stageTable + "_sku_idx ON " + stageTable + " (sku)").Error
}

func (p sqliteStager) chunkRows() int { return p.chunk }

func (p sqliteStager) stage(ctx context.Context, h *gorm.DB, feed *rowFeed) (int64, error) {
	if err := h.WithContext(ctx).Exec("DELETE FROM " + stageTable).Error; err != nil {
		return 0, err
	}
	var n int64
	buf := make([]Row, 0, sqliteStageRows)
	args := make([]any, 0, sqliteStageRows*len(stageColumns))
	full := p.insertSQL(sqliteStageRows)
	flush := func() error {
		if len(buf) == 0 {
			return nil
		}
		args = args[:0]
		for _, r := range buf {
			args = append(args, stageValues(r)...)
		}
		q := full
		if len(buf) < sqliteStageRows {
			q = p.insertSQL(len(buf))
		}
		if err := h.WithContext(ctx).Exec(q, args...).Error; err != nil {
			return err
		}
		n += int64(len(buf))
		buf = buf[:0]
		return nil
	}
	for left := p.chunkRows(); left > 0; left-- {
		r, ok := feed.next()
		if !ok {
			break
		}
		buf = append(buf, r)
		if len(buf) == sqliteStageRows {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	return n, flush()
}

func (p sqliteStager) insertSQL(rows int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(stageColumns)), ",") + ")"
	return "INSERT INTO " + stageTable + " (" + strings.Join(stageColumns, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(one+",", rows), ",")
}
