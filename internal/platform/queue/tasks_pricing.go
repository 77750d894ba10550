package queue

import (
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"
)

// TypePricesRecompute recomputes the derived prices of a category's products (its VAT or a
// margin changed).
const TypePricesRecompute = "pricing:recompute"

// PricesRecomputePayload is one category's recompute.
type PricesRecomputePayload struct {
	CategoryID uint64 `json:"category_id"`
	Category   string `json:"category"` // its name, for the notification
	// UserID changed the category and gets the notification (0: nobody to tell).
	UserID uint64 `json:"user_id"`
}

// NewPricesRecomputeTask queues a category's recompute: one set-based UPDATE from the
// category's current VAT and margins, so a retry, or a second task after another change, ends
// in the same prices. Not unique: a change made while a recompute runs needs its own run.
func NewPricesRecomputeTask(p PricesRecomputePayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypePricesRecompute, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)), nil
}

// TypePricesSchedule recomputes one scope's prices after a rule or discount changed, once per
// scope and coalescing window; TypePricesMidnight applies the actions that start or end today.
const (
	TypePricesSchedule = "pricing:schedule"
	TypePricesMidnight = "pricing:midnight"
)

// PricesSchedulePayload names a pricing scope (pricing.Scope's kind and ids).
type PricesSchedulePayload struct {
	Kind string   `json:"kind"`
	IDs  []uint64 `json:"ids,omitempty"`
	// UserID is who made the change that queued it (0: the system); they are told when the
	// prices are there. Changes coalesced into a queued task tell its first author only.
	UserID uint64 `json:"user_id,omitempty"`
}

// NewPricesScheduleTask queues the recompute of a scope at runAt, the end of the coalescing
// window the change fell in. Its id is the scope's key and window (id): every change of the
// scope within the window finds the task already there (ErrTaskIDConflict) and is covered by
// it, because it runs after the window has closed and reads the inputs then; a change after the
// window makes the next task. A recompute is one statement writing only what differs, so a
// retry or an extra run ends in the same prices.
func NewPricesScheduleTask(p PricesSchedulePayload, id string, runAt time.Time) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypePricesSchedule, b, asynq.Queue(QueueDefault), asynq.TaskID(id), asynq.ProcessAt(runAt),
		asynq.MaxRetry(10), asynq.Timeout(10*time.Minute)), nil
}

// NewPricesMidnightTask recomputes the products whose action starts today or ended yesterday.
// Unique for an hour so several schedulers enqueue it once.
func NewPricesMidnightTask() *asynq.Task {
	return newTask(TypePricesMidnight, nil, asynq.Queue(QueueDefault), asynq.MaxRetry(10),
		asynq.Timeout(30*time.Minute), asynq.Unique(time.Hour))
}
