package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeDiscountMass gives a selection of products one action (the "bulk discounts" worker).
const TypeDiscountMass = "pricing:discount_mass"

// DiscountMassPayload is one mass discount run: the action and the products.
type DiscountMassPayload struct {
	RunID          uint64 `json:"run_id"`
	DiscountTypeID uint64 `json:"discount_type_id"`
	Price          int64  `json:"price"`      // para, a fixed-price type's
	Percentage     int64  `json:"percentage"` // bps, a percentage type's
	From           string `json:"from"`       // YYYY-MM-DD
	To             string `json:"to"`
	// Selection is a catalog.ProductSelection (ids, or the list's filter), encoded by the
	// catalogue, which this package cannot import.
	Selection json.RawMessage `json:"selection"`
	// UserID started the run and hears how it ended.
	UserID uint64 `json:"user_id"`
}

// NewDiscountMassTask queues a mass discount run: one INSERT ... SELECT committed with the
// run's end, so a retry after a crash either finds the run done or does it whole. One task per
// run (its id is the run's).
func NewDiscountMassTask(p DiscountMassPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeDiscountMass, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute),
		asynq.TaskID(fmt.Sprintf("discount-mass-%d", p.RunID))), nil
}
