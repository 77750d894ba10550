package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"shop/internal/platform/config"
	"shop/internal/platform/procnice"
	"shop/worker"
)

// startWorkerProcess starts the jobs' worker as production runs it (`shopd serve --role
// worker`: a process of its own at worker.nice): this program again
// with -worker-child, on cfg's database, Redis and files. It answers once the worker takes
// tasks, and a stop that ends the process.
func startWorkerProcess(cfg *config.Config) (func() error, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "-worker-child")
	cmd.Env = append(os.Environ(), "SHOP_BENCH_CHILD_DATA_DIR="+cfg.DataDir, "SHOP_BENCH_CHILD_DATABASE_URL="+cfg.Database.URL,
		"SHOP_BENCH_CHILD_REDIS_URL="+cfg.Redis.URL)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	// Its output is read to the end before Wait closes the pipe (os/exec's rule).
	lines := bufio.NewReader(out)
	drained := make(chan struct{})
	stop := func() error {
		in.Close() // the child stops when its standard input closes
		<-drained
		return cmd.Wait()
	}
	line, err := lines.ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, lines); close(drained) }()
	if err != nil || strings.TrimSpace(line) != "ready" {
		_ = stop() // the failed start is the error to report
		return nil, fmt.Errorf("worker child: %q (%v)", line, err)
	}
	return stop, nil
}

// workerChild is startWorkerProcess's child: the app and the worker as shopd's worker role
// sets them up, until standard input closes.
func workerChild() error {
	ctx := context.Background()
	a, cfg, log, err := openApp(ctx, os.Getenv("SHOP_BENCH_CHILD_DATA_DIR"), os.Getenv("SHOP_BENCH_CHILD_DATABASE_URL"),
		os.Getenv("SHOP_BENCH_CHILD_REDIS_URL"))
	if err != nil {
		return err
	}
	defer a.Close()
	// Every thread of the process, those started later too (they inherit it).
	if err := procnice.Set(cfg.Worker.Nice); err != nil {
		return err
	}
	ws := worker.NewServer(a.Redis, 2, 10*time.Second, log)
	if err := ws.Start(worker.Mux(worker.Deps{Log: log, Catalog: a.Catalog, Pricelist: a.Pricelist, Pricing: a.Pricing})); err != nil {
		return err
	}
	defer ws.Shutdown()
	fmt.Println("ready")
	_, err = io.Copy(io.Discard, os.Stdin)
	return err
}
