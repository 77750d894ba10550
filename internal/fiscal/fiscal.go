package fiscal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/queue"
	"shop/internal/sales"
)

// Device signs receipts: a V-SDC through vsdc.Client, or the simulator.
type Device interface {
	CreateInvoice(ctx context.Context, requestID string, req *vsdc.InvoiceRequest) (*vsdc.InvoiceResult, error)
	FindByRequestID(ctx context.Context, requestID string) (*vsdc.InvoiceResult, error)
}

// Enqueuer puts a task on the queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task) (*asynq.TaskInfo, error)
}

// Options say who issues the receipts, and whether the device is the simulator.
type Options struct {
	Identity  Identity
	Simulated bool
}

// Service is the fiscal capability.
type Service struct {
	db    *gorm.DB
	sales *sales.Service
	dev   Device
	enq   Enqueuer
	log   *slog.Logger
	clock clock.Clock
	opts  Options
}

// NewService builds the fiscal service.
func NewService(db *gorm.DB, s *sales.Service, dev Device, enq Enqueuer, log *slog.Logger, clk clock.Clock, opts Options) *Service {
	return &Service{db: db, sales: s, dev: dev, enq: enq, log: log, clock: clk, opts: opts}
}

// Simulated tells whether receipts are signed by the simulator (pages say "test receipt").
func (s *Service) Simulated() bool { return s.opts.Simulated }

// ErrWaiting means the receipt cannot be made yet (a refund waits for its sale's signature).
var ErrWaiting = errors.New("waiting for the sale's receipt")

// Fiscalise brings the order's receipt of kind to the device and stores the signed answer.
// It is the job's whole work and safe to run any number of times: a signed or failed receipt
// is left as it is; an attempt is counted before the request goes out, so an attempt after
// one that may have reached the device (a lost answer, a killed worker) first asks the
// device for the invoice under the receipt's RequestId and only sends when there is none.
// A refusal marks the receipt failed (no retry helps); any other failure is returned for the
// job to retry later, the reason kept on the receipt.
func (s *Service) Fiscalise(ctx context.Context, orderID uint64, kind string) (*Receipt, error) {
	return s.fiscalise(ctx, orderID, kind, 0)
}

// FiscaliseReturn is Fiscalise for the refund receipt of one item return of the order: its own
// receipt (one per return), with the same guarantees.
func (s *Service) FiscaliseReturn(ctx context.Context, orderID, returnID uint64) (*Receipt, error) {
	return s.fiscalise(ctx, orderID, KindRefund, returnID)
}

func (s *Service) fiscalise(ctx context.Context, orderID uint64, kind string, returnID uint64) (*Receipt, error) {
	r, o, fresh, err := s.prepare(ctx, orderID, kind, returnID)
	if err != nil {
		return r, err
	}
	if r.Status == StatusSent {
		// Signed by an earlier run whose mail could not be queued: the customer still gets it.
		return r, s.mailOnce(ctx, r, o)
	}
	if r.Status != StatusPending {
		return r, nil
	}
	// A receipt this run made was stored with its first attempt counted; any other counts
	// this attempt now, before the request goes out.
	earlier := !fresh
	if earlier {
		res := s.db.WithContext(ctx).Model(&Receipt{}).Where("id = ? AND status = ?", r.ID, StatusPending).
			Updates(map[string]any{"attempts": gorm.Expr("attempts + 1"), "updated_at": s.clock.Now()})
		if res.Error != nil {
			return nil, apperr.Wrap(res.Error, "receipt attempt")
		}
		earlier = r.Attempts > 0
	}
	var signed *vsdc.InvoiceResult
	if earlier {
		signed, err = s.dev.FindByRequestID(ctx, r.RequestID)
		if errors.Is(err, vsdc.ErrNotFound) {
			signed, err = nil, nil
		}
		if err != nil {
			return s.later(ctx, r, err)
		}
	}
	if signed == nil {
		var req vsdc.InvoiceRequest
		if err := json.Unmarshal([]byte(r.Request), &req); err != nil {
			return nil, apperr.Wrap(err, "stored receipt request")
		}
		signed, err = s.dev.CreateInvoice(ctx, r.RequestID, &req)
		var rej *vsdc.RejectedError
		if errors.As(err, &rej) {
			return s.fail(ctx, r, rej.Error())
		}
		if err != nil {
			return s.later(ctx, r, err)
		}
	}
	return s.store(ctx, r, o, signed)
}

