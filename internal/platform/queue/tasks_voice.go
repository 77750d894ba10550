package queue

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/mail"
)

// TypeVoiceBackInStock is the customers' voice's scan that mails back-in-stock subscribers.
// Its other tasks are mails that must go out once (a task id per mail, so a retried caller
// does not send it twice).
const TypeVoiceBackInStock = "voice:back_in_stock"

// NewBackInStockTask mails the subscribers of products that can be bought again. Unique for a
// minute: the scheduler's runs and a manual one do not pile up; the scan is idempotent.
func NewBackInStockTask() *asynq.Task {
	return newTask(TypeVoiceBackInStock, nil, asynq.Queue(QueueLow), asynq.MaxRetry(3),
		asynq.Timeout(10*time.Minute), asynq.Unique(time.Minute))
}

// NewVoiceMailTask is a mail:send task with the id "voice:"+key, kept a day after it ran: the
// same key queued again in that time is a duplicate (Duplicate) and sends nothing.
func NewVoiceMailTask(m mail.Message, key string) (*asynq.Task, error) {
	b, err := json.Marshal(MailSendPayload{Message: m})
	if err != nil {
		return nil, err
	}
	return newTask(TypeMailSend, b, asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Timeout(time.Minute),
		asynq.TaskID("voice:"+key), asynq.Retention(24*time.Hour)), nil
}

// Duplicate tells whether an Enqueue error only says the task is queued already.
func Duplicate(err error) bool {
	return errors.Is(err, asynq.ErrDuplicateTask) || errors.Is(err, asynq.ErrTaskIDConflict)
}
