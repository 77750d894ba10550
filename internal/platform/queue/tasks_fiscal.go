package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Fiscal jobs: one receipt of an order signed by the fiscal device, and the sweep that queues
// the receipts an outage of the queue left behind.
const (
	TypeFiscalReceipt = "fiscal:receipt"
	TypeFiscalSweep   = "fiscal:sweep"
)

// Receipt kinds: the sale when the order is paid, the refund when a paid order is cancelled,
// the proforma when a proforma invoice goes to a buyer who is a person (docs/fiscal.md).
const (
	FiscalNormal   = "normal"
	FiscalRefund   = "refund"
	FiscalProforma = "proforma"
)

// FiscalReceiptPayload names the order and the kind of its receipt.
type FiscalReceiptPayload struct {
	OrderID uint64 `json:"order_id"`
	Kind    string `json:"kind"`
	// ReturnID is the item return a refund receipt is for (0: the whole order's cancellation).
	ReturnID uint64 `json:"return_id,omitempty"`
}

// NewFiscalReceiptTask fiscalises one receipt. Its id is the order's, the kind's and the
// round's (0 the first; a staff retry starts the next), so queueing it twice runs it once.
// asynq's back-off spaces the retries while the device is unreachable; the service looks a
// request up by its RequestId before sending it again, so no retry signs twice.
func NewFiscalReceiptTask(orderID uint64, kind string, round int) (*asynq.Task, error) {
	b, err := json.Marshal(FiscalReceiptPayload{OrderID: orderID, Kind: kind})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeFiscalReceipt, b, asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Timeout(time.Minute),
		asynq.TaskID(fmt.Sprintf("fiscal-%s-%d-%d", kind, orderID, round)), asynq.Retention(24*time.Hour)), nil
}

// NewFiscalReturnTask fiscalises the refund receipt of one item return of an order; ids as
// NewFiscalReceiptTask's, one per return.
func NewFiscalReturnTask(orderID, returnID uint64, round int) (*asynq.Task, error) {
	b, err := json.Marshal(FiscalReceiptPayload{OrderID: orderID, Kind: FiscalRefund, ReturnID: returnID})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeFiscalReceipt, b, asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Timeout(time.Minute),
		asynq.TaskID(fmt.Sprintf("fiscal-%s-%d-r%d-%d", FiscalRefund, orderID, returnID, round)), asynq.Retention(24*time.Hour)), nil
}

// NewFiscalSweepTask queues the receipts of paid (or cancelled, or proforma) orders that have
// none yet. Unique for a few minutes so several schedulers do not pile up.
func NewFiscalSweepTask() *asynq.Task {
	return asynq.NewTask(TypeFiscalSweep, nil, asynq.Queue(QueueDefault), asynq.MaxRetry(1), asynq.Timeout(2*time.Minute),
		asynq.Unique(4*time.Minute))
}
