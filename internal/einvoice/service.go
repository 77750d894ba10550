package einvoice

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/identity"
	"shop/internal/notify"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
	"shop/internal/sales"
)

// The shop's own states of an e-invoice before SEF has it; after that the status is SEF's
// (Sent, Approved, Rejected, Cancelled, Storno, or another SEF status as SEF says it).
const (
	// StatusInvalid: the document breaks a CIUS rule (the shop's or the buyer's data are
	// incomplete); it is not sent until staff fix the data and retry.
	StatusInvalid = "invalid"
	// StatusQueued: valid and waiting for the send job (or for SEF to be reachable again).
	StatusQueued = "queued"
	// StatusRefused: SEF refused the upload; Error holds its answer.
	StatusRefused = "refused"
)

// Statuses lists every status the list filters on.
var Statuses = []string{StatusInvalid, StatusQueued, StatusRefused, StatusSent, StatusApproved, StatusRejected, StatusCancelled, StatusStorno}

// final are SEF statuses that change no more by themselves (the poll stops reading them).
var final = map[string]bool{StatusApproved: true, StatusRejected: true, StatusCancelled: true, StatusStorno: true}

// NotificationRejected is the bell notification staff who follow orders get when a buyer
// rejects an e-invoice: the buyer's reason, with the order to open.
const NotificationRejected = "EinvoiceRejected"

// The kinds of e-invoice: the order's invoice, and a credit note (knjižno odobrenje) per item
// return made after SEF had the invoice.
const (
	KindInvoice    = "invoice"
	KindCreditNote = "credit_note"
)

// Kinds lists the kinds the list filters on.
var Kinds = []string{KindInvoice, KindCreditNote}

// Einvoice is one order's e-invoice or one of its credit notes.
type Einvoice struct {
	ID      uint64 `gorm:"primaryKey"`
	OrderID uint64
	Kind    string
	// ReturnID is the item return a credit note credits (0 for the invoice).
	ReturnID uint64
	// ReturnsSeq is the last return an invoice's lines already leave out: those returns need no
	// credit note.
	ReturnsSeq         int
	Number             string
	RequestID          string
	BuyerName          string
	BuyerPIB           string `gorm:"column:buyer_pib"`
	BuyerCompanyNumber string
	IssueDate          string
	DeliveryDate       string
	Total              money.Para
	XML                string `gorm:"column:xml"`
	Status             string
	SEFInvoiceID       *int64 `gorm:"column:sef_invoice_id"`
	// Comment is the buyer's reason of a rejection, or the shop's of a cancel or storno.
	Comment string
	// Error is why the e-invoice is invalid, refused, or still queued (SEF unreachable).
	Error     string
	Attempts  int
	SentAt    *time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Einvoice) TableName() string { return "einvoices" }

// SEF is the part of SEF's API the service uses (Client; tests wrap it to fail on purpose).
type SEF interface {
	Upload(ctx context.Context, doc []byte, requestID string) (Uploaded, error)
	Invoice(ctx context.Context, invoiceID int64) (SalesInvoice, error)
	Cancel(ctx context.Context, invoiceID int64, comment string) error
	Storno(ctx context.Context, invoiceID int64, number, comment string) error
}

// Enqueuer puts a task on the queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task) (*asynq.TaskInfo, error)
}

// Options set up the service: DueDays is how many days after the issue the invoice is due; Simulator marks a
// shop that talks to the simulator (the admin says the e-invoices are test ones).
type Options struct {
	DueDays   int
	Simulator bool
}

// Service is the e-invoice capability.
type Service struct {
	db    *gorm.DB
	sales *sales.Service
	ids   *identity.Service
	notes *notify.Service
	sef   SEF
	enq   Enqueuer
	log   *slog.Logger
	clock clock.Clock
	opts  Options
}

