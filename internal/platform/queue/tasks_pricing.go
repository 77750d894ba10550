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
	return asynq.NewTask(TypePricesRecompute, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)), nil
}
