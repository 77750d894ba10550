package queue

import (
	"time"

	"github.com/hibiken/asynq"
)

// TypeActivityPurge deletes activity log entries past the retention (config
// activity.retention_days).
const TypeActivityPurge = "activity:purge"

// NewActivityPurgeTask runs the activity log's retention. Unique for an hour: several
// instances' schedulers queue it once; the purge itself is idempotent.
func NewActivityPurgeTask() *asynq.Task {
	return newTask(TypeActivityPurge, nil, asynq.Queue(QueueLow), asynq.MaxRetry(3),
		asynq.Timeout(30*time.Minute), asynq.Unique(time.Hour))
}