// NewService builds the service.
func NewService(db *gorm.DB, s *sales.Service, ids *identity.Service, n *notify.Service, sef SEF, enq Enqueuer, log *slog.Logger,
	clk clock.Clock, opts Options) *Service {
	if opts.DueDays <= 0 {
		opts.DueDays = 8
	}
	return &Service{db: db, sales: s, ids: ids, notes: n, sef: sef, enq: enq, log: log, clock: clk, opts: opts}
}

// Simulator tells whether SEF is the simulator.
func (s *Service) Simulator() bool { return s.opts.Simulator }

// Number is the e-invoice's number: F- and the order's number (one invoice per order).
func Number(orderNumber string) string { return "F-" + orderNumber }

// CreditNumber is a credit note's number: KO- (knjižno odobrenje), the order's number and the
// return's number among the order's returns.
func CreditNumber(orderNumber string, returnSeq int) string {
	return fmt.Sprintf("KO-%s-%d", orderNumber, returnSeq)
}

// OrderNumber is the number of the order the e-invoice is of, read from its own number.
func (e *Einvoice) OrderNumber() string {
	if e.Kind != KindCreditNote {
		return strings.TrimPrefix(e.Number, "F-")
	}
	n := strings.TrimPrefix(e.Number, "KO-")
	if i := strings.LastIndexByte(n, '-'); i >= 0 {
		return n[:i]
	}
	return n
}

func newRequestID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// cityLine reads "…, 11000 Beograd" at the end of an address: the post code and the city.
var cityLine = regexp.MustCompile(`^(.*),\s*([0-9]{5})\s+(.+)$`)

// seller is the shop as the invoice names it: the company data staff keep for proforma
// invoices (view-proforma-invoice-info), the city from the address's last part or else the
// place of issue.
func (s *Service) seller(ctx context.Context) (Party, error) {
	d, err := s.sales.InvoiceData(ctx)
	if err != nil {
		return Party{}, err
	}
	p := Party{Name: d.Name, Address: d.Address, City: s.sales.IssuePlace(), PIB: d.PIB, CompanyNumber: d.RegistrationNumber, Email: d.Email}
	if m := cityLine.FindStringSubmatch(d.Address); m != nil {
		p.Address, p.PostCode, p.City = m[1], m[2], m[3]
	}
	return p, nil
}

// document is the order's e-invoice content.
func (s *Service) document(ctx context.Context, o *sales.Order, number, issued, delivered string) (Document, error) {
	seller, err := s.seller(ctx)
	if err != nil {
		return Document{}, err
	}
	ips, err := s.sales.IPSFor(ctx, o)
	if err != nil {
		return Document{}, err
	}
	due, _ := time.ParseInLocation(time.DateOnly, issued, clock.Zone)
	d := Document{Number: number, OrderNumber: o.NumberOf(), IssueDate: issued, DueDate: due.AddDate(0, 0, s.opts.DueDays).Format(time.DateOnly),
		DeliveryDate: delivered, Seller: seller,
		Buyer: Party{Name: o.CompanyName, Address: o.Address, City: o.City, PostCode: o.PostCode, PIB: o.CompanyPIB, CompanyNumber: o.CompanyNumber,
			Email: o.Email},
		Total: o.Total, Account: ips.Account, Reference: ips.Reference}
	for _, it := range o.Items {
		d.Lines = append(d.Lines, Line{SKU: it.SKU, Name: it.Name, Quantity: it.Quantity, Gross: it.Total, VatBps: it.VatBps})
	}
	return d, nil
}

// render builds and checks a document: the XML, and the rules it breaks (one line each) as
// the e-invoice's error.
func render(d Document) (string, string, error) {
	b, _, err := Build(d)
	if err != nil {
		return "", "", apperr.Wrap(err, "e-invoice xml")
	}
	var errs []string
	for _, v := range Validate(b) {
		errs = append(errs, v.String())
	}
	return string(b), strings.Join(errs, "\n"), nil
}

