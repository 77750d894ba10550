package main

import (
	"context"
	"fmt"
	"html"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"shop/tools/internal/shopproc"
)

// report is the run's table (text) and plots (an HTML page), and whether every goal was met.
type report struct {
	text   string
	html   []byte
	passed bool
}

// window is the span compared at the start and the end: ten minutes, or a third of a shorter run.
func (r *run) window() time.Duration { return min(10*time.Minute, r.dur/3) }

func (r *run) report(ctx context.Context, rate, most float64) (*report, error) {
	var b strings.Builder
	rep := &report{passed: true}
	check := func(ok bool) string {
		if ok {
			return "ok"
		}
		rep.passed = false
		return "MISSED"
	}
	w := r.window()
	first := func(at time.Duration) bool { return at < w }
	last := func(at time.Duration) bool { return at >= r.dur-w }
	r.rec.mu.Lock()
	samples := r.rec.samples
	r.rec.mu.Unlock()

	fmt.Fprintf(&b, "\nSoak: %v, 2 APIs + worker + scheduler, %d products; %.0f visits/s sent (%.0f %% of the measured %.0f/s)\n",
		r.dur, r.products, rate, r.share*100, most)
	fmt.Fprintf(&b, "windows compared: the first %v and the last %v\n\n", w, w)
	fmt.Fprintf(&b, "%-9s %9s %7s %7s %9s %9s %9s %7s\n", "class", "requests", "errors", "t/outs", "req/s", "p95 first", "p95 last", "ratio")
	var total, errs, touts int
	for _, class := range append(slices.Clone(loadClasses), classBot, classImport) {
		var n, e, t int
		var a, z []time.Duration
		for _, s := range samples {
			if s.class != class {
				continue
			}
			n++
			switch s.out {
			case outcomeError:
				e++
			case outcomeTimeout:
				t++
			}
			if s.out == outcomeOK && first(s.at) {
				a = append(a, s.took)
			}
			if s.out == outcomeOK && last(s.at) {
				z = append(z, s.took)
			}
		}
		total, errs, touts = total+n, errs+e, touts+t
		if !slices.Contains(loadClasses, class) {
			fmt.Fprintf(&b, "%-9s %9d %7d %7d\n", class, n, e, t)
			continue
		}
		pa, pz := p95(a), p95(z)
		ratio := float64(pz) / float64(max(pa, 1))
		fmt.Fprintf(&b, "%-9s %9d %7d %7d %9.1f %9s %9s %7.2f %s\n", class, n, e, t, float64(n)/r.dur.Seconds(),
			pa.Round(100*time.Microsecond), pz.Round(100*time.Microsecond), ratio, check(len(a) > 0 && len(z) > 0 && ratio <= 1.5))
	}
	fmt.Fprintf(&b, "\nall requests: %d, failed %d, timed out %d: %s\n", total, errs, touts, check(errs == 0 && touts == 0))
	for _, f := range r.rec.failures() {
		fmt.Fprintf(&b, "  %s\n", f)
	}
	if r.work != nil {
		fmt.Fprintf(&b, "checkout bot (one address): %d orders placed, %d refused with 429\n", r.work.botPlaced.Load(), r.work.botLimited.Load())
	}
	if len(r.rec.imports) > 0 {
		fmt.Fprintf(&b, "\nimports (upload until finished):\n")
		for _, line := range r.rec.imports {
			fmt.Fprintf(&b, "  %s\n", line)
		}
	}

	// Resources: each series' mean in the last window against the first's.
	r.res.mu.Lock()
	series := r.res.series
	r.res.mu.Unlock()
	fmt.Fprintf(&b, "\n%-28s %10s %10s %7s   (goal: last window's mean <= 1.2 x the first's)\n", "resource", "first", "last", "ratio")
	flat := func(name string, get func(usage) float64) {
		var a, z []float64
		for _, u := range series {
			if first(u.at) {
				a = append(a, get(u))
			}
			if last(u.at) {
				z = append(z, get(u))
			}
		}
		ma, mz := mean(a), mean(z)
		ratio := mz / math.Max(ma, 1e-9)
		fmt.Fprintf(&b, "%-28s %10.1f %10.1f %7.2f %s\n", name, ma, mz, ratio, check(len(a) > 0 && len(z) > 0 && ratio <= 1.2))
	}
	for _, p := range r.shop.procs {
		name := p.Name
		flat(name+" RSS MB", func(u usage) float64 { return u.rss[name] })
		flat(name+" goroutines", func(u usage) float64 { return u.goroutines[name] })
		flat(name+" open files", func(u usage) float64 { return u.files[name] })
	}
	flat("PostgreSQL connections", func(u usage) float64 { return u.pgConns })
	var queuedMax, redisMax float64
	stamps := map[string]bool{}
	for _, u := range series {
		queuedMax, redisMax = math.Max(queuedMax, u.queued), math.Max(redisMax, u.redisMB)
		if u.feedStamp != "" {
			stamps[u.feedStamp] = true
		}
	}
	fmt.Fprintf(&b, "queue depth at most %.0f; e-ponuda feed exports seen: %d\n", queuedMax, len(stamps))
	// Redis keeps each order's finished tasks for their retention (its mails' ids stop a
	// retried order job from mailing twice), so its memory follows the orders of the last week
	// and nothing else: the growth per order placed is the bound.
	var placed int64
	if err := r.shop.db.WithContext(ctx).Raw("SELECT COUNT(*) FROM orders").Scan(&placed).Error; err != nil {
		return nil, err
	}
	placed -= r.ordersBefore
	if len(series) > 0 {
		grew := series[len(series)-1].redisMB - series[0].redisMB
		perOrder := grew * 1e6 / math.Max(float64(placed), 1) / 1024
		fmt.Fprintf(&b, "Redis memory %.1f MB at the start, %.1f at the end (at most %.1f); %d orders placed: %.1f KB per order (goal <= 16) %s\n",
			series[0].redisMB, series[len(series)-1].redisMB, redisMax, placed, perOrder, check(perOrder <= 16))
	}
	if gone := shopproc.Gone(r.shop.procs); len(gone) > 0 {
		fmt.Fprintf(&b, "processes stopped during the run: %s %s\n", strings.Join(gone, ", "), check(false))
	}

	// The data: no stock below zero, every order's total its lines'.
	var negative, badOrders, badLines, orders int64
	g := r.shop.db.WithContext(ctx)
	if err := g.Raw("SELECT COUNT(*) FROM products WHERE stock < 0").Scan(&negative).Error; err != nil {
		return nil, err
	}
	if err := g.Raw(`SELECT COUNT(*) FROM orders o WHERE o.total <> (SELECT COALESCE(SUM(i.total), 0) FROM order_items i WHERE i.order_id = o.id)`).
		Scan(&badOrders).Error; err != nil {
		return nil, err
	}
	if err := g.Raw("SELECT COUNT(*) FROM order_items WHERE total <> price * quantity").Scan(&badLines).Error; err != nil {
		return nil, err
	}
	if err := g.Raw("SELECT COUNT(*) FROM orders").Scan(&orders).Error; err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "\nproducts with stock below zero: %d %s\n", negative, check(negative == 0))
	fmt.Fprintf(&b, "orders whose total is not their lines': %d of %d %s; lines whose total is not price x quantity: %d %s\n",
		badOrders, orders, check(badOrders == 0), badLines, check(badLines == 0))
	verdict := "PASSED"
	if !rep.passed {
		verdict = "FAILED"
	}
	fmt.Fprintf(&b, "\nsoak %s\n", verdict)
	rep.text = b.String()
	rep.html = plots(rep.text, samples, series, r.shop.procs, r.dur)
	return rep, nil
}

