package catalog

import (
	"context"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
)

// SetEponudaTx puts the products ids in the e-ponuda feed (in = true) or takes them out, inside
// the caller's transaction; only products whose flag changes are written. It answers how many
// changed. The e-offer capability owns the rule (who, which ids, the activity log).
func (s *Service) SetEponudaTx(ctx context.Context, tx *gorm.DB, ids []uint64, in bool, at time.Time) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	res := tx.WithContext(ctx).Exec("UPDATE products SET eponuda = ?, updated_at = ? WHERE id IN ? AND eponuda <> ?", in, at, ids, in)
	if res.Error != nil {
		return 0, apperr.Wrap(res.Error, "set e-ponuda flag")
	}
	return res.RowsAffected, nil
}
