package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
)

type outcome uint8

const (
	outcomeOK outcome = iota
	outcomeError
	outcomeTimeout
)

// sample is one request as the load generator saw it.
type sample struct {
	at    time.Duration // since the run's start
	class string
	took  time.Duration
	out   outcome
}

// recorder keeps every request of the run (a few hundred thousand an hour) and the first
// failures' descriptions.
type recorder struct {
	start    time.Time
	mu       sync.Mutex
	samples  []sample
	failed   []string
	imports  []string
	nFailed  int
	keepFail int
}

func newRecorder(start time.Time) *recorder { return &recorder{start: start, keepFail: 20} }

func (r *recorder) add(class string, start time.Time, took time.Duration, out outcome, note string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.samples = append(r.samples, sample{start.Sub(r.start), class, took, out})
	if out != outcomeOK {
		r.nFailed++
		if len(r.failed) < r.keepFail {
			r.failed = append(r.failed, fmt.Sprintf("%s at %v: %s", class, start.Sub(r.start).Round(time.Second), note))
		}
	}
	if class == classImport {
		r.imports = append(r.imports, fmt.Sprintf("at %v, %v: %s", start.Sub(r.start).Round(time.Second), took.Round(time.Second), note))
	}
}

func (r *recorder) failures() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.failed...)
}

// usage is one look at the processes, the database and Redis.
type usage struct {
	at         time.Duration
	rss        map[string]float64 // MB, per process
	goroutines map[string]float64
	files      map[string]float64 // open file descriptors
	pgConns    float64
	redisMB    float64
	queued     float64 // tasks pending, active, scheduled or retrying
	feedStamp  string  // the e-ponuda feed's Last-Modified
}

// sampler looks every period and keeps the series.
type sampler struct {
	shop    *shop
	start   time.Time
	inspect *asynq.Inspector
	mu      sync.Mutex
	series  []usage

	feedETag, lastStamp string // the feed's at the last look that downloaded it
}

func newSampler(s *shop, start time.Time) *sampler {
	opt := s.redis.Client.Options()
	return &sampler{shop: s, start: start, inspect: asynq.NewInspector(asynq.RedisClientOpt{Addr: opt.Addr, Password: opt.Password, DB: opt.DB})}
}

func (m *sampler) loop(ctx context.Context, every time.Duration) {
	defer m.inspect.Close()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		// A look of its own time: the run's end must not cut the last one short.
		lctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		m.look(lctx)
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (m *sampler) look(ctx context.Context) {
	u := usage{at: time.Since(m.start), rss: map[string]float64{}, goroutines: map[string]float64{}, files: map[string]float64{}}
	for _, p := range m.shop.procs {
		pid := p.Cmd.Process.Pid
		u.rss[p.Name] = procRSS(pid)
		if fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid)); err == nil {
			u.files[p.Name] = float64(len(fds))
		}
		u.goroutines[p.Name] = scrape(p.MetricsAddr, "go_goroutines")
	}
	_ = m.shop.db.WithContext(ctx).Raw(`SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).
		Scan(&u.pgConns).Error
	if info, err := m.shop.redis.Client.Info(ctx, "memory").Result(); err == nil {
		for _, line := range strings.Split(info, "\r\n") {
			if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
				n, _ := strconv.ParseFloat(v, 64)
				u.redisMB = n / 1e6
			}
		}
	}
	if queues, err := m.inspect.Queues(); err == nil {
		for _, q := range queues {
			if qi, err := m.inspect.GetQueueInfo(q); err == nil {
				u.queued += float64(qi.Pending + qi.Active + qi.Scheduled + qi.Retry)
			}
		}
	}
	u.feedStamp = m.feedStamp(ctx)
	m.mu.Lock()
	m.series = append(m.series, u)
	m.mu.Unlock()
}

// feedStamp is the e-ponuda feed's Last-Modified. The request is conditional on the last look's
// ETag, so the sampler does not download (and its client unzip) the whole feed every period on
// the machine it measures.
func (m *sampler) feedStamp(ctx context.Context) string {
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+m.shop.apis[0].Addr+"/feeds/eponuda.xml", nil)
	if m.feedETag != "" {
		req.Header.Set("If-None-Match", m.feedETag)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return m.lastStamp
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		m.feedETag, m.lastStamp = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	}
	return m.lastStamp
}

// procRSS is the process's resident set in MB (0 when it cannot be read).
func procRSS(pid int) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			return kb / 1024
		}
	}
	return 0
}

// scrape reads one unlabelled gauge from a process's /metrics (0 when it is not there).
func scrape(addr, name string) float64 {
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return n
		}
	}
	return 0
}
