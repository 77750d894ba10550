package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"

	"shop/internal/platform/reqid"
)

// JobMetrics are the jobs' durations and failures by task type, as this worker ran them.
type JobMetrics struct {
	duration *prometheus.HistogramVec
	failures *prometheus.CounterVec
}

// NewJobMetrics registers the jobs' metrics on reg.
func NewJobMetrics(reg prometheus.Registerer) *JobMetrics {
	m := &JobMetrics{
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shop_job_duration_seconds",
			Help: "Time a job ran, by task type.", Buckets: []float64{.01, .05, .1, .5, 1, 5, 15, 60, 300, 1800}}, []string{"type"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "shop_job_failures_total",
			Help: "Job runs that ended in an error (each retry counts), by task type."}, []string{"type"}),
	}
	reg.MustRegister(m.duration, m.failures)
	return m
}

// jobID is the id a job's log lines carry: the enqueuing request's (so one id finds the
// request and its jobs), else the job's own.
func jobID(ctx context.Context, t *asynq.Task) string {
	if id := t.Headers()[reqid.Key]; id != "" {
		return id
	}
	id, _ := asynq.GetTaskID(ctx)
	return "job-" + id
}

// observe puts the job's id on its context (its log lines and the jobs it enqueues carry it),
// writes one line per run and feeds the metrics (m may be nil).
func observe(log *slog.Logger, m *JobMetrics) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			ctx = reqid.With(ctx, jobID(ctx, t))
			start := time.Now()
			err := next.ProcessTask(ctx, t)
			d := time.Since(start)
			if m != nil {
				m.duration.WithLabelValues(t.Type()).Observe(d.Seconds())
				if err != nil {
					m.failures.WithLabelValues(t.Type()).Inc()
				}
			}
			if log != nil {
				taskID, _ := asynq.GetTaskID(ctx)
				attrs := []slog.Attr{slog.String("type", t.Type()), slog.String("task_id", taskID), slog.Duration("duration", d)}
				if err != nil {
					attrs = append(attrs, slog.String("error", err.Error()))
				}
				log.LogAttrs(ctx, slog.LevelInfo, "job", attrs...)
			}
			return err
		})
	}
}