// prepare finds the order's receipt of kind (of the item return, for a return's refund), or
// makes it: the request built from the order as it is now, under a new RequestId. A request that cannot be built (a VAT rate the device does
// not know, totals that disagree) is a failed receipt with the reason, for staff to see. fresh
// tells that this call made the receipt, its first attempt counted in the same insert; the
// order comes back when it was read (nil otherwise).
func (s *Service) prepare(ctx context.Context, orderID uint64, kind string, returnID uint64) (*Receipt, *sales.Order, bool, error) {
	if !oneOf(kind, Kinds) || (returnID != 0 && kind != KindRefund) {
		return nil, nil, false, apperr.InvalidFields(apperr.Field("kind", "validation.oneof"))
	}
	got, err := s.receipt(ctx, orderID, kind, returnID)
	if err != nil || got != nil {
		return got, nil, false, err
	}
	o, err := s.sales.OrderWithItems(ctx, orderID)
	if err != nil {
		return nil, nil, false, err
	}
	var ret *sales.OrderReturn
	if returnID != 0 {
		if o.PaidAt == nil {
			return nil, nil, false, apperr.New(apperr.Invalid, "fiscal.not_refunded")
		}
		if ret, err = s.sales.Return(ctx, orderID, returnID); err != nil {
			return nil, nil, false, err
		}
	} else if err := due(o, kind); err != nil {
		return nil, nil, false, err
	}
	total := o.Total
	if kind == KindRefund && ret == nil {
		// A cancellation after item returns refunds what the returns left (each return had
		// its own refund); with nothing left there is nothing to refund.
		done, err := s.sales.Returned(ctx, orderID)
		if err != nil {
			return nil, nil, false, err
		}
		if o = sales.Kept(o, done); len(o.Items) == 0 {
			return nil, nil, false, apperr.New(apperr.Invalid, "fiscal.nothing_left")
		}
		total = o.Total
	}
	if ret != nil {
		total = ret.Total
	}
	var sale *Receipt
	if kind == KindRefund {
		if sale, err = s.receipt(ctx, orderID, KindNormal, 0); err != nil {
			return nil, nil, false, err
		}
		if sale == nil || sale.Status != StatusSent {
			return nil, nil, false, ErrWaiting
		}
	}
	now := s.clock.Now()
	r := Receipt{OrderID: orderID, Kind: kind, ReturnID: returnID, RequestID: newRequestID(), Status: StatusPending, Attempts: 1,
		PaymentType: PaymentType(o.PaymentMethod), BuyerPIB: o.CompanyPIB, BuyerName: buyerName(o), Total: total, Simulated: s.opts.Simulated,
		CreatedAt: now, UpdatedAt: now}
	req, berr := BuildRequest(o, kind, s.opts.Identity, sale, ret)
	if berr != nil {
		r.Status, r.Reason, r.Request, r.Attempts = StatusFailed, reasonOf(berr), "{}", 0
	} else {
		b, _ := json.Marshal(req)
		r.Request, r.ReferentNumber = string(b), req.ReferentDocumentNumber
	}
	// Two jobs of one receipt at once: the unique (order, kind, return) keeps one row, and both go on
	// with it (its RequestId is the one the device sees); the one whose insert lost reads it.
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&r)
	if res.Error != nil {
		return nil, nil, false, apperr.Wrap(res.Error, "create receipt")
	}
	if res.RowsAffected == 1 && r.ID != 0 {
		return &r, o, true, nil
	}
	got, err = s.receipt(ctx, orderID, kind, returnID)
	if err != nil {
		return nil, nil, false, err
	}
	if got == nil {
		return nil, nil, false, apperr.Wrap(errors.New("receipt vanished"), "create receipt")
	}
	return got, o, false, nil
}

