package queue

import (
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/mail"
)

// Every task type the shop runs, with its payload and constructor; nothing else builds tasks.
const (
	TypeMailSend      = "mail:send"
	TypeIdentityPurge = "identity:purge"
)

// MailSendPayload is one e-mail to send.
type MailSendPayload struct {
	Message mail.Message `json:"message"`
}

// NewMailSendTask sends one mail; retried with backoff while the relay is down.
func NewMailSendTask(m mail.Message) (*asynq.Task, error) {
	b, err := json.Marshal(MailSendPayload{Message: m})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeMailSend, b, asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Timeout(time.Minute)), nil
}

// NewIdentityPurgeTask removes expired sessions and password-reset tokens. Unique for an
// hour so two schedulers (several instances) do not run it twice.
func NewIdentityPurgeTask() *asynq.Task {
	return asynq.NewTask(TypeIdentityPurge, nil, asynq.Queue(QueueLow), asynq.MaxRetry(3),
		asynq.Timeout(5*time.Minute), asynq.Unique(time.Hour))
}
