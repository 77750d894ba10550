// Package ratelimit counts events per key in fixed windows kept in Redis, so every API
// instance shares the same counts. Redis failing is an apperr.Unavailable (503): without the
// counts nothing limited may go ahead.
package ratelimit

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"shop/internal/platform/apperr"
)

// Limiter counts events per key in Redis.
type Limiter struct {
	rdb    redis.UniversalClient
	prefix string
}

// New is a limiter whose keys start with prefix (the shop's Redis key prefix).
func New(rdb redis.UniversalClient, prefix string) *Limiter {
	return &Limiter{rdb: rdb, prefix: prefix + "ratelimit:"}
}

// incr adds one to key's window and returns the count and the time left in the window.
var incr = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`)

// Hit counts one event and tells whether the count is still within limit, and how long until
// the window resets.
func (l *Limiter) Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	res, err := incr.Run(ctx, l.rdb, []string{l.prefix + key}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return false, 0, apperr.Unreachable(err, "rate limit")
	}
	return res[0] <= int64(limit), time.Duration(res[1]) * time.Millisecond, nil
}

// Exceeded tells whether key's current count is at or over limit, without counting.
func (l *Limiter) Exceeded(ctx context.Context, key string, limit int) (bool, time.Duration, error) {
	n, err := l.rdb.Get(ctx, l.prefix+key).Int64()
	if err == redis.Nil {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, apperr.Unreachable(err, "rate limit")
	}
	ttl, err := l.rdb.PTTL(ctx, l.prefix+key).Result()
	if err != nil {
		return false, 0, apperr.Unreachable(err, "rate limit")
	}
	return n >= int64(limit), ttl, nil
}

// Reset forgets key's count.
func (l *Limiter) Reset(ctx context.Context, key string) error {
	return apperr.Unreachable(l.rdb.Del(ctx, l.prefix+key).Err(), "rate limit")
}
