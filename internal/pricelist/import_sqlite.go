package pricelist

import (
	"context"
	"strings"

	"gorm.io/gorm"
)

// sqliteStageRows is how many rows one INSERT of the staging carries: 9 parameters each, about
// 2,300 per statement, where the pure-Go driver is still fast (far under SQLite's 32,766).
const sqliteStageRows = 256

// sqliteStager stages rows with multi-row INSERTs into a temporary table, batch by batch as
// the file is read (the driver is pure Go on the same cores: no goroutine to overlap with).
type sqliteStager struct{ conn *gorm.DB }

func (p sqliteStager) create(ctx context.Context) error {
	if err := p.conn.WithContext(ctx).Exec("DROP TABLE IF EXISTS " + stageTable).Error; err != nil {
		return err
	}
	return p.conn.WithContext(ctx).Exec(stageDDL).Error
}

func (p sqliteStager) load(ctx context.Context, read func(yield func(Row) error) error) (int64, error) {
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
			args = append(args, int64(r.Line), r.SKU, r.Name, r.Category, r.Brand, r.EAN, int64(r.Price), int64(r.RecommendedPrice), int64(r.Stock))
		}
		q := full
		if len(buf) < sqliteStageRows {
			q = p.insertSQL(len(buf))
		}
		if err := p.conn.WithContext(ctx).Exec(q, args...).Error; err != nil {
			return err
		}
		n += int64(len(buf))
		buf = buf[:0]
		return nil
	}
	err := read(func(r Row) error {
		buf = append(buf, r)
		if len(buf) == sqliteStageRows {
			return flush()
		}
		return nil
	})
	if err != nil {
		return n, err
	}
	return n, flush()
}

func (p sqliteStager) insertSQL(rows int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(stageColumns)), ",") + ")"
	return "INSERT INTO " + stageTable + " (" + strings.Join(stageColumns, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(one+",", rows), ",")
}

// prepare indexes the SKUs always: SQLite joins by nested loops, so the merge looks staged
// rows up by SKU as much as the duplicate search does.
func (p sqliteStager) prepare(ctx context.Context, _ bool) error {
	return p.conn.WithContext(ctx).Exec("CREATE INDEX " + stageTable + "_sku_idx ON " + stageTable + " (sku, line)").Error
}
