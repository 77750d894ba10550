package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/robfig/cron/v3"

	"shop/internal/platform/queue"
)

// Scheduler enqueues the cron entries. Any number of scheduler processes may run: each moment of
// an entry's schedule is enqueued under one task id (the entry's type and that moment), so the
// first process to enqueue it wins and the others' enqueues are refused as conflicts; the id
// is kept a day after the run (SlotRetention). asynq's own scheduler enqueued a fresh task
// from every process, held back only by the task's uniqueness lock, which goes when the task
// finishes: a quick task done before another process's enqueue ran twice.
type Scheduler struct {
	cron   *cron.Cron
	client *asynq.Client
	log    *slog.Logger
}

// SlotRetention is how long a finished cron task stays to refuse a late duplicate of its
// moment (a process whose clock or start lags the others').
const SlotRetention = 24 * time.Hour

// parser reads standard five-field lines, an optional leading seconds field, CRON_TZ= and
// descriptors.
var parser = cron.NewParser(cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// NewScheduler builds the scheduler with Schedule's entries and the extra ones whose times come
// from the configuration (FeedsEntry); every, when not 0, replaces every entry's times by a
// clock-aligned interval (worker.schedule_every).
func NewScheduler(r *queue.Redis, log *slog.Logger, every time.Duration, extra ...Entry) (*Scheduler, error) {
	s := &Scheduler{cron: cron.New(cron.WithParser(parser), cron.WithLocation(time.UTC)),
		client: asynq.NewClientFromRedisClient(r.Client), log: log}
	for _, e := range append(Schedule(), extra...) {
		spec := e.Cron
		if every > 0 {
			spec = everySpec(every)
		}
		sched, err := parser.Parse(spec)
		if err != nil {
			return nil, fmt.Errorf("schedule %q: %w", spec, err)
		}
		j := &slotJob{s: s, entry: e}
		j.id = s.cron.Schedule(sched, j)
	}
	return s, nil
}

// everySpec is the cron line of a clock-aligned interval (validated by the configuration).
func everySpec(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("*/%d * * * * *", int(d/time.Second))
	}
	return fmt.Sprintf("0 */%d * * * *", int(d/time.Minute))
}

// Start runs the schedule (it returns at once).
func (s *Scheduler) Start() error {
	s.cron.Start()
	return nil
}

// Shutdown stops the schedule and waits for enqueues under way.
func (s *Scheduler) Shutdown() {
	<-s.cron.Stop().Done()
	s.client.Close()
}

type slotJob struct {
	s     *Scheduler
	entry Entry
	id    cron.EntryID
}

func (j *slotJob) Run() {
	// The moment this run is for: the entry's Prev, which the cron loop sets before it answers
	// Entry (so it is this run's, however late the goroutine starts).
	at := j.s.cron.Entry(j.id).Prev
	if at.IsZero() {
		at = time.Now().Truncate(time.Second)
	}
	t := j.entry.Task()
	id := fmt.Sprintf("cron:%s:%d", t.Type(), at.Unix())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := j.s.client.EnqueueContext(ctx, t, asynq.TaskID(id), asynq.Retention(SlotRetention))
	switch {
	case err == nil:
		j.s.log.Info("cron task enqueued", "type", t.Type(), "task_id", id)
	case errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask):
		// Another scheduler enqueued this moment, or the previous run still holds the task's
		// uniqueness lock: nothing to do.
	default:
		j.s.log.Error("cron task not enqueued", "type", t.Type(), "task_id", id, "error", err.Error())
	}
}