// Issue makes a completed company order's e-invoice (once: a second call answers the first
// one) and queues its sending. delivered is the shop's day the order was completed ("": the
// day of its last change). An e-invoice that breaks a rule is kept as invalid with the
// rules it breaks, for staff to see and retry once the data are fixed.
func (s *Service) Issue(ctx context.Context, orderID uint64, delivered string) (*Einvoice, error) {
	if e, err := s.ByOrder(ctx, orderID); err == nil {
		return e, nil
	} else if !apperr.Is(err, apperr.NotFound) {
		return nil, err
	}
	// Units returned before the invoice are not invoiced (their refund receipts gave them back).
	o, seq, err := s.kept(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if o.CompanyPIB == "" {
		return nil, apperr.New(apperr.Invalid, "einvoice.no_pib")
	}
	if o.Status != sales.StatusCompleted {
		return nil, apperr.New(apperr.Invalid, "einvoice.not_completed")
	}
	now := s.clock.Now()
	if delivered == "" {
		delivered = clock.Day(o.UpdatedAt)
	}
	issued := clock.Day(now)
	if delivered > issued {
		delivered = issued
	}
	e := &Einvoice{OrderID: o.ID, Kind: KindInvoice, ReturnsSeq: seq, Number: Number(o.NumberOf()), RequestID: newRequestID(),
		BuyerName: o.CompanyName, BuyerPIB: o.CompanyPIB, BuyerCompanyNumber: o.CompanyNumber, IssueDate: issued, DeliveryDate: delivered,
		Total: o.Total, Status: StatusQueued, CreatedAt: now, UpdatedAt: now}
	d, err := s.document(ctx, o, e.Number, issued, delivered)
	if err != nil {
		return nil, err
	}
	if e.XML, e.Error, err = render(d); err != nil {
		return nil, err
	}
	created, err := s.create(ctx, e)
	if err != nil || !created {
		if err == nil {
			return s.ByOrder(ctx, orderID)
		}
		return nil, err
	}
	return e, nil
}

// kept is the order as the buyer kept it (returns taken off, as sales.Kept makes it) and the
// number of the last return taken off.
func (s *Service) kept(ctx context.Context, orderID uint64) (*sales.Order, int, error) {
	o, err := s.sales.Order(ctx, orderID)
	if err != nil {
		return nil, 0, err
	}
	rets, err := s.sales.Returns(ctx, orderID)
	if err != nil {
		return nil, 0, err
	}
	done, seq := map[uint64]int{}, 0
	for _, r := range rets {
		seq = max(seq, r.Seq)
		for _, it := range r.Items {
			done[it.OrderItemID] += it.Quantity
		}
	}
	return sales.Kept(o, done), seq, nil
}

// create stores a new e-invoice or credit note (invalid when its XML breaks a rule) with its
// activity entry, and queues its sending. Two makers racing (a job and the poll's sweep)
// insert once: the order, kind and return are unique; created tells whether this call did.
func (s *Service) create(ctx context.Context, e *Einvoice) (bool, error) {
	if e.Error != "" {
		e.Status = StatusInvalid
	}
	created := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}, {Name: "kind"}, {Name: "return_id"}}, DoNothing: true}).Create(e)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "create e-invoice")
		}
		if created = res.RowsAffected == 1; !created {
			return nil
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderEinvoiceIssued, SubjectType: activity.SubjectOrder,
			SubjectID: e.OrderID, New: map[string]any{"number": e.Number, "status": e.Status, "kind": e.Kind}})
	})
	if err != nil || !created {
		return false, err
	}
	if e.Status == StatusQueued {
		s.queueSend(ctx, e)
	}
	return true, nil
}

// queueSend queues the upload; a queue that is down only delays it (the poll queues every
// e-invoice still queued).
func (s *Service) queueSend(ctx context.Context, e *Einvoice) {
	if s.enq == nil {
		return
	}
	t, err := queue.NewEinvoiceSendTask(e.ID, e.Attempts)
	if err == nil {
		_, err = s.enq.Enqueue(ctx, t)
	}
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) && !errors.Is(err, asynq.ErrDuplicateTask) {
		s.log.WarnContext(ctx, "e-invoice send not queued; the poll will", "einvoice_id", e.ID, "error", err.Error())
	}
}