// due refuses a receipt the order does not call for (the job then ends without retrying).
func due(o *sales.Order, kind string) error {
	switch kind {
	case KindNormal:
		if o.PaidAt == nil {
			return apperr.New(apperr.Invalid, "fiscal.not_paid")
		}
	case KindRefund:
		if o.PaidAt == nil || !sales.Cancelled(o.Status) {
			return apperr.New(apperr.Invalid, "fiscal.not_refunded")
		}
	case KindProforma:
		if o.PaymentMethod != sales.PaymentBankTransfer || o.CompanyPIB != "" {
			return apperr.New(apperr.Invalid, "fiscal.no_proforma")
		}
	}
	return nil
}

func buyerName(o *sales.Order) string {
	if o.CompanyName != "" {
		return o.CompanyName
	}
	return o.Name
}

func (s *Service) receipt(ctx context.Context, orderID uint64, kind string, returnID uint64) (*Receipt, error) {
	var r Receipt
	err := s.db.WithContext(ctx).Where("order_id = ? AND kind = ? AND return_id = ?", orderID, kind, returnID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "receipt")
	}
	return &r, nil
}

// store keeps the device's answer; only a receipt not yet sent takes it (a second answer to a
// racing job changes nothing). The customer's mail is queued first and marked in the same
// update: its content is the device's answer, and its stable task id keeps it one mail when a
// retry queues it again.
func (s *Service) store(ctx context.Context, r *Receipt, o *sales.Order, res *vsdc.InvoiceResult) (*Receipt, error) {
	raw, _ := json.Marshal(res)
	now := s.clock.Now()
	out := *r
	out.Status, out.Reason, out.Response, out.InvoiceNumber, out.InvoiceCounter = StatusSent, "", string(raw), res.InvoiceNumber, res.InvoiceCounter
	out.TotalCounter, out.VerificationURL, out.Journal, out.Signature, out.SentAt, out.UpdatedAt = res.TotalCounter, res.VerificationURL, res.Journal,
		res.Signature, &now, now
	cols := map[string]any{"status": StatusSent, "reason": "", "response": string(raw), "invoice_number": res.InvoiceNumber,
		"invoice_counter": res.InvoiceCounter, "total_counter": res.TotalCounter, "verification_url": res.VerificationURL,
		"journal": res.Journal, "signature": res.Signature, "sent_at": now, "updated_at": now}
	if t, err := time.Parse(time.RFC3339Nano, res.SdcDateTime); err == nil {
		cols["sdc_time"] = t
		out.SdcTime = &t
	}
	mailErr := s.queueMail(ctx, &out, o)
	if mailErr == nil {
		cols["mailed_at"] = now
		out.MailedAt = &now
	}
	// The answer's commit need not wait for the disk: were it lost, the receipt would still be
	// pending with its attempt counted, and the next run looks its RequestId up on the device
	// and stores the same invoice (the insert that counted the attempt did wait).
	var stored int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if tx.Dialector.Name() == "postgres" {
			if err := tx.Exec("SET LOCAL synchronous_commit TO OFF").Error; err != nil {
				return err
			}
		}
		upd := tx.Model(&Receipt{}).Where("id = ? AND status <> ?", r.ID, StatusSent).Updates(cols)
		stored = upd.RowsAffected
		return upd.Error
	})
	if err != nil {
		return nil, apperr.Wrap(err, "store receipt")
	}
	if stored == 0 {
		got, err := s.byID(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		return got, mailErr
	}
	return &out, mailErr
}

// fail marks the receipt failed with the reason: the device refused it, and sending the same
// request again would get the same refusal. Staff see it and retry after a fix.
func (s *Service) fail(ctx context.Context, r *Receipt, reason string) (*Receipt, error) {
	if err := s.db.WithContext(ctx).Model(&Receipt{}).Where("id = ? AND status = ?", r.ID, StatusPending).
		Updates(map[string]any{"status": StatusFailed, "reason": reason, "updated_at": s.clock.Now()}).Error; err != nil {
		return nil, apperr.Wrap(err, "fail receipt")
	}
	s.log.WarnContext(ctx, "fiscal receipt refused", "order_id", r.OrderID, "kind", r.Kind, "reason", reason)
	return s.byID(ctx, r.ID)
}

