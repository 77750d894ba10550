package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/mail"
)

// Sales jobs: an order's mails and notifications, and the sweep that re-queues any an outage
// left behind.
const (
	TypeOrderPlaced     = "sales:order_placed"
	TypeOrderMailsSweep = "sales:order_mails_sweep"
)

// OrderPlacedPayload names the new order.
type OrderPlacedPayload struct {
	OrderID uint64 `json:"order_id"`
}

// NewOrderPlacedTask queues an order's confirmation, the staff's mails and their bell
// notifications. Its id is the order's, so queueing it twice (checkout, then the sweep) runs
// it once; the service marks the order done, so a retry sends nothing twice.
func NewOrderPlacedTask(orderID uint64) (*asynq.Task, error) {
	b, err := json.Marshal(OrderPlacedPayload{OrderID: orderID})
	if err != nil {
		return nil, err
	}
	return newTask(TypeOrderPlaced, b, asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Timeout(time.Minute),
		asynq.TaskID(OrderPlacedTaskID(orderID)), asynq.Retention(24*time.Hour)), nil
}

// OrderPlacedTaskID is the id of order orderID's job.
func OrderPlacedTaskID(orderID uint64) string {
	return fmt.Sprintf("order-placed-%d", orderID)
}

// NewOrderMailTask sends one mail of an order under a stable id (one per order and recipient),
// so the order job's retry does not send it again; retried with backoff while the relay is down.
func NewOrderMailTask(id string, m mail.Message) (*asynq.Task, error) {
	b, err := json.Marshal(MailSendPayload{Message: m})
	if err != nil {
		return nil, err
	}
	return newTask(TypeMailSend, b, asynq.Queue(QueueCritical), asynq.MaxRetry(25), asynq.Timeout(time.Minute),
		asynq.TaskID(id), asynq.Retention(7*24*time.Hour)), nil
}

// NewOrderMailsSweepTask re-queues the order jobs of orders whose mails were never queued
// (Redis was down at checkout). Unique for a few minutes so several schedulers do not pile up.
func NewOrderMailsSweepTask() *asynq.Task {
	return newTask(TypeOrderMailsSweep, nil, asynq.Queue(QueueDefault), asynq.MaxRetry(1), asynq.Timeout(2*time.Minute),
		asynq.Unique(4*time.Minute))
}
