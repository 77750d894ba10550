package pricing

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/platform/actor"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// Schedule asks for the derived prices of the scopes' products to follow their inputs after a
// change that has committed (a rule added, edited or deleted; a discount starting or ending).
// It is the one call the rule and discount services make; how the work is done is pricing's
// business: with a queue, one background recompute per scope and coalescing window (the
// window's task runs when the window closes, so it sees every change made within it); without
// one (shopctl, seeders), with a zero window, when the queue refuses the task, or for a scope
// that has no name to queue it by, the recompute runs here and now, each scope in one
// transaction.
func (s *Service) Schedule(ctx context.Context, scopes ...Scope) error {
	for _, sc := range scopes {
		if sc.empty {
			continue
		}
		if s.enq != nil && sc.kind != "" && s.window > 0 {
			err := s.enqueue(ctx, sc)
			if err == nil {
				continue
			}
			s.log.WarnContext(ctx, "price recompute not queued, running it now", "scope", sc.key(), "error", err.Error())
		}
		if _, err := s.recomputeScope(ctx, sc); err != nil {
			return err
		}
	}
	return nil
}

// enqueue queues sc's recompute for the end of the current window, under an id naming the
// scope and the window; a task already there for both covers this change too.
func (s *Service) enqueue(ctx context.Context, sc Scope) error {
	w := s.window.Nanoseconds()
	// The wall clock here is the queue's timing, not a business date.
	slot := time.Now().UnixNano() / w
	runAt := time.Unix(0, (slot+1)*w)
	id := "pricing:" + sc.key() + "@" + runAt.UTC().Format("20060102T150405.000")
	task, err := queue.NewPricesScheduleTask(queue.PricesSchedulePayload{Kind: sc.kind, IDs: sc.ids, UserID: actor.From(ctx).UserID}, id, runAt)
	if err != nil {
		return err
	}
	_, err = s.enq.Enqueue(ctx, task)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// recomputeScope is one scope's recompute in its own transaction: killed midway, the products
// keep their old prices, and a retry computes the same new ones.
func (s *Service) recomputeScope(ctx context.Context, sc Scope) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		n, err = s.RecomputeTx(ctx, tx, sc)
		return err
	})
	return n, err
}

// RunScheduled is the coalesced job's work: the recompute of the scope named by p.
func (s *Service) RunScheduled(ctx context.Context, p queue.PricesSchedulePayload) (int64, error) {
	sc, err := s.ScopeOf(p.Kind, p.IDs)
	if err != nil {
		return 0, err
	}
	n, err := s.recomputeScope(ctx, sc)
	if err != nil {
		s.log.ErrorContext(ctx, "scheduled price recompute failed", "scope", sc.key(), "error", err.Error())
		return 0, err
	}
	s.log.InfoContext(ctx, "prices recomputed", "scope", sc.key(), "products", n)
	if p.UserID != 0 && s.notify != nil {
		// the author's open admin tabs reload their product lists on it (the new prices show
		// without a reload of the page)
		note := recomputeNote{Counts: &recomputeCounts{Updated: n},
			Message: i18n.T(i18n.SR, "pricing.recomputed_scope", map[string]any{"count": n})}
		if err := s.notify.Notify(context.WithoutCancel(ctx), p.UserID, NotePricesRecomputed, note); err != nil {
			s.log.WarnContext(ctx, "notification not sent", "user_id", p.UserID, "error", err.Error())
		}
	}
	return n, nil
}

// RunMidnight is the nightly job's work (shortly after midnight in the shop's zone): the
// products whose action starts today or ended yesterday, and any whose shown action no longer
// matches, take today's prices. Run at any other time it is harmless: it writes only what
// differs.
func (s *Service) RunMidnight(ctx context.Context) (int64, error) {
	d := s.days()
	sc := actionsDue(d[0].(string), d[1].(string))
	n, err := s.recomputeScope(ctx, sc)
	if err != nil {
		s.log.ErrorContext(ctx, "midnight price recompute failed", "error", err.Error())
		return 0, err
	}
	s.log.InfoContext(ctx, "actions applied", "day", d[1], "products", n)
	return n, nil
}
