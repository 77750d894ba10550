package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/johannesboyne/gofakes3"

	"shop/internal/platform/queue"
	"shop/tools/internal/shopproc"
)

// drill is one outage: which proxy is cut, for how long, and how to tell what was lost.
type drill struct {
	name, title string
	px          *proxy
	outage      time.Duration
	blackhole   bool
	uploads     bool
	failFast    time.Duration // the longest a request may take during the outage
	check       func(ctx context.Context, res []result) (report []string, lost []string, err error)
}

func (r *run) drill(ctx context.Context, d drill) (bool, error) {
	fmt.Printf("\n== %s: %v (%s) ==\n", d.title, d.outage, map[bool]string{false: "connections closed, new ones refused", true: "connections closed, new ones unanswered"}[d.blackhole])
	rec := &recorder{}
	loadCtx, stopLoad := context.WithCancel(ctx)
	loadDone := make(chan struct{})
	go func() { r.work.run(loadCtx, rec, r.rate, d.uploads); close(loadDone) }()
	defer func() { stopLoad(); <-loadDone }()

	sleep(ctx, 8*time.Second)
	cut := time.Now()
	d.px.cut(d.blackhole)
	sleep(ctx, d.outage/2)
	readySt, readyBody := readyz(r.shop.api)
	sleep(ctx, time.Until(cut.Add(d.outage)))
	d.px.restore()
	restored := time.Now()

	kinds := []string{kindGet, kindCheckout}
	if d.uploads {
		kinds = append(kinds, kindUpload)
	}
	// Wait for every kind of request to succeed again (or twice the allowed time), then a
	// little more load to see it stays so.
	for time.Since(restored) < 2*r.recoverIn+10*time.Second && ctx.Err() == nil {
		if _, all := recovery(rec.results(), restored, kinds); all {
			break
		}
		sleep(ctx, 500*time.Millisecond)
	}
	sleep(ctx, 8*time.Second)
	stopLoad()
	<-loadDone
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	res := rec.results()

	passed := true
	missed := map[string]int{}
	var misses []string
	miss := func(f string, a ...any) {
		passed = false
		m := fmt.Sprintf(f, a...)
		if missed[m]++; missed[m] == 1 {
			misses = append(misses, m)
		}
	}
	defer func() {
		for _, m := range misses {
			fmt.Printf("  GOAL MISSED: %s (x%d)\n", m, missed[m])
		}
	}()
	fmt.Printf("  %-8s %-9s %6s  %-34s %9s\n", "phase", "request", "count", "answers", "max time")
	for _, ph := range []struct {
		name     string
		from, to time.Time
	}{{"before", time.Time{}, cut}, {"outage", cut, restored}, {"after", restored, time.Now().Add(time.Hour)}} {
		for _, k := range kinds {
			var n int
			var most time.Duration
			codes := map[string]int{}
			for _, x := range res {
				if x.kind != k || x.start.Before(ph.from) || !x.start.Before(ph.to) {
					continue
				}
				n++
				most = max(most, x.took)
				codes[code(x)]++
			}
			fmt.Printf("  %-8s %-9s %6d  %-34s %9s\n", ph.name, k, n, histogram(codes), most.Round(time.Millisecond))
		}
	}
	// The outage's answers: 2xx or 503, in time, with a message.
	msgs := map[string]bool{}
	for _, x := range res {
		if x.start.Before(cut) || !x.start.Before(restored) {
			continue
		}
		if x.status/100 != 2 && x.status != 503 {
			miss("during the outage %s answered %s (%s%s)", x.kind, code(x), x.msg, x.err)
		} else if x.took > d.failFast {
			miss("during the outage %s took over %v", x.kind, d.failFast)
		}
		if x.status == 503 {
			if x.msg == "" {
				miss("a 503 of %s without a message", x.kind)
			}
			msgs[x.kind+": "+x.msg] = true
		}
	}
	for _, m := range sortedKeys(msgs) {
		fmt.Printf("  503 message  %s\n", m)
	}
	fmt.Printf("  /readyz during the outage: %d %s\n", readySt, readyBody)
	if readySt != 503 {
		miss("/readyz answered %d during the outage, not 503", readySt)
	}
	recov, all := recovery(res, restored, kinds)
	for _, k := range kinds {
		t, ok := recov[k]
		if !ok {
			miss("%s never succeeded again after the restore", k)
			continue
		}
		fmt.Printf("  recovered  %-9s first 2xx %v after the restore\n", k, t.Round(time.Millisecond))
		if t > r.recoverIn {
			miss("%s took %v to recover (over %v)", k, t.Round(time.Millisecond), r.recoverIn)
		}
	}
	if all {
		// Once recovered, every request succeeds.
		for _, x := range res {
			if t, ok := recov[x.kind]; ok && x.start.After(restored.Add(t)) && x.status/100 != 2 {
				miss("after recovering, %s answered %s (%s%s)", x.kind, code(x), x.msg, x.err)
			}
		}
	}
	if s := shopproc.Gone(r.shop.procs); len(s) > 0 {
		miss("processes stopped: %v", s)
	}
	report, lost, err := d.check(ctx, res)
	if err != nil {
		return false, err
	}
	for _, l := range report {
		fmt.Println("  " + l)
	}
	if len(lost) == 0 {
		fmt.Println("  lost: nothing")
	} else {
		passed = false
		fmt.Printf("  lost: %d\n", len(lost))
		for i, l := range lost {
			if i == 10 {
				fmt.Printf("    ... and %d more\n", len(lost)-10)
				break
			}
			fmt.Println("    " + l)
		}
	}
	return passed, nil
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func code(x result) string {
	if x.status == 0 {
		if strings.Contains(x.err, "Timeout") || strings.Contains(x.err, "deadline") {
			return "timeout"
		}
		return "no answer"
	}
	return fmt.Sprint(x.status)
}

func histogram(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s x%d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// recovery is, for each kind, the time from the restore to the end of the first request sent
// after it that succeeded; all tells every kind has.
func recovery(res []result, restored time.Time, kinds []string) (map[string]time.Duration, bool) {
	out := map[string]time.Duration{}
	for _, x := range res {
		if x.start.Before(restored) || x.status/100 != 2 {
			continue
		}
		if _, ok := out[x.kind]; !ok {
			out[x.kind] = x.start.Add(x.took).Sub(restored)
		}
	}
	for _, k := range kinds {
		if _, ok := out[k]; !ok {
			return out, false
		}
	}
	return out, true
}

// lostOrders: every checkout answered 2xx is stored with its lines; one refused is not stored.
func (r *run) lostOrders(ctx context.Context, res []result) ([]string, []string, error) {
	var rows []struct {
		Email string
		Items int
	}
	if err := r.shop.db.WithContext(ctx).Raw(`SELECT o.email, (SELECT COUNT(*) FROM order_items i WHERE i.order_id = o.id) AS items
		FROM orders o WHERE o.email LIKE '%@drill.example'`).Scan(&rows).Error; err != nil {
		return nil, nil, err
	}
	stored := map[string]int{}
	for _, o := range rows {
		stored[o.Email] = o.Items
	}
	var attempted, ok, refused, kept int
	var lost []string
	for _, x := range res {
		if x.kind != kindCheckout || x.email == "" {
			continue
		}
		attempted++
		items, in := stored[x.email]
		switch {
		case x.status/100 == 2 && !in:
			lost = append(lost, fmt.Sprintf("order of %s answered %d but not stored", x.email, x.status))
		case x.status/100 == 2:
			ok++
		case in:
			lost = append(lost, fmt.Sprintf("order of %s answered %s but stored (a retry would order twice)", x.email, code(x)))
		default:
			refused++
		}
		if in {
			kept++
			if items == 0 {
				lost = append(lost, fmt.Sprintf("order of %s stored without its lines", x.email))
			}
		}
	}
	return []string{fmt.Sprintf("checkouts: %d orders sent, %d answered 2xx, %d refused; %d stored, each with its lines", attempted, ok, refused, kept)}, lost, nil
}

var toHeader = regexp.MustCompile(`(?mi)^To:.*?([A-Za-z0-9._%+-]+@drill\.example)`)

// lostMails: every order placed so far, those placed while Redis was down among them, gets its
// confirmation mail. The scheduler's sweep re-queues an order's mails a minute after it was
// placed, every five minutes; the drill queues that sweep itself once the orders are a minute
// old, as the scheduler would, rather than wait for its next run.
func (r *run) lostMails(ctx context.Context, _ []result) ([]string, []string, error) {
	g := r.shop.db.WithContext(ctx)
	var newest time.Time
	if err := g.Raw(`SELECT COALESCE(MAX(created_at), NOW()) FROM orders`).Scan(&newest).Error; err != nil {
		return nil, nil, err
	}
	sleep(ctx, time.Until(newest.Add(65*time.Second)))
	var pending int64
	if err := g.Raw(`SELECT COUNT(*) FROM orders WHERE notified_at IS NULL`).Scan(&pending).Error; err != nil {
		return nil, nil, err
	}
	rd, err := queue.ConnectURL(ctx, r.shop.redis.URL, time.Second)
	if err != nil {
		return nil, nil, err
	}
	defer rd.Close()
	if _, err := queue.NewEnqueuer(rd).Enqueue(ctx, queue.NewOrderMailsSweepTask()); err != nil {
		return nil, nil, fmt.Errorf("queue the sweep: %w", err)
	}
	var lost []string
	var orders int
	deadline := time.Now().Add(90 * time.Second)
	for {
		var rows []struct {
			ID       uint64
			Email    string
			Notified bool
		}
		if err := g.Raw(`SELECT id, email, notified_at IS NOT NULL AS notified FROM orders WHERE email LIKE '%@drill.example' ORDER BY id`).Scan(&rows).Error; err != nil {
			return nil, nil, err
		}
		mailed, err := r.mailedTo()
		if err != nil {
			return nil, nil, err
		}
		lost = lost[:0]
		for _, o := range rows {
			switch {
			case !o.Notified:
				lost = append(lost, fmt.Sprintf("order %d (%s): its mails never queued", o.ID, o.Email))
			case !mailed[o.Email]:
				lost = append(lost, fmt.Sprintf("order %d (%s): no confirmation mail in the outbox", o.ID, o.Email))
			}
		}
		orders = len(rows)
		if len(lost) == 0 || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		sleep(ctx, 2*time.Second)
	}
	return []string{fmt.Sprintf("mails: %d orders; %d were waiting for the sweep; %d confirmation mails missing", orders, pending, len(lost))}, lost, nil
}

// mailedTo is the guests' addresses the outbox holds a mail to.
func (r *run) mailedTo() (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(r.shop.data, "outbox", "*.eml"))
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		head, _, _ := strings.Cut(string(b), "\r\n\r\n")
		for _, m := range toHeader.FindAllStringSubmatch(head, -1) {
			out[m[1]] = true
		}
	}
	return out, nil
}

