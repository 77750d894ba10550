// Package fiscalsim is a fiscal device for development and tests: it answers Create Invoice
// (POST /api/v3/invoices) as the published V-SDC description says, validating the request by
// its rules, signing with a test key, and keeping every invoice by the RequestId it came with
// so a client whose answer was lost can look it up (docs/fiscal.md). Nothing it signs is a
// fiscal receipt: every journal says so.
package fiscalsim

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/clock"
	"shop/internal/platform/money"
)

// testSeed makes the simulator's signing key: public on purpose, so a signature can be
// checked by anyone (Verify) and proves nothing.
var testSeed = sha256.Sum256([]byte("shop fiscal simulator test key"))

var testKey = ed25519.NewKeyFromSeed(testSeed[:])

// Options describe the simulated taxpayer (what a real V-SDC reads from the certificate).
type Options struct {
	BusinessName string
	TIN          string
	LocationName string
	Address      string
	District     string
	// VerifyURL is where verificationUrl points (the query carries the invoice).
	VerifyURL string
	// Now is the device's clock (nil: the system clock).
	Now func() time.Time
}

// Simulator is one simulated device; safe for concurrent requests.
type Simulator struct {
	opts      Options
	requester string
	signer    string

	mu        sync.Mutex
	total     int64
	perType   map[string]int64
	byRequest map[string]*vsdc.InvoiceResult
	byNumber  map[string]signed
	issued    int
}

type signed struct {
	req *request
	res *vsdc.InvoiceResult
}

// New is a simulator with no invoices. Its device ids are random, so the invoice numbers of
// two runs (a restarted shop) never collide.
func New(opts Options) *Simulator {
	if opts.BusinessName == "" {
		opts.BusinessName = "Test prodavnica d.o.o."
	}
	if opts.TIN == "" {
		opts.TIN = "100000001"
	}
	if opts.LocationName == "" {
		opts.LocationName = "Internet prodavnica"
	}
	if opts.VerifyURL == "" {
		opts.VerifyURL = "https://fiscalsim.invalid/v/"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Simulator{opts: opts, requester: deviceID(), signer: deviceID(), perType: map[string]int64{},
		byRequest: map[string]*vsdc.InvoiceResult{}, byNumber: map[string]signed{}}
}

// deviceID is eight random letters and digits, as a device's UID looks.
func deviceID() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	var b [8]byte
	for i := range b {
		n, _ := randInt(len(alphabet))
		b[i] = alphabet[n]
	}
	return string(b[:])
}

// Issued is how many invoices the simulator has signed (a test of "never twice" reads it).
func (s *Simulator) Issued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issued
}

// ServeHTTP answers Create Invoice and the look-up by RequestId.
func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == vsdc.InvoicesPath:
		s.create(w, r)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, vsdc.RequestPath):
		id := strings.TrimPrefix(r.URL.Path, vsdc.RequestPath)
		s.mu.Lock()
		res := s.byRequest[id]
		s.mu.Unlock()
		if res == nil {
			writeJSON(w, http.StatusNotFound, vsdc.ErrorResponse{Message: "Not Found"})
			return
		}
		writeJSON(w, http.StatusOK, res)
	default:
		writeJSON(w, http.StatusNotFound, vsdc.ErrorResponse{Message: "Not Found"})
	}
}

