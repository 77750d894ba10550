// Package shopproc runs a shop of real processes for the tools that try it from outside (the
// soak, the drills): a fresh PostgreSQL database, one of Redis's numbered databases reserved
// under the tests' lock keys, shopctl as an operator runs it and shopd processes with their logs.
package shopproc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"shop/internal/platform/db"
)

// FirstEnv is the first of the variables that is set ("" when none is).
func FirstEnv(keys ...string) string {
	for _, k := range keys {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}

// FreshDatabase creates an empty database named prefix_<random> on base's server and answers
// its URL and the drop (which keeps it, and says so, when keep is set).
func FreshDatabase(ctx context.Context, base, prefix string, keep bool) (string, func(), error) {
	admin, err := db.OpenURL(ctx, base, 2)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	name := prefix + "_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		db.Close(admin)
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		db.Close(admin)
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		if keep {
			fmt.Printf("database kept: %s\n", u.String())
		} else {
			admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		}
		db.Close(admin)
	}, nil
}

// Redis is one of Redis's numbered databases, reserved and emptied for a run.
type Redis struct {
	URL     string
	Client  *redis.Client
	release func()
}

// ReserveRedis takes one of databases 1-15 under the lock keys the tests use
// (shoptest:lock:N in database 0, held for ttl), so a test and a tool never share one, and
// empties it.
func ReserveRedis(ctx context.Context, base, owner string, ttl time.Duration) (*Redis, error) {
	opt, err := redis.ParseURL(base)
	if err != nil {
		return nil, fmt.Errorf("redis url: %w", err)
	}
	lock := redis.NewClient(opt)
	token := fmt.Sprintf("%s-%d-%d", owner, os.Getpid(), time.Now().UnixNano())
	for n := 15; n >= 1; n-- {
		key := fmt.Sprintf("shoptest:lock:%d", n)
		got, err := lock.SetNX(ctx, key, token, ttl).Result()
		if err != nil {
			lock.Close()
			return nil, fmt.Errorf("redis: %w", err)
		}
		if !got {
			continue
		}
		r := &Redis{Client: redis.NewClient(&redis.Options{Addr: opt.Addr, Password: opt.Password, DB: n}),
			release: func() { lock.Del(context.Background(), key); lock.Close() }}
		if err := r.Client.FlushDB(ctx).Err(); err != nil {
			r.Close()
			return nil, err
		}
		u, _ := url.Parse(base)
		u.Path = fmt.Sprintf("/%d", n)
		r.URL = u.String()
		return r, nil
	}
	lock.Close()
	return nil, errors.New("redis: no free numbered database (all 15 are locked by tests)")
}

// Close empties the database and releases it.
func (r *Redis) Close() {
	r.Client.FlushDB(context.Background())
	r.Client.Close()
	r.release()
}

// Shopctl runs bin/shopctl with env added to this process's environment.
func Shopctl(ctx context.Context, bin string, env []string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "shopctl"), args...)
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("shopctl %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return nil
}

// FreePort is a loopback address no one listens on now.
func FreePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// Proc is one shopd process.
type Proc struct {
	Name, Role  string
	Addr        string // the API's address ("" for other roles)
	MetricsAddr string
	Cmd         *exec.Cmd
	Log         string // its output's file
	exited      chan error
}

// Start runs bin/shopd serve --role role with env, on its own metrics address (and HTTP
// address for an API), its output in dir/name.log. It dies with the tool that started it.
func Start(bin, dir, name, role string, env []string) (*Proc, error) {
	p := &Proc{Name: name, Role: role, Log: filepath.Join(dir, name+".log")}
	var err error
	if p.MetricsAddr, err = FreePort(); err != nil {
		return nil, err
	}
	env = append(append([]string{}, env...), "SHOP_HTTP_METRICS_ADDR="+p.MetricsAddr)
	if role == "api" {
		if p.Addr, err = FreePort(); err != nil {
			return nil, err
		}
		env = append(env, "SHOP_HTTP_ADDR="+p.Addr)
	}
	log, err := os.Create(p.Log)
	if err != nil {
		return nil, err
	}
	p.Cmd = exec.Command(filepath.Join(bin, "shopd"), "serve", "--role", role)
	p.Cmd.Env = append(os.Environ(), env...)
	p.Cmd.Stdout, p.Cmd.Stderr = log, log
	p.Cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := p.Cmd.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.exited = make(chan error, 1)
	go func() { p.exited <- p.Cmd.Wait(); log.Close() }()
	return p, nil
}

// WaitReady waits until the API's /readyz answers 200.
func (p *Proc) WaitReady(ctx context.Context, within time.Duration) error {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if gone, err := p.Stopped(); gone {
			return fmt.Errorf("%s stopped at start: %v (log: %s)", p.Name, err, p.Log)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if resp, err := http.Get("http://" + p.Addr + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s not ready within %v", p.Name, within)
}

// Stopped tells whether the process has stopped, and how, without waiting.
func (p *Proc) Stopped() (bool, error) {
	select {
	case err := <-p.exited:
		p.exited <- err
		return true, err
	default:
		return false, nil
	}
}

// Stop sends SIGTERM to every process and kills those still running after within.
func Stop(procs []*Proc, within time.Duration) {
	for _, p := range procs {
		_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, p := range procs {
		select {
		case err := <-p.exited:
			p.exited <- err
		case <-time.After(within):
			_ = p.Cmd.Process.Kill()
		}
	}
}

// Gone names the processes that have stopped, with how: a tool's run
// restarts no process, so any is a failure of the shop.
func Gone(procs []*Proc) []string {
	var out []string
	for _, p := range procs {
		if gone, err := p.Stopped(); gone {
			out = append(out, fmt.Sprintf("%s (%v)", p.Name, err))
		}
	}
	return out
}