// lostObjects: no image row points at a missing object, no uploaded object is left without
// its row, and every upload answered 2xx is stored.
func (r *run) lostObjects(ctx context.Context, res []result) ([]string, []string, error) {
	var rows []struct{ SmallKey, LargeKey string }
	if err := r.shop.db.WithContext(ctx).Raw(`SELECT small_key, large_key FROM product_images`).Scan(&rows).Error; err != nil {
		return nil, nil, err
	}
	list, err := r.shop.s3.ListBucket(bucket, &gofakes3.Prefix{HasPrefix: true, Prefix: "images/products/"}, gofakes3.ListBucketPage{})
	if err != nil {
		return nil, nil, err
	}
	objects := map[string]bool{}
	for _, c := range list.Contents {
		objects[c.Key] = true
	}
	var lost []string
	referenced := map[string]bool{}
	for _, row := range rows {
		for _, k := range []string{row.SmallKey, row.LargeKey} {
			referenced[k] = true
			if !objects[k] {
				lost = append(lost, "image row points at a missing object "+k)
			}
		}
	}
	for k := range objects {
		if !referenced[k] {
			lost = append(lost, "object without its image row (half-written upload) "+k)
		}
	}
	var ok, refused int
	for _, x := range res {
		if x.kind == kindUpload {
			if x.status/100 == 2 {
				ok++
			} else {
				refused++
			}
		}
	}
	if len(rows) < ok {
		lost = append(lost, fmt.Sprintf("%d uploads answered 2xx, %d image rows", ok, len(rows)))
	}
	return []string{fmt.Sprintf("uploads: %d stored, %d refused; %d image rows, %d objects", ok, refused, len(rows), len(objects))}, lost, nil
}
