package activity

import (
	"context"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
)

// Retention deletes entries older than the configured number of days (config
// activity.retention_days; 0 keeps the log forever). It is the only thing that ever deletes
// from the log: no API changes or deletes an entry.
type Retention struct {
	db   *gorm.DB
	days int
	clk  clock.Clock
}

// NewRetention deletes entries older than days (0 keeps them all).
func NewRetention(db *gorm.DB, days int, clk clock.Clock) *Retention {
	return &Retention{db: db, days: days, clk: clk}
}

// purgeBatch is how many entries one DELETE removes: short statements keep locks and the
// WAL small while writers go on logging.
const purgeBatch = 5000

// Purge deletes the entries older than the retention, a batch at a time, and answers how many
// it deleted. Idempotent: a second run (or two instances racing) deletes nothing more.
func (r *Retention) Purge(ctx context.Context) (int64, error) {
	if r == nil || r.days <= 0 {
		return 0, nil
	}
	cutoff := r.clk.Now().Add(-time.Duration(r.days) * 24 * time.Hour)
	return r.purgeBefore(ctx, cutoff, purgeBatch)
}

func (r *Retention) purgeBefore(ctx context.Context, cutoff time.Time, batch int) (int64, error) {
	var total int64
	for {
		// set-based, by the created_at index; the inner LIMIT bounds each statement (both
		// databases accept it in an IN subquery)
		res := r.db.WithContext(ctx).Exec(`DELETE FROM activity_log WHERE id IN
			(SELECT id FROM activity_log WHERE created_at < ? ORDER BY id LIMIT ?)`, cutoff, batch)
		if res.Error != nil {
			return total, apperr.Wrap(res.Error, "purge activity log")
		}
		total += res.RowsAffected
		if res.RowsAffected < int64(batch) {
			return total, nil
		}
		if err := ctx.Err(); err != nil {
			return total, err
		}
	}
}