// Send uploads a queued e-invoice to SEF under its stored request id. Whatever is retried
// (the job after a crash between SEF's answer and the stored id, or a lost answer), SEF sees
// the same request id and answers the same invoice: it is never made twice. SEF's refusal
// ends the sending (refused, with SEF's answer); an unreachable SEF is an error, retried.
func (s *Service) Send(ctx context.Context, id uint64) error {
	e, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if e.SEFInvoiceID != nil || e.Status != StatusQueued {
		return nil
	}
	db := s.db.WithContext(ctx)
	if err := db.Model(&Einvoice{}).Where("id = ?", id).Update("attempts", gorm.Expr("attempts + 1")).Error; err != nil {
		return apperr.Wrap(err, "e-invoice attempt")
	}
	up, err := s.sef.Upload(ctx, []byte(e.XML), e.RequestID)
	now := s.clock.Now()
	var api *APIError
	switch {
	case errors.As(err, &api) && api.Permanent():
		res := db.Model(&Einvoice{}).Where("id = ? AND sef_invoice_id IS NULL", id).
			Updates(map[string]any{"status": StatusRefused, "error": api.Error(), "updated_at": now})
		return apperr.Wrap(res.Error, "e-invoice refused")
	case err != nil:
		_ = db.Model(&Einvoice{}).Where("id = ? AND sef_invoice_id IS NULL", id).Updates(map[string]any{"error": err.Error(), "updated_at": now}).Error
		return apperr.Unreachable(err, "SEF upload")
	}
	res := db.Model(&Einvoice{}).Where("id = ? AND sef_invoice_id IS NULL", id).
		Updates(map[string]any{"sef_invoice_id": up.InvoiceID, "status": StatusSent, "error": "", "sent_at": now, "updated_at": now})
	return apperr.Wrap(res.Error, "e-invoice sent")
}

// Retry makes a refused or invalid e-invoice again from the order's and the shop's current
// data (a new request id: SEF never made an invoice of the old one) and queues it; a queued
// one is queued again under its own request id. One SEF has is not retried (409).
func (s *Service) Retry(ctx context.Context, id uint64) (*Einvoice, error) {
	e, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if e.SEFInvoiceID != nil {
		return nil, apperr.New(apperr.Conflict, "einvoice.not_retryable", "status", e.Status)
	}
	if e.Status == StatusRefused || e.Status == StatusInvalid {
		issued := clock.Day(s.clock.Now())
		var (
			o   *sales.Order
			seq int
			d   Document
		)
		if e.Kind == KindCreditNote {
			o, d, err = s.creditDocument(ctx, e.OrderID, e.ReturnID, e.Number, issued)
		} else if o, seq, err = s.kept(ctx, e.OrderID); err == nil {
			d, err = s.document(ctx, o, e.Number, issued, e.DeliveryDate)
		}
		if err != nil {
			return nil, err
		}
		x, verr, err := render(d)
		if err != nil {
			return nil, err
		}
		status := StatusQueued
		if verr != "" {
			status = StatusInvalid
		}
		res := s.db.WithContext(ctx).Model(&Einvoice{}).Where("id = ? AND status = ? AND sef_invoice_id IS NULL", id, e.Status).
			Updates(map[string]any{"xml": x, "error": verr, "status": status, "request_id": newRequestID(), "issue_date": issued,
				"buyer_name": o.CompanyName, "buyer_pib": o.CompanyPIB, "buyer_company_number": o.CompanyNumber, "total": d.Total,
				"returns_seq": seq, "updated_at": s.clock.Now()})
		if res.Error != nil {
			return nil, apperr.Wrap(res.Error, "e-invoice retry")
		}
		if res.RowsAffected == 0 {
			return nil, apperr.New(apperr.Conflict, "einvoice.not_retryable", "status", e.Status)
		}
	}
	if e, err = s.Get(ctx, id); err != nil {
		return nil, err
	}
	if e.Status == StatusQueued {
		s.queueSend(ctx, e)
	}
	return e, nil
}

