package sales

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
)

// OrderByNumber is the order with this number (2026-000123), for the operator's commands and
// the bank-statement import; 404 when none.
func (s *Service) OrderByNumber(ctx context.Context, number string) (*Order, error) {
	var o Order
	err := s.db.WithContext(ctx).Select("id").Where("number = ?", strings.TrimSpace(number)).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("order")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "order by number")
	}
	return s.StaffOrder(ctx, o.ID)
}

// OrderNumbers maps order ids to their numbers (lists of other capabilities name the order).
func (s *Service) OrderNumbers(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	out := make(map[uint64]string, len(ids))
	for start := 0; start < len(ids); start += 5000 {
		var rows []struct {
			ID     uint64
			Number *string
		}
		end := min(start+5000, len(ids))
		if err := s.db.WithContext(ctx).Model(&Order{}).Select("id, number").Where("id IN ?", ids[start:end]).Scan(&rows).Error; err != nil {
			return nil, apperr.Wrap(err, "order numbers")
		}
		for _, r := range rows {
			if r.Number != nil {
				out[r.ID] = *r.Number
			}
		}
	}
	return out, nil
}

// OrderIDsNumbered is the ids of the newest orders (at most limit) whose number contains term
// (case aside), for filters of other capabilities' lists that search by the order's number.
func (s *Service) OrderIDsNumbered(ctx context.Context, term string, limit int) ([]uint64, error) {
	ids := []uint64{}
	err := s.db.WithContext(ctx).Model(&Order{}).Where("LOWER(number) LIKE ?"+db.LikeEscape, db.LikeContains(strings.ToLower(term))).
		Order("id DESC").Limit(limit).Pluck("id", &ids).Error
	return ids, apperr.Wrap(err, "orders by number")
}

// PublicLink is path on the storefront's public address (links in mail of other capabilities).
func (s *Service) PublicLink(path string) string { return s.link(path) }

// LangOf is the language the order was placed in (its customer's mail are in it).
func LangOf(o *Order) i18n.Lang { return langOf(o) }

// OrderWithItems is the order with its lines only (no notes, files or proforma): what a
// document of the sale (a fiscal receipt) is built from, read in two statements.
func (s *Service) OrderWithItems(ctx context.Context, id uint64) (*Order, error) {
	var o Order
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("order")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "order")
	}
	if err := s.db.WithContext(ctx).Where("order_id = ?", id).Order("id").Find(&o.Items).Error; err != nil {
		return nil, apperr.Wrap(err, "order items")
	}
	return &o, nil
}
