package worker

import (
	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
)

// QueueCollector exposes asynq's queue state to Prometheus, read from Redis at scrape time
// (so every instance reports the same shared queues).
type QueueCollector struct {
	insp *asynq.Inspector
	size *prometheus.Desc
	proc *prometheus.Desc
	fail *prometheus.Desc
	lat  *prometheus.Desc
}

// NewQueueCollector reads the queues through insp.
func NewQueueCollector(insp *asynq.Inspector) *QueueCollector {
	return &QueueCollector{
		insp: insp,
		size: prometheus.NewDesc("shop_queue_tasks", "Tasks in a queue by state.", []string{"queue", "state"}, nil),
		proc: prometheus.NewDesc("shop_queue_processed_today", "Tasks processed today (UTC) by queue.", []string{"queue"}, nil),
		fail: prometheus.NewDesc("shop_queue_failed_today", "Tasks failed today (UTC) by queue.", []string{"queue"}, nil),
		lat:  prometheus.NewDesc("shop_queue_latency_seconds", "Age of the oldest pending task by queue.", []string{"queue"}, nil),
	}
}

// Describe sends the four metrics' descriptions.
func (c *QueueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.size
	ch <- c.proc
	ch <- c.fail
	ch <- c.lat
}

// Collect reads the queues now and sends their sizes, counts and latencies.
func (c *QueueCollector) Collect(ch chan<- prometheus.Metric) {
	queues, err := c.insp.Queues()
	if err != nil {
		return
	}
	for _, q := range queues {
		info, err := c.insp.GetQueueInfo(q)
		if err != nil {
			continue
		}
		for state, n := range map[string]int{"pending": info.Pending, "active": info.Active, "scheduled": info.Scheduled,
			"retry": info.Retry, "archived": info.Archived, "completed": info.Completed} {
			ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(n), q, state)
		}
		ch <- prometheus.MustNewConstMetric(c.proc, prometheus.GaugeValue, float64(info.Processed), q)
		ch <- prometheus.MustNewConstMetric(c.fail, prometheus.GaugeValue, float64(info.Failed), q)
		ch <- prometheus.MustNewConstMetric(c.lat, prometheus.GaugeValue, info.Latency.Seconds(), q)
	}
}