// sweepWindow is how far back the poll looks for completed company orders without an
// e-invoice (their queue entry lost).
const sweepWindow = 30 * 24 * time.Hour

// Poll brings the e-invoices up to date: makes those of completed company orders that have
// none (a queue entry lost), queues those still queued, and reads SEF's status of every sent
// one not final. A rejection notifies the staff who follow orders with the buyer's reason,
// once (the status change and the notifications commit together). It answers how many
// statuses changed.
func (s *Service) Poll(ctx context.Context) (int, error) {
	now := s.clock.Now()
	ids, err := s.sales.CompletedCompanyOrders(ctx, now.Add(-sweepWindow), 1000)
	if err != nil {
		return 0, err
	}
	if len(ids) > 0 {
		var have []uint64
		if err := s.db.WithContext(ctx).Model(&Einvoice{}).Where("kind = ? AND order_id IN ?", KindInvoice, ids).Pluck("order_id", &have).Error; err != nil {
			return 0, apperr.Wrap(err, "e-invoice sweep")
		}
		done := map[uint64]bool{}
		for _, id := range have {
			done[id] = true
		}
		for _, id := range ids {
			if !done[id] {
				if _, err := s.Issue(ctx, id, ""); err != nil {
					s.log.WarnContext(ctx, "e-invoice not made by the sweep", "order_id", id, "error", err.Error())
				}
			}
		}
	}
	if err := s.sweepCredits(ctx, now.Add(-sweepWindow)); err != nil {
		return 0, err
	}
	var queued []Einvoice
	if err := s.db.WithContext(ctx).Where("status = ? AND updated_at < ?", StatusQueued, now.Add(-2*time.Minute)).Order("id").Limit(1000).
		Find(&queued).Error; err != nil {
		return 0, apperr.Wrap(err, "queued e-invoices")
	}
	for i := range queued {
		s.queueSend(ctx, &queued[i])
	}
	var open []Einvoice
	if err := s.db.WithContext(ctx).Where("sef_invoice_id IS NOT NULL AND status NOT IN ?", keys(final)).Order("id").Limit(1000).
		Find(&open).Error; err != nil {
		return 0, apperr.Wrap(err, "open e-invoices")
	}
	changed := 0
	for i := range open {
		e := &open[i]
		got, err := s.sef.Invoice(ctx, *e.SEFInvoiceID)
		if err != nil {
			s.log.WarnContext(ctx, "SEF status not read", "einvoice_id", e.ID, "error", err.Error())
			continue
		}
		if got.Status == "" || got.Status == e.Status {
			continue
		}
		ok, err := s.setStatus(ctx, e, got.Status, got.Comment)
		if err != nil {
			return changed, err
		}
		if ok {
			changed++
		}
	}
	return changed, nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// staffActivity: the statuses only staff set, each logged on the order's history.
var staffActivity = map[string]string{StatusCancelled: activity.OrderEinvoiceCancelled, StatusStorno: activity.OrderEinvoiceStorno}

// setStatus moves e from its status to status (conditional on the old one, so two pollers
// change it once) and, for a rejection, notifies the staff who follow orders in the same
// transaction.
func (s *Service) setStatus(ctx context.Context, e *Einvoice, status, comment string) (bool, error) {
	var publish []func(context.Context)
	changed := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cols := map[string]any{"status": status, "updated_at": s.clock.Now()}
		if comment != "" {
			cols["comment"] = comment
		}
		res := tx.Model(&Einvoice{}).Where("id = ? AND status = ?", e.ID, e.Status).Updates(cols)
		if res.Error != nil {
			return apperr.Wrap(res.Error, "e-invoice status")
		}
		if res.RowsAffected == 0 {
			return nil
		}
		changed = true
		if kind, staffAction := staffActivity[status]; staffAction {
			return activity.Record(ctx, tx, activity.Change{Type: kind, SubjectType: activity.SubjectOrder, SubjectID: e.OrderID,
				Old: map[string]any{"status": e.Status}, New: map[string]any{"status": status, "comment": comment}})
		}
		if status != StatusRejected || s.ids == nil || s.notes == nil {
			return nil
		}
		staff, err := s.ids.Holders(ctx, identity.PermViewOrder)
		if err != nil {
			return err
		}
		order := e.OrderNumber()
		for _, r := range staff {
			p, err := s.notes.NotifyTx(tx, r.ID, NotificationRejected, map[string]any{
				"message":  i18n.T(i18n.SR, "einvoice.rejected_notice", map[string]any{"buyer": e.BuyerName, "number": e.Number, "order": order, "reason": comment}),
				"order_id": e.OrderID, "einvoice_id": e.ID, "number": e.Number, "reason": comment})
			if err != nil {
				return err
			}
			publish = append(publish, p)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	for _, p := range publish {
		p(ctx)
	}
	e.Status = status
	return changed, nil
}

// sefError maps SEF's answer to a cancel or storno: a refusal is a 409 with SEF's reason, an
// unreachable SEF a 503.
func sefError(err error) error {
	var api *APIError
	if errors.As(err, &api) && api.Permanent() {
		return apperr.New(apperr.Conflict, "einvoice.sef_refused", "reason", strings.TrimSpace(api.Body))
	}
	return apperr.Unreachable(err, "SEF")
}

// errCreditNoteFixed: a credit note is withdrawn in SEF's portal, not here, where its return
// would be left uncredited with no way to make another.
var errCreditNoteFixed = apperr.New(apperr.Conflict, "einvoice.credit_note_fixed")

// Cancel withdraws a sent e-invoice the buyer has not answered (a comment is required).
func (s *Service) Cancel(ctx context.Context, id uint64, comment string) (*Einvoice, error) {
	comment = strings.TrimSpace(comment)
	if comment == "" {
		return nil, apperr.InvalidFields(apperr.Field("comment", "validation.required"))
	}
	e, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if e.Kind != KindInvoice {
		return nil, errCreditNoteFixed
	}
	if e.SEFInvoiceID == nil || e.Status != StatusSent {
		return nil, apperr.New(apperr.Conflict, "einvoice.not_cancellable", "status", e.Status)
	}
	if err := s.sef.Cancel(ctx, *e.SEFInvoiceID, comment); err != nil {
		return nil, sefError(err)
	}
	if _, err := s.setStatus(ctx, e, StatusCancelled, comment); err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Storno reverses a sent or approved e-invoice (its storno number is S- and the invoice's).
func (s *Service) Storno(ctx context.Context, id uint64, comment string) (*Einvoice, error) {
	comment = strings.TrimSpace(comment)
	if comment == "" {
		return nil, apperr.InvalidFields(apperr.Field("comment", "validation.required"))
	}
	e, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if e.Kind != KindInvoice {
		return nil, errCreditNoteFixed
	}
	if e.SEFInvoiceID == nil || (e.Status != StatusSent && e.Status != StatusApproved) {
		return nil, apperr.New(apperr.Conflict, "einvoice.not_stornable", "status", e.Status)
	}
	if err := s.sef.Storno(ctx, *e.SEFInvoiceID, "S-"+e.Number, comment); err != nil {
		return nil, sefError(err)
	}
	if _, err := s.setStatus(ctx, e, StatusStorno, comment); err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Get answers one e-invoice (404 when missing).
func (s *Service) Get(ctx context.Context, id uint64) (*Einvoice, error) {
	var e Einvoice
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("einvoice")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "e-invoice")
	}
	return &e, nil
}

// ByOrder answers an order's e-invoice (404 when it has none).
func (s *Service) ByOrder(ctx context.Context, orderID uint64) (*Einvoice, error) {
	var e Einvoice
	err := s.db.WithContext(ctx).Where("order_id = ? AND kind = ?", orderID, KindInvoice).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("einvoice")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "e-invoice")
	}
	return &e, nil
}

// String is for logs.
func (e *Einvoice) String() string {
	return fmt.Sprintf("e-invoice %d (%s, %s)", e.ID, e.Number, e.Status)
}