// later keeps the reason of a failure worth retrying and hands the error back to the job.
func (s *Service) later(ctx context.Context, r *Receipt, cause error) (*Receipt, error) {
	_ = s.db.WithContext(ctx).Model(&Receipt{}).Where("id = ? AND status = ?", r.ID, StatusPending).
		Updates(map[string]any{"reason": cause.Error(), "updated_at": s.clock.Now()}).Error
	return nil, fmt.Errorf("fiscal receipt %d: %w", r.ID, cause)
}

// GiveUp marks a receipt whose retries ran out as failed (the job's last attempt), so staff see
// it among the failed ones and retry it.
func (s *Service) GiveUp(ctx context.Context, orderID uint64, kind string, returnID uint64, cause error) error {
	reason := "retries exhausted: " + cause.Error()
	return apperr.Wrap(s.db.WithContext(ctx).Model(&Receipt{}).Where("order_id = ? AND kind = ? AND return_id = ? AND status = ?", orderID, kind, returnID, StatusPending).
		Updates(map[string]any{"status": StatusFailed, "reason": reason, "updated_at": s.clock.Now()}).Error, "give up receipt")
}

func (s *Service) byID(ctx context.Context, id uint64) (*Receipt, error) {
	var r Receipt
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, apperr.NotFoundThing("receipt")
		}
		return nil, apperr.Wrap(err, "receipt")
	}
	return &r, nil
}

// Receipt is one receipt by id.
func (s *Service) Receipt(ctx context.Context, id uint64) (*Receipt, error) { return s.byID(ctx, id) }

// ForOrder lists the order's receipts, oldest first.
func (s *Service) ForOrder(ctx context.Context, orderID uint64) ([]Receipt, error) {
	var out []Receipt
	if err := s.db.WithContext(ctx).Where("order_id = ?", orderID).Order("id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "order receipts")
	}
	return out, nil
}

