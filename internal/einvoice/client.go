package einvoice

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// SEF's public API paths (the sales side): upload a UBL invoice, read one, cancel, storno.
const (
	PathUpload = "/api/publicApi/sales-invoice/ubl"
	PathStatus = "/api/publicApi/sales-invoice"
	PathCancel = "/api/publicApi/sales-invoice/cancel"
	PathStorno = "/api/publicApi/sales-invoice/storno"
)

// SEF's sales-invoice statuses the shop acts on (SEF has more, kept as it says them).
const (
	StatusSent      = "Sent"
	StatusApproved  = "Approved"
	StatusRejected  = "Rejected"
	StatusCancelled = "Cancelled"
	StatusStorno    = "Storno"
)

// Uploaded is SEF's answer to an upload: the ids it gave the invoice.
type Uploaded struct {
	InvoiceID         int64 `json:"InvoiceId"`
	SalesInvoiceID    int64 `json:"SalesInvoiceId"`
	PurchaseInvoiceID int64 `json:"PurchaseInvoiceId"`
}

// SalesInvoice is SEF's view of one sales invoice: its status and the buyer's comment (the
// reason of a rejection).
type SalesInvoice struct {
	InvoiceID int64  `json:"InvoiceId"`
	Status    string `json:"Status"`
	Comment   string `json:"Comment"`
}

// CancelRequest is the body of the cancel call.
type CancelRequest struct {
	InvoiceID      int64  `json:"InvoiceId"`
	CancelComments string `json:"CancelComments"`
}

// StornoRequest is the body of the storno call.
type StornoRequest struct {
	InvoiceID     int64  `json:"InvoiceId"`
	StornoNumber  string `json:"StornoNumber"`
	StornoComment string `json:"StornoComment"`
}

// APIError is an answer of SEF other than 2xx.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("SEF answered %d: %s", e.Status, strings.TrimSpace(e.Body))
}

// Permanent tells whether sending the same request again cannot help: SEF refused it (bad
// document, bad key, unknown invoice). 408, 429 and 5xx are worth a retry.
func (e *APIError) Permanent() bool {
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusRequestTimeout && e.Status != http.StatusTooManyRequests
}

// Client talks to SEF (or its simulator) with the API key in the ApiKey header.
type Client struct {
	base string
	key  string
	http *http.Client
}

// NewClient builds a client for base (https://efaktura.mfin.gov.rs, or the demo's); hc nil
// takes a client with a 30-second timeout.
func NewClient(base, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{base: strings.TrimRight(base, "/"), key: apiKey, http: hc}
}

func (c *Client) do(ctx context.Context, method, path string, q url.Values, contentType string, body []byte, out any) error {
	u := c.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("ApiKey", c.key)
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return err
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return &APIError{Status: res.StatusCode, Body: string(b)}
	}
	if out == nil || len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("SEF answer: %w", err)
	}
	return nil
}

// Upload sends a UBL invoice. SEF answers the same invoice for the same requestID, so a
// retry after a lost answer makes no second invoice. sendToCir is No: the shop's buyers are
// companies, not public bodies (the central invoice register is theirs).
func (c *Client) Upload(ctx context.Context, doc []byte, requestID string) (Uploaded, error) {
	var out Uploaded
	q := url.Values{"requestId": {requestID}, "sendToCir": {"No"}}
	err := c.do(ctx, http.MethodPost, PathUpload, q, "application/xml", doc, &out)
	return out, err
}

// Invoice reads a sales invoice's status.
func (c *Client) Invoice(ctx context.Context, invoiceID int64) (SalesInvoice, error) {
	var out SalesInvoice
	err := c.do(ctx, http.MethodGet, PathStatus, url.Values{"invoiceId": {strconv.FormatInt(invoiceID, 10)}}, "", nil, &out)
	return out, err
}

// Cancel withdraws an invoice the buyer has not acted on yet.
func (c *Client) Cancel(ctx context.Context, invoiceID int64, comment string) error {
	b, _ := json.Marshal(CancelRequest{InvoiceID: invoiceID, CancelComments: comment})
	return c.do(ctx, http.MethodPost, PathCancel, nil, "application/json", b, nil)
}

// Storno reverses an invoice (the shop's storno document number and a comment).
func (c *Client) Storno(ctx context.Context, invoiceID int64, number, comment string) error {
	b, _ := json.Marshal(StornoRequest{InvoiceID: invoiceID, StornoNumber: number, StornoComment: comment})
	return c.do(ctx, http.MethodPost, PathStorno, nil, "application/json", b, nil)
}

// Base is the address the client talks to.
func (c *Client) Base() string { return c.base }
