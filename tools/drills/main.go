// Command drills cuts the shop's PostgreSQL, Redis and object store one at a time under a
// light load and tells what the shop did meanwhile and what was lost. It is `make drills`.
//
// The shop is real shopd processes (an API and a worker) on a fresh database, a reserved Redis
// database and an in-process S3 store (gofakes3), each reached through a TCP proxy of this
// tool: cutting the proxy (every open connection closed, new ones refused, or for the object
// store held unanswered as behind a dead route) is the outage, restoring it the service's
// restart. No shopd process is restarted. The goals, each drill's exit status 1 when missed:
// during the outage every request answers 2xx or 503 (never 500, never a hang) within
// -fail-fast; after the restore the shop answers again within -recover; nothing is lost (every
// order answered 2xx is stored whole and gets its confirmation mail, a refused one is not
// stored, no image row points at a missing object and no object is left without its row).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"shop/internal/platform/blob"
)

func main() {
	out := flag.String("out", "var/drills", "folder for the processes' logs and the data folder")
	bin := flag.String("bin", "bin", "folder with the shopd and shopctl binaries")
	products := flag.Int("products", 2000, "catalogue size")
	outage := flag.Duration("outage", 20*time.Second, "how long PostgreSQL and Redis are down")
	blobOutage := flag.Duration("blob-outage", time.Minute, "how long the object store is unreachable")
	rate := flag.Float64("rate", 4, "requests a second of the steady load")
	failFast := flag.Duration("fail-fast", 5*time.Second, "the longest a request may take while PostgreSQL or Redis is down")
	recoverIn := flag.Duration("recover", 15*time.Second, "the longest the shop may take to answer again after the restore")
	only := flag.String("only", "", "run one drill: postgres, redis or s3")
	flag.Parse()

	r := &run{rate: *rate, failFast: *failFast, recoverIn: *recoverIn}
	os.Exit(r.exec(*out, *bin, *products, *outage, *blobOutage, *only))
}

// exec runs the drills and answers the exit status: 0 passed, 1 a goal missed or something
// lost, 2 the drills could not run.
func (r *run) exec(out, bin string, products int, outage, blobOutage time.Duration, only string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	passed, err := r.main(ctx, out, bin, products, outage, blobOutage, only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "drills:", err)
		return 2
	}
	if !passed {
		fmt.Println("drills: FAILED")
		return 1
	}
	fmt.Println("drills: all passed")
	return 0
}

type run struct {
	rate      float64
	failFast  time.Duration
	recoverIn time.Duration
	shop      *shop
	work      *workload
}

func (r *run) main(ctx context.Context, outDir, bin string, products int, outage, blobOutage time.Duration, only string) (bool, error) {
	out, err := filepath.Abs(outDir)
	if err != nil {
		return false, err
	}
	if err := os.RemoveAll(out); err != nil {
		return false, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return false, err
	}
	binDir, err := filepath.Abs(bin)
	if err != nil {
		return false, err
	}
	r.shop, err = startShop(ctx, binDir, out, products)
	if err != nil {
		return false, err
	}
	defer r.shop.close()
	if r.work, err = newWorkload(ctx, r.shop); err != nil {
		return false, err
	}
	drills := []drill{
		{name: "postgres", title: "PostgreSQL restarted", px: r.shop.pg, outage: outage, failFast: r.failFast, check: r.lostOrders},
		{name: "redis", title: "Redis restarted", px: r.shop.rd, outage: outage, failFast: r.failFast, check: r.lostMails},
		{name: "s3", title: "object store unreachable", px: r.shop.ob, outage: blobOutage, blackhole: true, uploads: true,
			// Unanswered, the store fails an upload after its time-outs (two tries of waiting for
			// the answer, the SDK's pause between them) and the image's decoding and resizing.
			failFast: blob.S3Attempts*blob.S3AnswerTimeout + 5*time.Second, check: r.lostObjects},
	}
	passed := true
	for _, d := range drills {
		if only != "" && only != d.name {
			continue
		}
		ok, err := r.drill(ctx, d)
		if err != nil {
			return false, err
		}
		passed = passed && ok
	}
	return passed, nil
}