// Retry puts a failed receipt back to pending and queues it. Its RequestId stays: if an earlier
// attempt did reach the device, the job finds that invoice instead of making a second one.
func (s *Service) Retry(ctx context.Context, id uint64) (*Receipt, error) {
	r, err := s.byID(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Status != StatusFailed {
		return nil, apperr.InvalidFields(apperr.Field("status", "fiscal.retry_failed_only"))
	}
	if r.Request == "{}" {
		// The request could not be built (the reason says why): build it again from the
		// order as it is now, under a new RequestId (nothing was ever sent under the old one).
		if err := s.db.WithContext(ctx).Where("id = ? AND status = ? AND attempts = 0", id, StatusFailed).Delete(&Receipt{}).Error; err != nil {
			return nil, apperr.Wrap(err, "retry receipt")
		}
	} else if err := s.db.WithContext(ctx).Model(&Receipt{}).Where("id = ? AND status = ?", id, StatusFailed).
		Updates(map[string]any{"status": StatusPending, "updated_at": s.clock.Now()}).Error; err != nil {
		return nil, apperr.Wrap(err, "retry receipt")
	}
	if err := s.queue(ctx, r.OrderID, r.Kind, r.ReturnID, r.Attempts+1); err != nil {
		return nil, err
	}
	if r.Request == "{}" {
		return &Receipt{OrderID: r.OrderID, Kind: r.Kind, ReturnID: r.ReturnID, Status: StatusPending}, nil
	}
	return s.byID(ctx, id)
}

func (s *Service) queue(ctx context.Context, orderID uint64, kind string, returnID uint64, round int) error {
	t, err := queue.NewFiscalReceiptTask(orderID, kind, round)
	if returnID != 0 {
		t, err = queue.NewFiscalReturnTask(orderID, returnID, round)
	}
	if err != nil {
		return apperr.Wrap(err, "receipt task")
	}
	if _, err := s.enq.Enqueue(ctx, t); err != nil && !isDuplicate(err) {
		return apperr.Unreachable(err, "queue receipt")
	}
	return nil
}

// SweepWindow is how far back the sweep looks for orders without their receipts.
const SweepWindow = 14 * 24 * time.Hour

// Sweep queues the receipts that orders of the last SweepWindow call for and do not have
// (the queue was down when they were paid, cancelled or placed), and the mails of signed
// receipts never queued. Returns how many it queued.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	n, err := s.sweepMails(ctx)
	if err != nil {
		return n, err
	}
	since := s.clock.Now().Add(-SweepWindow)
	m, err := s.sweepReturns(ctx, since)
	n += m
	if err != nil {
		return n, err
	}
	orders, err := s.sales.FiscalOrders(ctx, since)
	if err != nil || len(orders) == 0 {
		return n, err
	}
	ids := make([]uint64, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	have := map[string]bool{}
	var rows []struct {
		OrderID uint64
		Kind    string
	}
	for start := 0; start < len(ids); start += 5000 {
		end := min(start+5000, len(ids))
		var part []struct {
			OrderID uint64
			Kind    string
		}
		if err := s.db.WithContext(ctx).Model(&Receipt{}).Select("order_id, kind").Where("order_id IN ? AND return_id = 0", ids[start:end]).
			Scan(&part).Error; err != nil {
			return 0, apperr.Wrap(err, "sweep receipts")
		}
		rows = append(rows, part...)
	}
	for _, r := range rows {
		have[fmt.Sprintf("%d/%s", r.OrderID, r.Kind)] = true
	}
	for _, o := range orders {
		for _, kind := range wanted(o) {
			if have[fmt.Sprintf("%d/%s", o.ID, kind)] {
				continue
			}
			if kind == KindRefund {
				// Returns may have refunded every unit already: then the cancellation has none.
				done, err := s.sales.Returned(ctx, o.ID)
				if err != nil {
					return n, err
				}
				if len(done) > 0 {
					full, err := s.sales.OrderWithItems(ctx, o.ID)
					if err != nil {
						return n, err
					}
					if len(sales.Kept(full, done).Items) == 0 {
						continue
					}
				}
			}
			if err := s.queue(ctx, o.ID, kind, 0, 0); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// sweepReturns queues the refund receipts of the item returns recorded since the instant that
// have none (the queue was down when they were recorded).
func (s *Service) sweepReturns(ctx context.Context, since time.Time) (int, error) {
	rets, err := s.sales.FiscalReturns(ctx, since)
	if err != nil || len(rets) == 0 {
		return 0, err
	}
	ids := make([]uint64, len(rets))
	for i, r := range rets {
		ids[i] = r.ID
	}
	have := map[uint64]bool{}
	for start := 0; start < len(ids); start += 5000 {
		end := min(start+5000, len(ids))
		var part []uint64
		if err := s.db.WithContext(ctx).Model(&Receipt{}).Where("kind = ? AND return_id IN ?", KindRefund, ids[start:end]).
			Pluck("return_id", &part).Error; err != nil {
			return 0, apperr.Wrap(err, "sweep return receipts")
		}
		for _, id := range part {
			have[id] = true
		}
	}
	n := 0
	for _, r := range rets {
		if have[r.ID] {
			continue
		}
		if err := s.queue(ctx, r.OrderID, KindRefund, r.ID, 0); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// sweepMails queues the mail of receipts signed over a minute ago whose mail was never queued
// (the queue was down when they were signed).
func (s *Service) sweepMails(ctx context.Context) (int, error) {
	var list []Receipt
	if err := s.db.WithContext(ctx).Omit("request").Where("status = ? AND mailed_at IS NULL AND sent_at < ?", StatusSent, s.clock.Now().Add(-time.Minute)).
		Order("id").Limit(1000).Find(&list).Error; err != nil {
		return 0, apperr.Wrap(err, "sweep receipt mails")
	}
	for i := range list {
		if err := s.mailOnce(ctx, &list[i], nil); err != nil {
			return i, err
		}
	}
	return len(list), nil
}

// wanted are the receipts an order calls for (the rules of docs/fiscal.md).
func wanted(o sales.FiscalOrder) []string {
	var out []string
	if o.PaymentMethod == sales.PaymentBankTransfer && o.CompanyPIB == "" {
		out = append(out, KindProforma)
	}
	if o.PaidAt != nil {
		out = append(out, KindNormal)
		if sales.Cancelled(o.Status) {
			out = append(out, KindRefund)
		}
	}
	return out
}

// isDuplicate: the queue already holds the task of this id (a retry queued it again).
func isDuplicate(err error) bool {
	return errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask)
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}
