package queue

import (
	"errors"

	"github.com/hibiken/asynq"
)

// TaskState is what the queue knows of a task, for a row that shows a job's state (an import
// whose worker was killed stays "running" in its row until the queue hands it out again).
type TaskState string

// The task states.
const (
	TaskPending  TaskState = "pending"  // waiting for a worker (or scheduled)
	TaskActive   TaskState = "active"   // a worker holds it and keeps its lease alive
	TaskOrphaned TaskState = "orphaned" // active, but its lease ran out: the worker is gone; the queue will hand it out again
	TaskRetry    TaskState = "retry"    // an attempt failed; the next one waits for its time
	TaskArchived TaskState = "archived" // out of attempts, or not to be retried
	TaskGone     TaskState = "gone"     // the queue no longer has it (done, or never queued)
)

// Inspector tells the state of tasks, through r's connection (closed with r).
type Inspector struct{ in *asynq.Inspector }

// NewInspector is an inspector on r's connection.
func NewInspector(r *Redis) *Inspector {
	return &Inspector{in: asynq.NewInspectorFromRedisClient(r.Client)}
}

// maxActive bounds the active tasks looked through for an orphaned one (a queue has at most
// its workers' concurrency of them, and orphans of killed workers).
const maxActive = 1000

// State is the state of the task id in queue.
func (i *Inspector) State(queue, id string) (TaskState, error) {
	info, err := i.in.GetTaskInfo(queue, id)
	if errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound) {
		return TaskGone, nil
	}
	if err != nil {
		return "", err
	}
	switch info.State {
	case asynq.TaskStateActive:
		// Only the list of active tasks tells a held lease from an expired one.
		active, err := i.in.ListActiveTasks(queue, asynq.PageSize(maxActive))
		if err != nil {
			return "", err
		}
		for _, t := range active {
			if t.ID == id && t.IsOrphaned {
				return TaskOrphaned, nil
			}
		}
		return TaskActive, nil
	case asynq.TaskStateRetry:
		return TaskRetry, nil
	case asynq.TaskStateArchived:
		return TaskArchived, nil
	case asynq.TaskStateCompleted:
		return TaskGone, nil
	default:
		return TaskPending, nil
	}
}
