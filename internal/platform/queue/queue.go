// Package queue connects the shop to Redis for asynq (jobs) and shared counters: the
// configured server in production, an in-process Redis-compatible server in the embedded set-up.
package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
	"shop/internal/platform/reqid"
)

// Queue names and their weights: critical work (mail a user waits for) before bulk work.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Weights is the asynq server's queue priority map.
var Weights = map[string]int{QueueCritical: 6, QueueDefault: 3, QueueLow: 1}

// Redis is the queue's connection: a Redis server, or one in this process for the embedded
// set-up.
type Redis struct {
	Opt    asynq.RedisConnOpt
	Client redis.UniversalClient
	// Embedded is set when the server runs in this process (nothing survives a restart).
	Embedded bool

	mini     *miniredis.Miniredis
	stopTick chan struct{}
	once     sync.Once
}

// Connect opens the configured Redis, or starts the in-process one when redis.url is empty.
func Connect(ctx context.Context, cfg *config.Config) (*Redis, error) {
	if cfg.Redis.URL == "" {
		if cfg.IsPostgres() {
			return nil, fmt.Errorf("redis.url: required with PostgreSQL (the in-process server is for the embedded set-up only)")
		}
		return StartEmbedded()
	}
	return ConnectURL(ctx, cfg.Redis.URL, cfg.Redis.DialTimeout)
}

// ConnectURL connects to redis://host:port/db and checks that it answers. dialTimeout bounds
// each connection attempt: while Redis is down a request that needs it fails within about two
// of them (one retry) and answers 503, instead of waiting out go-redis's defaults (a 5 s dial,
// five dial attempts, three retries).
func ConnectURL(ctx context.Context, url string, dialTimeout time.Duration) (*Redis, error) {
	opt, err := asynq.ParseRedisURI(url)
	if err != nil {
		return nil, fmt.Errorf("redis.url: %w", err)
	}
	co, ok := opt.(asynq.RedisClientOpt)
	if !ok {
		return nil, fmt.Errorf("redis.url: only redis:// and rediss:// addresses are supported")
	}
	co.DialTimeout = dialTimeout
	r := &Redis{Opt: co, Client: newClient(co)}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := r.Client.Ping(pingCtx).Err(); err != nil {
		r.Client.Close()
		return nil, fmt.Errorf("redis: cannot reach %s: %w", co.Addr, err)
	}
	return r, nil
}

// newClient is the client the API's requests use (rate limits, enqueueing, realtime): one
// dial attempt per try and one retry, so an outage fails fast (see ConnectURL). asynq's
// worker keeps its own client from Opt, with the same dial timeout.
func newClient(o asynq.RedisClientOpt) redis.UniversalClient {
	return redis.NewClient(&redis.Options{
		Network: o.Network, Addr: o.Addr, Username: o.Username, Password: o.Password, DB: o.DB,
		TLSConfig: o.TLSConfig, DialTimeout: o.DialTimeout, DialerRetries: 1, MaxRetries: 1,
	})
}

// StartEmbedded runs miniredis in this process. miniredis never expires keys on its own, so a
// ticker moves its clock every second; without it unique-task locks and rate windows never clear.
func StartEmbedded() (*Redis, error) {
	mr := miniredis.NewMiniRedis()
	if err := mr.StartAddr("127.0.0.1:0"); err != nil {
		return nil, fmt.Errorf("embedded redis: %w", err)
	}
	opt := asynq.RedisClientOpt{Addr: mr.Addr()}
	r := &Redis{Opt: opt, Client: newClient(opt), Embedded: true, mini: mr, stopTick: make(chan struct{})}
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				mr.FastForward(time.Second)
			case <-r.stopTick:
				return
			}
		}
	}()
	return r, nil
}

// Ping tells whether Redis answers (readiness).
func (r *Redis) Ping(ctx context.Context) error { return r.Client.Ping(ctx).Err() }

// Close closes the connection, and stops the in-process server; a second call does nothing.
func (r *Redis) Close() {
	r.once.Do(func() {
		r.Client.Close()
		if r.mini != nil {
			close(r.stopTick)
			r.mini.Close()
		}
	})
}

// Enqueuer puts tasks on the queue; the API, shopctl and the scheduler enqueue through it.
type Enqueuer struct{ client *asynq.Client }

// NewEnqueuer enqueues through r's client, so enqueueing fails as fast as r's other commands.
func NewEnqueuer(r *Redis) *Enqueuer {
	return &Enqueuer{client: asynq.NewClientFromRedisClient(r.Client)}
}

// Enqueue queues t. A duplicate (asynq.ErrDuplicateTask, ErrTaskIDConflict) comes back as it
// is, for the caller to decide; any other failure is Redis failing, an apperr.Unavailable (503).
func (e *Enqueuer) Enqueue(ctx context.Context, t *asynq.Task) (*asynq.TaskInfo, error) {
	if id := reqid.From(ctx); id != "" && t.Headers() != nil {
		t.Headers()[reqid.Key] = id
	}
	info, err := e.client.EnqueueContext(ctx, t)
	if err != nil && !errors.Is(err, asynq.ErrDuplicateTask) && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil, apperr.Unreachable(err, "redis: enqueue "+t.Type())
	}
	return info, err
}

// newTask is asynq.NewTask with an empty header map, which Enqueue fills with the enqueuing
// request's id: asynq keeps options private, so a task cannot be rebuilt with headers later,
// and Headers returns the task's own map. TestEnqueueCarriesTheRequestID holds asynq to it.
func newTask(typ string, payload []byte, opts ...asynq.Option) *asynq.Task {
	return asynq.NewTaskWithHeaders(typ, payload, map[string]string{}, opts...)
}

// Close is kept for symmetry: the connection belongs to the Redis, which closes it.
func (e *Enqueuer) Close() error { return nil }