func p95(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[(len(ds)*95+99)/100-1]
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// point is one value of a plotted series at a time of the run.
type point struct {
	at time.Duration
	v  float64
}

// plots is the report page: the table, then throughput, p95 per class, RSS, goroutines, queue
// depth, database connections and Redis memory over time, as inline SVG (no script, no
// network: the page opens anywhere).
func plots(table string, samples []sample, series []usage, procs []*shopproc.Proc, dur time.Duration) []byte {
	const bucket = time.Minute
	n := int(dur/bucket) + 1
	count := make([]float64, n)
	lat := map[string][][]time.Duration{}
	for _, c := range loadClasses {
		lat[c] = make([][]time.Duration, n)
	}
	for _, s := range samples {
		i := int(s.at / bucket)
		if i < 0 || i >= n {
			continue
		}
		count[i]++
		if l, ok := lat[s.class]; ok && s.out == outcomeOK {
			l[i] = append(l[i], s.took)
		}
	}
	throughput := map[string][]point{}
	p95s := map[string][]point{}
	for i := range n {
		at := time.Duration(i) * bucket
		throughput["requests/s"] = append(throughput["requests/s"], point{at, count[i] / bucket.Seconds()})
		for _, c := range loadClasses {
			if len(lat[c][i]) > 0 {
				p95s[c] = append(p95s[c], point{at, float64(p95(lat[c][i])) / float64(time.Millisecond)})
			}
		}
	}
	per := func(get func(usage, string) float64) map[string][]point {
		out := map[string][]point{}
		for _, p := range procs {
			for _, u := range series {
				out[p.Name] = append(out[p.Name], point{u.at, get(u, p.Name)})
			}
		}
		return out
	}
	one := func(name string, get func(usage) float64) map[string][]point {
		out := map[string][]point{}
		for _, u := range series {
			out[name] = append(out[name], point{u.at, get(u)})
		}
		return out
	}
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Soak report</title>
<style>body{font-family:sans-serif;margin:24px;color:#222}pre{background:#f6f6f6;padding:12px;overflow:auto}
figure{margin:24px 0}figcaption{font-weight:bold;margin-bottom:4px}</style></head><body><h1>Soak report</h1><pre>`)
	b.WriteString(html.EscapeString(table))
	b.WriteString("</pre>")
	b.WriteString(chart("Throughput (requests per second, per minute)", throughput, dur))
	b.WriteString(chart("p95 per request class (ms, per minute)", p95s, dur))
	b.WriteString(chart("RSS per process (MB)", per(func(u usage, p string) float64 { return u.rss[p] }), dur))
	b.WriteString(chart("Goroutines per process", per(func(u usage, p string) float64 { return u.goroutines[p] }), dur))
	b.WriteString(chart("Open files per process", per(func(u usage, p string) float64 { return u.files[p] }), dur))
	b.WriteString(chart("Queue depth (tasks pending, active, scheduled, retrying)", one("tasks", func(u usage) float64 { return u.queued }), dur))
	b.WriteString(chart("PostgreSQL connections", one("connections", func(u usage) float64 { return u.pgConns }), dur))
	b.WriteString(chart("Redis memory (MB)", one("used_memory", func(u usage) float64 { return u.redisMB }), dur))
	b.WriteString("</body></html>\n")
	return []byte(b.String())
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf"}

// chart draws the series as lines over the run's time, the y axis from 0 to the largest value.
func chart(title string, series map[string][]point, dur time.Duration) string {
	const w, h, left, bottom = 900.0, 240.0, 60.0, 30.0
	top := 0.0
	names := make([]string, 0, len(series))
	for name, pts := range series {
		names = append(names, name)
		for _, p := range pts {
			top = math.Max(top, p.v)
		}
	}
	sort.Strings(names)
	if top == 0 {
		top = 1
	}
	x := func(at time.Duration) float64 { return left + (w-left-10)*at.Seconds()/math.Max(dur.Seconds(), 1) }
	y := func(v float64) float64 { return (h - bottom) - (h-bottom-10)*v/top }
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><figcaption>%s</figcaption><svg width="%.0f" height="%.0f" role="img" aria-label="%s">`, html.EscapeString(title), w, h+20*float64(len(names)), html.EscapeString(title))
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#999"/>`, left, h-bottom, w-10, h-bottom)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="10" x2="%.0f" y2="%.0f" stroke="#999"/>`, left, left, h-bottom)
	fmt.Fprintf(&b, `<text x="%.0f" y="16" font-size="11" text-anchor="end">%.4g</text>`, left-4, top)
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" text-anchor="end">0</text>`, left-4, h-bottom)
	for i := 0; i <= 6; i++ {
		at := time.Duration(float64(dur) * float64(i) / 6)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" text-anchor="middle">%s</text>`, x(at), h-bottom+16, at.Round(time.Minute))
	}
	for i, name := range names {
		color := palette[i%len(palette)]
		var pts []string
		for _, p := range series[name] {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.at), y(p.v)))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`, color, strings.Join(pts, " "))
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12" fill="%s">— %s</text>`, left, h+14+20*float64(i), color, html.EscapeString(name))
	}
	b.WriteString("</svg></figure>\n")
	return b.String()
}
