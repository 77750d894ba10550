package pricing

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// ProductSelector turns a mass change's encoded selection (the catalogue's ProductSelection:
// ids, or the product list's filter) into the selected products' ids, or the 422 of a
// selection that selects nothing or too much, on field. The catalogue implements it
// (catalog.Selector); pricing cannot import the catalogue (the catalogue asks pricing for
// prices).
type ProductSelector interface {
	SelectedProductIDs(ctx context.Context, selection json.RawMessage, field string) ([]uint64, error)
}

// errNoSelector: a service built without the catalogue's selections (a seeder's).
var errNoSelector = errors.New("no product selector")

// States of a mass discount run.
const (
	MassQueued  = "queued"
	MassRunning = "running"
	MassDone    = "done"
	MassFailed  = "failed"
)

// The notifications that end a mass discount run, to the user who started it: data carries
// job (MassJobDiscounts), run_id, message, and count and skipped (done) or error (failed).
const (
	NoteDiscountsDone   = "DiscountsDone"
	NoteDiscountsFailed = "DiscountsFailed"
	MassJobDiscounts    = "discounts"
)

// MassRun is one mass discount: its progress and end.
type MassRun struct {
	ID             uint64    `json:"id"`
	UserID         uint64    `json:"-"`
	DiscountTypeID uint64    `json:"discount_type_id"`
	State          string    `json:"state"`
	Selected       int64     `json:"selected"`
	Added          int64     `json:"added"`
	Skipped        int64     `json:"skipped"`
	Error          string    `json:"error"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

func (MassRun) TableName() string { return "discount_mass_runs" }

// massNote is the data of a run's notification.
type massNote struct {
	Job     string `json:"job"`
	RunID   uint64 `json:"run_id"`
	Message string `json:"message"`
	Count   *int64 `json:"count,omitempty"`
	Skipped *int64 `json:"skipped,omitempty"`
	Error   string `json:"error,omitempty"`
}

// MassAddDiscounts checks the action and the selection, records the run and queues the job
// that gives every selected product the action; the caller answers at once with the run.
func (s *Service) MassAddDiscounts(ctx context.Context, in DiscountInput, selection json.RawMessage) (*MassRun, error) {
	tx := s.db.WithContext(ctx)
	v, err := in.check(tx)
	selErr := apperr.Wrap(errNoSelector, "mass discounts")
	if s.products != nil {
		_, selErr = s.products.SelectedProductIDs(ctx, selection, "product_ids")
	}
	if err := apperr.JoinInvalid(err, selErr); err != nil {
		return nil, err
	}
	if s.enq == nil {
		return nil, apperr.Wrap(errors.New("no queue"), "mass discounts")
	}
	now := s.now()
	run := &MassRun{UserID: actor.From(ctx).UserID, DiscountTypeID: v.typ.ID, State: MassQueued, CreatedAt: now, UpdatedAt: now}
	if err := tx.Create(run).Error; err != nil {
		return nil, apperr.Wrap(err, "record mass discount run")
	}
	task, err := queue.NewDiscountMassTask(queue.DiscountMassPayload{RunID: run.ID, DiscountTypeID: v.typ.ID, Price: int64(v.price),
		Percentage: int64(v.percentage), From: v.from.Format(time.DateOnly), To: v.to.Format(time.DateOnly), Selection: selection, UserID: run.UserID})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, task)
	}
	if err != nil {
		tx.Model(run).Updates(map[string]any{"state": MassFailed, "error": i18n.T(i18n.SR, "error.server", nil), "updated_at": s.now()})
		return nil, apperr.Wrap(err, "enqueue mass discounts")
	}
	return run, nil
}

// GetMassRun answers a mass discount run (its progress) or its 404.
func (s *Service) GetMassRun(ctx context.Context, id uint64) (*MassRun, error) {
	var r MassRun
	err := s.db.WithContext(ctx).First(&r, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("discount_mass_run")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get mass discount run")
	}
	return &r, nil
}

// RunMassDiscount is the job's work: an INSERT ... SELECT (one per 10,000 ids) of the action
// for every selected product that has no discount sharing a day with it (those are skipped and counted), the
// activity entries (one INSERT ... SELECT), the run's end and the DiscountsDone notification,
// all in one transaction; then the products' prices are asked for. Idempotent: a run found
// done is not done again (nor told twice); a run killed mid-way left nothing and is done
// whole by the retry. A failure is told (DiscountsFailed) when no retry follows: refused for
// good (the type was deleted meanwhile, a bad selection) or on the last attempt.
func (s *Service) RunMassDiscount(ctx context.Context, p queue.DiscountMassPayload, lastAttempt bool) (*MassRun, error) {
	run, err := s.ApplyMassDiscount(ctx, p, lastAttempt)
	if err != nil {
		return nil, err
	}
	// Asked again on a retry too: a crash between the commit and this call must not leave the
	// products' prices behind (recomputing prices that are right writes nothing).
	s.scheduleAfter(ctx, MassRunProducts(run.ID))
	return run, nil
}

// ApplyMassDiscount is RunMassDiscount's transaction without the recompute it asks for after:
// the discounts, their activity entries, the run's end and its notification (the benchmark
// times it apart from the recompute, which is pricing's own job).
func (s *Service) ApplyMassDiscount(ctx context.Context, p queue.DiscountMassPayload, lastAttempt bool) (*MassRun, error) {
	ctx = actor.With(ctx, actor.Actor{UserID: p.UserID})
	base := s.db.WithContext(ctx)
	if err := base.Model(&MassRun{}).Where("id = ? AND state IN ?", p.RunID, []string{MassQueued, MassRunning, MassFailed}).
		Updates(map[string]any{"state": MassRunning, "updated_at": s.now()}).Error; err != nil {
		return nil, s.massFailed(ctx, p, apperr.Wrap(err, "start mass discount run"), lastAttempt)
	}
	// The selection is read before the transaction, through the catalogue's own connection: the
	// products it names now are the run's.
	if s.products == nil {
		return nil, s.massFailed(ctx, p, apperr.Wrap(errNoSelector, "mass discounts"), lastAttempt)
	}
	ids, err := s.products.SelectedProductIDs(ctx, p.Selection, "product_ids")
	if err != nil {
		return nil, s.massFailed(ctx, p, err, lastAttempt)
	}
	var run MassRun
	publish := func(context.Context) {}
	fresh := false
	err = base.Transaction(func(tx *gorm.DB) error {
		if err := lockDiscounts(tx); err != nil {
			return err
		}
		q := tx
		if db.IsPostgres(tx) {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.First(&run, p.RunID).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return apperr.NotFoundThing("discount_mass_run")
			}
			return apperr.Wrap(err, "get mass discount run")
		}
		if run.State == MassDone {
			return nil
		}
		fresh = true
		price, pct := money.Para(p.Price), money.Bps(p.Percentage)
		in := DiscountInput{DiscountTypeID: p.DiscountTypeID, From: p.From, To: p.To, Price: &price, Percentage: &pct}
		v, err := in.check(tx)
		if err != nil {
			return err
		}
		now := s.now()
		args := []any{v.typ.ID, int64(v.price), int64(v.percentage), dayArg(tx, v.from), dayArg(tx, v.to), run.ID, now, now}
		overlap := []any{v.to.Format(time.DateOnly), v.from.Format(time.DateOnly)}
		// One INSERT ... SELECT per chunk of ids, all in this transaction (SQLite binds at most
		// 32,766 parameters; a filter may select every product).
		run.Selected, run.Added = int64(len(ids)), 0
		insert := "INSERT INTO discounts " + massColumns + " " + massSelectSQL(tx, "(SELECT id FROM products WHERE id IN ?) s")
		for chunk := range slices.Chunk(ids, maxScopeIDs) {
			res := tx.Exec(insert, append(append(append([]any{}, args...), chunk), overlap...)...)
			if res.Error != nil {
				return apperr.Wrap(res.Error, "insert mass discounts")
			}
			run.Added += res.RowsAffected
		}
		run.Skipped = run.Selected - run.Added
		added := tx.Model(&Discount{}).Select("id").Where("mass_run_id = ?", run.ID)
		logged := discountLog{DiscountTypeID: v.typ.ID, Price: v.price, Percentage: v.percentage, From: p.From, To: p.To}
		if err := activity.RecordBulkTx(ctx, tx, activity.DiscountCreated, subjectDiscount, added, logged, now); err != nil {
			return err
		}
		run.State, run.Error, run.UpdatedAt = MassDone, "", now
		if err := tx.Model(&MassRun{ID: run.ID}).Select("state", "selected", "added", "skipped", "error", "updated_at").Updates(&run).Error; err != nil {
			return apperr.Wrap(err, "end mass discount run")
		}
		if p.UserID == 0 || s.notify == nil {
			return nil
		}
		note := massNote{Job: MassJobDiscounts, RunID: run.ID, Count: &run.Added, Skipped: &run.Skipped,
			Message: i18n.T(i18n.SR, "discount.mass_done", map[string]any{"count": run.Added, "skipped": run.Skipped})}
		publish, err = s.notify.NotifyTx(tx, p.UserID, NoteDiscountsDone, note)
		return err
	})
	if err != nil {
		return nil, s.massFailed(ctx, p, err, lastAttempt)
	}
	publish(context.WithoutCancel(ctx))
	if fresh {
		s.log.InfoContext(ctx, "mass discounts added", "run_id", run.ID, "added", run.Added, "skipped", run.Skipped, "user_id", p.UserID)
	}
	return &run, nil
}

// massFailed records and tells a run's failure when no retry follows, and answers err.
func (s *Service) massFailed(ctx context.Context, p queue.DiscountMassPayload, err error, lastAttempt bool) error {
	final := lastAttempt || apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.NotFound)
	s.log.ErrorContext(ctx, "mass discount run failed", "run_id", p.RunID, "final", final, "error", err.Error())
	if !final {
		return err
	}
	ctx = context.WithoutCancel(ctx)
	reason := i18n.Reason(i18n.SR, err)
	if uerr := s.db.WithContext(ctx).Model(&MassRun{}).Where("id = ? AND state <> ?", p.RunID, MassDone).
		Updates(map[string]any{"state": MassFailed, "error": reason, "updated_at": s.now()}).Error; uerr != nil {
		s.log.WarnContext(ctx, "mass discount run: failure not recorded", "run_id", p.RunID, "error", uerr.Error())
	}
	if p.UserID != 0 && s.notify != nil {
		note := massNote{Job: MassJobDiscounts, RunID: p.RunID, Error: reason,
			Message: i18n.T(i18n.SR, "discount.mass_failed", map[string]any{"error": reason})}
		if nerr := s.notify.Notify(ctx, p.UserID, NoteDiscountsFailed, note); nerr != nil {
			s.log.WarnContext(ctx, "notification not sent", "user_id", p.UserID, "error", nerr.Error())
		}
	}
	return err
}

// massColumns are the columns the mass discount writes.
const massColumns = "(product_id, discount_type_id, price, percentage_bps, valid_from, valid_to, mass_run_id, created_at, updated_at)"

// massSelectSQL selects the action's rows for the products of from (a source with a column
// id), except those with a discount sharing a day with it. Arguments in order: type, price,
// percentage, from, to, run, created, updated, the source's own (when it binds any), and to and
// from again (the overlap).
func massSelectSQL(tx *gorm.DB, from string) string {
	day := dayParam(tx)
	return `SELECT s.id, ` + typedParam(tx, "BIGINT") + `, ` + typedParam(tx, "BIGINT") + `, ` + typedParam(tx, "BIGINT") + `, ` + day + `, ` + day + `, ` +
		typedParam(tx, "BIGINT") + `, ` + typedParam(tx, "TIMESTAMPTZ") + `, ` + typedParam(tx, "TIMESTAMPTZ") + `
		FROM ` + from + `
		WHERE NOT EXISTS (SELECT 1 FROM discounts d WHERE d.product_id = s.id
			AND ` + dayColumn(tx, "d.valid_from") + ` <= ` + day + ` AND ` + dayColumn(tx, "d.valid_to") + ` >= ` + day + `)`
}

// typedParam is a bound parameter in an INSERT's SELECT list: PostgreSQL cannot infer its
// type there, SQLite needs no cast.
func typedParam(tx *gorm.DB, pgType string) string {
	if db.IsPostgres(tx) {
		return "CAST(? AS " + pgType + ")"
	}
	return "?"
}

// dayArg is a day as the discounts table stores it when written by the INSERT ... SELECT: a
// DATE from YYYY-MM-DD on PostgreSQL, the time value GORM writes on SQLite (so every row of the
// table reads back alike).
func dayArg(tx *gorm.DB, t time.Time) any {
	if db.IsPostgres(tx) {
		return t.Format(time.DateOnly)
	}
	return t
}
