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

// ExistingProductIDs answers which of ids are products.
func (s *Service) ExistingProductIDs(ctx context.Context, ids []uint64) (map[uint64]bool, error) {
	out := map[uint64]bool{}
	for start := 0; start < len(ids); start += 10000 {
		chunk := ids[start:min(start+10000, len(ids))]
		var found []uint64
		if err := s.db.WithContext(ctx).Raw("SELECT id FROM products WHERE id IN ?", chunk).Scan(&found).Error; err != nil {
			return nil, apperr.Wrap(err, "find products")
		}
		for _, id := range found {
			out[id] = true
		}
	}
	return out, nil
}
