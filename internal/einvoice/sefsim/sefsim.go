// Package sefsim is a simulator of SEF's public API (the sales side) for development and
// tests: the ApiKey header, the UBL upload (an Invoice, or a CreditNote naming an invoice SEF
// has) with requestId idempotency, the CIUS rules the shop
// states in code (einvoice.Validate), status lookup, cancel and storno, and the buyer's
// approval or rejection, which a test (or a developer) triggers. It keeps its invoices in
// memory.
package sefsim

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"shop/internal/einvoice"
)

// Paths of the buyer's side, which SEF offers to the buyer's own account; the simulator
// takes them without a key.
const (
	PathApprove = "/sim/sales-invoice/approve"
	PathReject  = "/sim/sales-invoice/reject"
)

// Rules the simulator adds to the CIUS checks: what SEF itself refuses.
const (
	RuleAPIKey          = "SEF-APIKEY"
	RuleRequestID       = "SEF-REQUEST-ID"
	RuleDuplicateNumber = "SEF-DUPLICATE-NUMBER"
	RuleTransition      = "SEF-STATUS"
	// RuleBillingReference: a credit note credits an invoice SEF has, which the buyer has not
	// rejected and the seller has not cancelled or stornoed.
	RuleBillingReference = "SEF-BILLING-REFERENCE"
)

// Invoice is one uploaded invoice as the simulator keeps it.
type Invoice struct {
	ID        int64
	Number    string
	RequestID string
	Status    string
	Comment   string
	XML       []byte
}

// Server is the simulator; its zero value is not usable: call New.
type Server struct {
	key string
	mu  sync.Mutex
	// byID holds the invoices; byRequest the first answer per requestId; byNumber the ids by
	// invoice number (SEF refuses a number twice).
	byID      map[int64]*Invoice
	byRequest map[string]einvoice.Uploaded
	byNumber  map[string]int64
	next      int64
	uploads   int
}

// New starts an empty simulator that accepts apiKey.
func New(apiKey string) *Server {
	return &Server{key: apiKey, byID: map[int64]*Invoice{}, byRequest: map[string]einvoice.Uploaded{}, byNumber: map[string]int64{}, next: 1000}
}

// Uploads is how many uploads made a new invoice (a repeated requestId makes none).
func (s *Server) Uploads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.uploads
}

// Invoice answers a copy of an invoice (ok false: unknown).
func (s *Server) Invoice(id int64) (Invoice, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.byID[id]
	if !ok {
		return Invoice{}, false
	}
	return *inv, true
}

// Approve is the buyer's approval of a sent invoice.
func (s *Server) Approve(id int64) error { return s.buyer(id, einvoice.StatusApproved, "") }

// Reject is the buyer's rejection of a sent invoice, with the buyer's comment.
func (s *Server) Reject(id int64, comment string) error {
	return s.buyer(id, einvoice.StatusRejected, comment)
}

func (s *Server) buyer(id int64, status, comment string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.byID[id]
	if !ok {
		return fmt.Errorf("invoice %d: not found", id)
	}
	if inv.Status != einvoice.StatusSent {
		return fmt.Errorf("%s: invoice %d is %s, not Sent", RuleTransition, id, inv.Status)
	}
	inv.Status, inv.Comment = status, comment
	return nil
}

// Problem is the simulator's error body: a message and the rules broken.
type Problem struct {
	Message string               `json:"Message"`
	Errors  []einvoice.Violation `json:"Errors,omitempty"`
}

func write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func problem(w http.ResponseWriter, status int, rule, msg string) {
	write(w, status, Problem{Message: msg, Errors: []einvoice.Violation{{Rule: rule, Message: msg}}})
}

// ServeHTTP answers SEF's paths.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case PathApprove, PathReject:
		s.buyerHTTP(w, r)
		return
	}
	if r.Header.Get("ApiKey") != s.key || s.key == "" {
		problem(w, http.StatusUnauthorized, RuleAPIKey, "missing or unknown ApiKey")
		return
	}
	switch {
	case r.URL.Path == einvoice.PathUpload && r.Method == http.MethodPost:
		s.upload(w, r)
	case r.URL.Path == einvoice.PathStatus && r.Method == http.MethodGet:
		s.status(w, r)
	case r.URL.Path == einvoice.PathCancel && r.Method == http.MethodPost:
		s.cancel(w, r)
	case r.URL.Path == einvoice.PathStorno && r.Method == http.MethodPost:
		s.storno(w, r)
	default:
		problem(w, http.StatusNotFound, "SEF-PATH", "no such endpoint")
	}
}

// maxBody bounds an upload (SEF's own limit is larger; a shop's invoice is far smaller).
const maxBody = 10 << 20

