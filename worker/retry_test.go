package worker

import (
	"errors"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/queue"
)

// TestRetryDelay: a task whose worker died runs again as soon as asynq hands it out; a task
// that failed keeps asynq's backoff.
func TestRetryDelay(t *testing.T) {
	task := asynq.NewTask(queue.TypeOrderPlaced, nil)
	if d := retryDelay(0, asynq.ErrLeaseExpired, task); d != 0 {
		t.Errorf("lease expired: retried after %v, want at once", d)
	}
	if d := retryDelay(0, errors.New("smtp dial: refused"), task); d < 15*time.Second {
		t.Errorf("failed: retried after %v, want asynq's backoff (at least 15 s)", d)
	}
}
