package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// E-invoice jobs: make a completed company order's e-invoice or an item return's credit note,
// send one to SEF, and follow the sent ones' statuses (which also makes any e-invoice or credit
// note a lost queue entry left unmade).
const (
	TypeEinvoiceIssue  = "einvoice:issue"
	TypeEinvoiceCredit = "einvoice:credit"
	TypeEinvoiceSend   = "einvoice:send"
	TypeEinvoicePoll   = "einvoice:poll"
)

// EinvoiceIssuePayload names the order; Delivered is the shop's day it was completed.
type EinvoiceIssuePayload struct {
	OrderID   uint64 `json:"order_id"`
	Delivered string `json:"delivered"`
}

// NewEinvoiceIssueTask makes an order's e-invoice. One per order (the task id and the table's
// unique order), so queueing it twice is harmless.
func NewEinvoiceIssueTask(p EinvoiceIssuePayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeEinvoiceIssue, b, asynq.Queue(QueueDefault), asynq.MaxRetry(20), asynq.Timeout(time.Minute),
		asynq.TaskID(fmt.Sprintf("einvoice-issue-%d", p.OrderID))), nil
}

// EinvoiceCreditPayload names an item return of a company order.
type EinvoiceCreditPayload struct {
	OrderID  uint64 `json:"order_id"`
	ReturnID uint64 `json:"return_id"`
}

// NewEinvoiceCreditTask makes the credit note of an item return. One per return (the task id
// and the table's unique order, kind and return), so queueing it twice is harmless.
func NewEinvoiceCreditTask(p EinvoiceCreditPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeEinvoiceCredit, b, asynq.Queue(QueueDefault), asynq.MaxRetry(20), asynq.Timeout(time.Minute),
		asynq.TaskID(fmt.Sprintf("einvoice-credit-%d", p.ReturnID))), nil
}

// EinvoiceSendPayload names the e-invoice.
type EinvoiceSendPayload struct {
	EinvoiceID uint64 `json:"einvoice_id"`
}

// NewEinvoiceSendTask uploads an e-invoice to SEF, retried with back-off while SEF is
// unreachable. attempt is the staff's retry count, so a retry after a refusal gets a new task
// id while a repeat of the same attempt is refused by the queue.
func NewEinvoiceSendTask(einvoiceID uint64, attempt int) (*asynq.Task, error) {
	b, err := json.Marshal(EinvoiceSendPayload{EinvoiceID: einvoiceID})
	if err != nil {
		return nil, err
	}
	return newTask(TypeEinvoiceSend, b, asynq.Queue(QueueDefault), asynq.MaxRetry(25), asynq.Timeout(2*time.Minute),
		asynq.TaskID(fmt.Sprintf("einvoice-send-%d-%d", einvoiceID, attempt))), nil
}

// NewEinvoicePollTask reads the statuses of the sent e-invoices. Unique for a few minutes so
// several schedulers do not pile up.
func NewEinvoicePollTask() *asynq.Task {
	return newTask(TypeEinvoicePoll, nil, asynq.Queue(QueueLow), asynq.MaxRetry(1), asynq.Timeout(5*time.Minute),
		asynq.Unique(9*time.Minute))
}
