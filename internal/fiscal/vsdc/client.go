package vsdc

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/crypto/pkcs12"
)

// InvoicesPath is Create Invoice's path; RequestPath+id looks an invoice up by the RequestId
// its request carried (the answer to a request whose response was lost).
const (
	InvoicesPath = "/api/v3/invoices"
	RequestPath  = "/api/v3/invoices/request/"
)

// ErrNotFound means the V-SDC has no invoice made under that RequestId.
var ErrNotFound = errors.New("no invoice under this request id")

// Client talks to a V-SDC (or the simulator) over HTTP.
type Client struct {
	base string
	http *http.Client
	lang string
}

// NewClient talks to the V-SDC at base (scheme and host, e.g. https://vsdc.sandbox.suf.purs.gov.rs)
// through hc, which carries the client certificate (NewTLSClient).
func NewClient(base string, hc *http.Client) *Client {
	return &Client{base: strings.TrimRight(base, "/"), http: hc, lang: "sr-Cyrl-RS"}
}

// LoadCertificate reads the PKCS#12 file (the shop's certificate for the V-SDC and its key).
// The error never carries the password.
func LoadCertificate(raw []byte, password string) (tls.Certificate, error) {
	blocks, err := pkcs12.ToPEM(raw, password)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("not a PKCS#12 file this password opens (%s)", pkcs12Reason(err))
	}
	var certPEM, keyPEM []byte
	for _, b := range blocks {
		enc := pem.EncodeToMemory(b)
		if b.Type == "CERTIFICATE" {
			certPEM = append(certPEM, enc...)
		} else {
			keyPEM = append(keyPEM, enc...)
		}
	}
	return tls.X509KeyPair(certPEM, keyPEM)
}

func pkcs12Reason(err error) string {
	if errors.Is(err, pkcs12.ErrIncorrectPassword) {
		return "wrong password"
	}
	return "unreadable"
}

// NewTLSClient is an HTTP client that presents cert to the V-SDC.
func NewTLSClient(cert tls.Certificate, timeout time.Duration) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	return &http.Client{Transport: tr, Timeout: timeout}
}

// CreateInvoice asks the V-SDC to sign req under requestID. A *RejectedError is a refusal that
// sending again would not change; any other error may have reached the V-SDC or not (look the
// request id up before sending again).
func (c *Client) CreateInvoice(ctx context.Context, requestID string, req *InvoiceRequest) (*InvoiceResult, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+InvoicesPath, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	c.headers(hr, requestID)
	hr.Header.Set("Content-Type", "application/json")
	return c.do(hr)
}

// FindByRequestID is the invoice a request with requestID made (ErrNotFound: none).
func (c *Client) FindByRequestID(ctx context.Context, requestID string) (*InvoiceResult, error) {
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+RequestPath+url.PathEscape(requestID), nil)
	if err != nil {
		return nil, err
	}
	c.headers(hr, requestID)
	res, err := c.do(hr)
	var rej *RejectedError
	if errors.As(err, &rej) && rej.Status == http.StatusNotFound {
		return nil, ErrNotFound
	}
	return res, err
}

func (c *Client) headers(hr *http.Request, requestID string) {
	hr.Header.Set("Accept", "application/json")
	hr.Header.Set("Accept-Language", c.lang)
	hr.Header.Set("RequestId", requestID)
}

// do sends hr: 200 is the signed invoice; 400 and 404 a refusal; anything else (5xx, 401 while
// the certificate is being fixed, a network error) a failure worth retrying.
func (c *Client) do(hr *http.Request) (*InvoiceResult, error) {
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("V-SDC unreachable: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, fmt.Errorf("V-SDC answer cut off: %w", err)
	}
	switch {
	case resp.StatusCode == http.StatusOK:
		var out InvoiceResult
		if err := json.Unmarshal(b, &out); err != nil {
			return nil, fmt.Errorf("V-SDC answer unreadable: %w", err)
		}
		if out.InvoiceNumber == "" {
			return nil, errors.New("V-SDC answer has no invoice number")
		}
		return &out, nil
	case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusNotFound:
		return nil, decodeError(resp.StatusCode, b)
	default:
		return nil, fmt.Errorf("V-SDC answered %d: %s", resp.StatusCode, strings.TrimSpace(string(truncate(b, 300))))
	}
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}