func (s *Simulator) create(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, vsdc.ErrorResponse{Message: "Bad Request"})
		return
	}
	res, bad := s.Sign(r.Header.Get("RequestId"), raw)
	if bad != nil {
		writeJSON(w, http.StatusBadRequest, bad)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// Sign validates the raw request body and signs it: what one POST does, without HTTP (the
// benchmark times it alone). A refused request is the error answer, naming each rule broken.
func (s *Simulator) Sign(requestID string, raw []byte) (*vsdc.InvoiceResult, *vsdc.ErrorResponse) {
	req, bad := decode(raw)
	if bad != nil {
		return nil, bad
	}
	errs := req.errs
	if len(requestID) > vsdc.MaxRequestID {
		errs.add("RequestId", vsdc.CodeInvalidLength)
	}
	validate(req, &errs)
	s.mu.Lock()
	defer s.mu.Unlock()
	if req.transactionType == vsdc.TransactionRefund {
		s.checkReferent(req, &errs)
	}
	if len(errs) > 0 {
		return nil, &vsdc.ErrorResponse{Message: "Bad Request", ModelState: errs.list()}
	}
	res := s.issue(req)
	s.issued++
	if requestID != "" {
		if _, seen := s.byRequest[requestID]; !seen {
			s.byRequest[requestID] = res
		}
	}
	s.byNumber[res.InvoiceNumber] = signed{req: req, res: res}
	return res, nil
}

// checkReferent: a refund names the invoice it refunds (its number and time), which must be
// a sale this device signed, and refunds at most its total.
func (s *Simulator) checkReferent(req *request, errs *errorList) {
	if req.refNumber == "" {
		errs.add("referentDocumentNumber", vsdc.CodeFieldRequired)
		return
	}
	if req.refDT == "" {
		errs.add("referentDocumentDT", vsdc.CodeFieldRequired)
	}
	orig, ok := s.byNumber[req.refNumber]
	if !ok || orig.req.transactionType != vsdc.TransactionSale || orig.req.invoiceType != vsdc.InvoiceNormal {
		errs.add("referentDocumentNumber", vsdc.CodeInvalidValue)
		return
	}
	if req.refDT != "" && !sameInstant(req.refDT, orig.res.SdcDateTime) {
		errs.add("referentDocumentDT", vsdc.CodeInvalidValue)
	}
	if req.total() > orig.res.TotalAmount {
		errs.add("items", vsdc.CodeFieldOutOfRange)
	}
}

func sameInstant(a, b string) bool {
	ta, err1 := time.Parse(time.RFC3339Nano, a)
	tb, err2 := time.Parse(time.RFC3339Nano, b)
	return err1 == nil && err2 == nil && ta.Equal(tb)
}

// extension is the counter's suffix: the invoice type's letter and the transaction's.
func extension(invoiceType, transactionType string) string {
	t := map[string]string{vsdc.InvoiceNormal: "П", vsdc.InvoiceProforma: "О", vsdc.InvoiceCopy: "К", vsdc.InvoiceTraining: "Т", vsdc.InvoiceAdvance: "А"}[invoiceType]
	if transactionType == vsdc.TransactionRefund {
		return t + "Р"
	}
	return t + "П"
}

func (s *Simulator) issue(req *request) *vsdc.InvoiceResult {
	s.total++
	key := req.invoiceType + "/" + req.transactionType
	s.perType[key]++
	now := s.opts.Now().In(clock.Zone)
	ext := extension(req.invoiceType, req.transactionType)
	res := &vsdc.InvoiceResult{
		RequestedBy:             s.requester,
		SignedBy:                s.signer,
		SdcDateTime:             now.Format("2006-01-02T15:04:05.000-07:00"),
		InvoiceCounter:          fmt.Sprintf("%d/%d%s", s.perType[key], s.total, ext),
		InvoiceCounterExtension: ext,
		InvoiceNumber:           fmt.Sprintf("%s-%s-%d", s.requester, s.signer, s.total),
		TaxItems:                taxes(req),
		Messages:                "Успешно",
		TotalCounter:            s.total,
		TransactionTypeCounter:  s.perType[key],
		TotalAmount:             req.total(),
		TaxGroupRevision:        1,
		BusinessName:            s.opts.BusinessName,
		TIN:                     s.opts.TIN,
		LocationName:            s.opts.LocationName,
		Address:                 s.opts.Address,
		District:                s.opts.District,
		MRC:                     "00-0000-" + s.requester,
	}
	digest := sha256.Sum256([]byte(signedText(res)))
	res.Signature = base64.StdEncoding.EncodeToString(ed25519.Sign(testKey, digest[:]))
	res.EncryptedInternalData = base64.StdEncoding.EncodeToString(digest[:])
	vl := base64.URLEncoding.EncodeToString([]byte(res.InvoiceNumber + "|" + res.SdcDateTime + "|" + res.TotalAmount.String()))
	res.VerificationURL = s.opts.VerifyURL + "?vl=" + vl
	if png, err := qrcode.Encode(res.VerificationURL, qrcode.Medium, 256); err == nil {
		res.VerificationQRCode = base64.StdEncoding.EncodeToString(png)
	}
	res.Journal = journal(req, res)
	return res
}

// signedText is what the signature covers: the invoice's identity, time, amount and taxes.
func signedText(res *vsdc.InvoiceResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%s|%s|%d", res.InvoiceNumber, res.SdcDateTime, res.TotalAmount, res.InvoiceCounter, res.TotalCounter)
	for _, t := range res.TaxItems {
		fmt.Fprintf(&b, "|%s:%s", t.Label, t.Amount)
	}
	return b.String()
}

// Verify tells whether res carries the simulator's signature over its own content.
func Verify(res *vsdc.InvoiceResult) bool {
	sig, err := base64.StdEncoding.DecodeString(res.Signature)
	if err != nil {
		return false
	}
	digest := sha256.Sum256([]byte(signedText(res)))
	return ed25519.Verify(testKey.Public().(ed25519.PublicKey), digest[:], sig)
}

// taxes is the VAT of each label: the items' gross total times rate/(100 % + rate), rounded
// half away from zero to the para, once per label (not per line), as the receipt prints it.
func taxes(req *request) []vsdc.TaxItem {
	gross := map[string]money.Para{}
	var order []string
	for _, it := range req.items {
		for _, l := range it.labels {
			if _, ok := gross[l]; !ok {
				order = append(order, l)
			}
			gross[l] += it.total
		}
	}
	out := make([]vsdc.TaxItem, 0, len(order))
	for _, l := range order {
		r, _ := vsdc.RateOf(l)
		out = append(out, vsdc.TaxItem{Label: l, Rate: money.Bps(r.Bps), CategoryName: r.Name, Amount: TaxOf(gross[l], r.Bps)})
	}
	return out
}

// TaxOf is the VAT inside a gross amount at bps, rounded half away from zero to the para.
func TaxOf(gross money.Para, bps int) money.Para {
	if bps == 0 {
		return 0
	}
	num := int64(gross) * int64(bps)
	den := int64(10000 + bps)
	q, r := num/den, num%den
	if r < 0 {
		r = -r
	}
	if 2*r >= den {
		if num < 0 {
			q--
		} else {
			q++
		}
	}
	return money.Para(q)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	_, _ = w.Write(buf.Bytes())
}
