// Package realtime delivers events to users' open browser tabs: a Hub per process keeps the
// local subscribers and fans events out through Redis pub/sub, so an event published by any
// process (a worker finishing a job) reaches a tab connected to any API process.
package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Event is one thing to tell a user: its id orders the stream (a reconnecting client names the
// last id it saw), Data is opaque to the hub.
type Event struct {
	ID   uint64
	Type string
	Data []byte
}

// listenerBuffer is how many events a listener may fall behind before it is dropped. Events
// are rare (a few per import), so only a stalled connection ever fills it.
const listenerBuffer = 32

// How the subscription is kept: a read waits at most receiveTimeout before the hub pings Redis
// to find a dead connection; after a failure it waits retryMin, doubling up to retryMax.
const (
	receiveTimeout = 30 * time.Second
	retryMin       = 200 * time.Millisecond
	retryMax       = 10 * time.Second
)

// Hub is one process's end of the fan-out. Every event goes through one Redis channel with the
// user id inside the message, so one subscription per process serves all of its users.
type Hub struct {
	rdb     redis.UniversalClient
	log     *slog.Logger
	channel string

	mu      sync.Mutex
	users   map[uint64]map[*listener]struct{}
	stopped bool // Run has ended: new listeners get a closed channel

	readyOnce sync.Once
	ready     chan struct{}
}

type listener struct {
	ch   chan Event
	once sync.Once
}

func (l *listener) close() { l.once.Do(func() { close(l.ch) }) }

// message is an event on the wire, with the user it is for.
type message struct {
	User uint64 `json:"u"`
	ID   uint64 `json:"id"`
	Type string `json:"t"`
	Data []byte `json:"d"`
}

// NewHub is a hub that shares events with the other instances through rdb.
func NewHub(rdb redis.UniversalClient, log *slog.Logger) *Hub {
	return &Hub{rdb: rdb, log: log, channel: channelName(rdb), users: map[uint64]map[*listener]struct{}{}, ready: make(chan struct{})}
}

// channelName is per Redis database: pub/sub ignores the database number, and two shops (or
// two test processes) sharing one server on different databases must not hear each other.
func channelName(rdb redis.UniversalClient) string {
	db := 0
	if c, ok := rdb.(*redis.Client); ok {
		db = c.Options().DB
	}
	return fmt.Sprintf("shop:rt:%d", db)
}

// Publish sends ev to the user's listeners in every process subscribed to the same Redis.
// Nobody listening is not an error: the event is lost here, and a client that connects later
// replays it from where the events are stored.
func (h *Hub) Publish(ctx context.Context, userID uint64, ev Event) error {
	b, err := json.Marshal(message{User: userID, ID: ev.ID, Type: ev.Type, Data: ev.Data})
	if err != nil {
		return err
	}
	if err := h.rdb.Publish(ctx, h.channel, b).Err(); err != nil {
		return fmt.Errorf("realtime publish: %w", err)
	}
	return nil
}

// Subscribe registers a listener for the user's events in this process. The channel is closed
// when the listener falls too far behind, when the hub's Redis subscription was interrupted
// (events may have been missed) and when Run ends: in each case the client should reconnect
// and replay from its last event. cancel unregisters it (safe to call more than once).
func (h *Hub) Subscribe(userID uint64) (<-chan Event, func()) {
	l := &listener{ch: make(chan Event, listenerBuffer)}
	h.mu.Lock()
	if h.stopped {
		h.mu.Unlock()
		l.close()
		return l.ch, func() {}
	}
	set := h.users[userID]
	if set == nil {
		set = map[*listener]struct{}{}
		h.users[userID] = set
	}
	set[l] = struct{}{}
	h.mu.Unlock()
	return l.ch, func() {
		h.mu.Lock()
		if set := h.users[userID]; set != nil {
			delete(set, l)
			if len(set) == 0 {
				delete(h.users, userID)
			}
		}
		h.mu.Unlock()
		l.close()
	}
}

// Listeners is how many streams this process holds open (every user's).
func (h *Hub) Listeners() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.users {
		n += len(set)
	}
	return n
}

// Ready is closed once Run's first Redis subscription is confirmed: from then on an event
// published anywhere reaches this process's listeners.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// Run keeps this process's Redis subscription and hands each event to the local listeners of
// its user, until ctx ends. A broken subscription is re-established with a growing pause; the
// listeners of that moment are closed, since events published meanwhile never reached them.
// When Run returns, every listener is closed and later ones are closed at once.
func (h *Hub) Run(ctx context.Context) {
	defer h.stop()
	wait := retryMin
	for ctx.Err() == nil {
		subscribed, err := h.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("realtime: redis subscription lost", "error", err)
		h.dropAll()
		if subscribed {
			wait = retryMin
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, retryMax)
	}
}

// listen subscribes and dispatches until the connection fails or ctx ends; subscribed tells
// whether the subscription had been confirmed (to reset the back-off).
func (h *Hub) listen(ctx context.Context) (subscribed bool, err error) {
	ps := h.rdb.Subscribe(ctx, h.channel)
	defer ps.Close()
	// A read does not watch ctx: closing the subscription is what ends a waiting read.
	stop := context.AfterFunc(ctx, func() { _ = ps.Close() })
	defer stop()
	pinged := false
	for {
		msg, err := ps.ReceiveTimeout(ctx, receiveTimeout)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() && ctx.Err() == nil {
				// Quiet for a while: a ping tells a silent channel from a dead connection
				// (its answer arrives as a Pong through ReceiveTimeout). No answer within
				// another timeout means the connection is gone.
				if pinged {
					return subscribed, errors.New("redis did not answer a ping")
				}
				if err := ps.Ping(ctx); err != nil {
					return subscribed, err
				}
				pinged = true
				continue
			}
			return subscribed, err
		}
		pinged = false
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" {
				subscribed = true
				h.readyOnce.Do(func() { close(h.ready) })
			}
		case *redis.Message:
			var ev message
			if err := json.Unmarshal([]byte(m.Payload), &ev); err != nil {
				h.log.Warn("realtime: malformed message", "error", err)
				continue
			}
			h.dispatch(ev.User, Event{ID: ev.ID, Type: ev.Type, Data: ev.Data})
		}
	}
}

// dispatch hands ev to the user's listeners without ever waiting: a listener whose buffer is
// full is closed and removed (its client reconnects and replays), so one stalled connection
// cannot hold up anybody else's events.
func (h *Hub) dispatch(userID uint64, ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for l := range h.users[userID] {
		select {
		case l.ch <- ev:
		default:
			h.log.Info("realtime: listener too slow, dropped", "user_id", userID, "event_id", ev.ID)
			delete(h.users[userID], l)
			l.close()
		}
	}
	if len(h.users[userID]) == 0 {
		delete(h.users, userID)
	}
}

// dropAll closes every current listener (their clients reconnect and replay).
func (h *Hub) dropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.users {
		for l := range set {
			l.close()
		}
	}
	h.users = map[uint64]map[*listener]struct{}{}
}

func (h *Hub) stop() {
	h.mu.Lock()
	h.stopped = true
	h.mu.Unlock()
	h.dropAll()
}
