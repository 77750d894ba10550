// Package realtime delivers events to users' open browser tabs: a Hub per process keeps the
// local subscribers and fans events out through Redis pub/sub, so an event published by any
// process (a worker finishing a job) reaches a tab connected to any API process.
package realtime

import (
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// Hub is one process's end of the fan-out.
type Hub struct {
	rdb redis.UniversalClient
	log *slog.Logger
}

func NewHub(rdb redis.UniversalClient, log *slog.Logger) *Hub {
	return &Hub{rdb: rdb, log: log}
}