func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	req := strings.TrimSpace(r.URL.Query().Get("requestId"))
	if req == "" {
		problem(w, http.StatusBadRequest, RuleRequestID, "requestId is required")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		problem(w, http.StatusBadRequest, "SRB-XML", "unreadable body")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The same requestId answers the first upload's invoice, whatever the body: that is how
	// a client that lost the answer finds its invoice without making a second one.
	if up, ok := s.byRequest[req]; ok {
		write(w, http.StatusOK, up)
		return
	}
	if v := einvoice.Validate(body); v != nil {
		write(w, http.StatusBadRequest, Problem{Message: "the invoice breaks the CIUS rules", Errors: v})
		return
	}
	var head struct {
		XMLName xml.Name
		ID      string `xml:"ID"`
		Credits string `xml:"BillingReference>InvoiceDocumentReference>ID"`
	}
	_ = xml.Unmarshal(body, &head)
	if id, ok := s.byNumber[head.ID]; ok {
		problem(w, http.StatusBadRequest, RuleDuplicateNumber, fmt.Sprintf("invoice number %s already exists (invoice %d)", head.ID, id))
		return
	}
	if head.XMLName.Local == "CreditNote" {
		id, ok := s.byNumber[head.Credits]
		if !ok {
			problem(w, http.StatusBadRequest, RuleBillingReference, fmt.Sprintf("the credited invoice %s is not in SEF", head.Credits))
			return
		}
		if st := s.byID[id].Status; st == einvoice.StatusRejected || st == einvoice.StatusCancelled || st == einvoice.StatusStorno {
			problem(w, http.StatusBadRequest, RuleBillingReference, fmt.Sprintf("the credited invoice %s is %s", head.Credits, st))
			return
		}
	}
	s.next++
	inv := &Invoice{ID: s.next, Number: head.ID, RequestID: req, Status: einvoice.StatusSent, XML: body}
	s.byID[inv.ID] = inv
	s.byNumber[head.ID] = inv.ID
	up := einvoice.Uploaded{InvoiceID: inv.ID, SalesInvoiceID: inv.ID, PurchaseInvoiceID: inv.ID + 500000}
	s.byRequest[req] = up
	s.uploads++
	write(w, http.StatusOK, up)
}

func (s *Server) find(w http.ResponseWriter, id int64) (*Invoice, bool) {
	inv, ok := s.byID[id]
	if !ok {
		problem(w, http.StatusNotFound, "SEF-NOT-FOUND", fmt.Sprintf("invoice %d not found", id))
	}
	return inv, ok
}

func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.URL.Query().Get("invoiceId"), 10, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.find(w, id)
	if !ok {
		return
	}
	write(w, http.StatusOK, einvoice.SalesInvoice{InvoiceID: inv.ID, Status: inv.Status, Comment: inv.Comment})
}

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	var in einvoice.CancelRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil {
		problem(w, http.StatusBadRequest, "SEF-BODY", "unreadable body")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.find(w, in.InvoiceID)
	if !ok {
		return
	}
	// Only an invoice the buyer has not answered can be cancelled; an answered one is
	// reversed by a storno.
	if inv.Status != einvoice.StatusSent {
		problem(w, http.StatusBadRequest, RuleTransition, fmt.Sprintf("invoice %d is %s; only a Sent invoice can be cancelled", inv.ID, inv.Status))
		return
	}
	if strings.TrimSpace(in.CancelComments) == "" {
		problem(w, http.StatusBadRequest, "SEF-COMMENT", "CancelComments is required")
		return
	}
	inv.Status, inv.Comment = einvoice.StatusCancelled, in.CancelComments
	write(w, http.StatusOK, einvoice.SalesInvoice{InvoiceID: inv.ID, Status: inv.Status, Comment: inv.Comment})
}

func (s *Server) storno(w http.ResponseWriter, r *http.Request) {
	var in einvoice.StornoRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil {
		problem(w, http.StatusBadRequest, "SEF-BODY", "unreadable body")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.find(w, in.InvoiceID)
	if !ok {
		return
	}
	if inv.Status != einvoice.StatusSent && inv.Status != einvoice.StatusApproved {
		problem(w, http.StatusBadRequest, RuleTransition, fmt.Sprintf("invoice %d is %s; only a Sent or Approved invoice can be reversed", inv.ID, inv.Status))
		return
	}
	if strings.TrimSpace(in.StornoNumber) == "" {
		problem(w, http.StatusBadRequest, "SEF-STORNO-NUMBER", "StornoNumber is required")
		return
	}
	inv.Status, inv.Comment = einvoice.StatusStorno, in.StornoComment
	write(w, http.StatusOK, einvoice.SalesInvoice{InvoiceID: inv.ID, Status: inv.Status, Comment: inv.Comment})
}

func (s *Server) buyerHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		problem(w, http.StatusMethodNotAllowed, "SEF-PATH", "POST only")
		return
	}
	id, _ := strconv.ParseInt(r.URL.Query().Get("invoiceId"), 10, 64)
	var err error
	if r.URL.Path == PathApprove {
		err = s.Approve(id)
	} else {
		err = s.Reject(id, r.URL.Query().Get("comment"))
	}
	if err != nil {
		problem(w, http.StatusBadRequest, RuleTransition, err.Error())
		return
	}
	inv, _ := s.Invoice(id)
	write(w, http.StatusOK, einvoice.SalesInvoice{InvoiceID: inv.ID, Status: inv.Status, Comment: inv.Comment})
}

// Transport is an http.RoundTripper that answers from h in the same process: the embedded
// shop's client reaches its simulator with no port to open.
type Transport struct{ Handler http.Handler }

// RoundTrip serves r with the handler and returns what it wrote.
func (t Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	t.Handler.ServeHTTP(rec, r)
	return &http.Response{StatusCode: rec.status, Status: http.StatusText(rec.status), Header: rec.header, Request: r,
		Body: io.NopCloser(strings.NewReader(rec.body.String())), ContentLength: int64(rec.body.Len()), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}, nil
}

type recorder struct {
	header http.Header
	status int
	body   strings.Builder
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(s int) {
	if !r.wrote {
		r.status, r.wrote = s, true
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}
