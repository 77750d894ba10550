package fiscalsim

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/money"
)

var at = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)

func newSim() *Simulator { return New(Options{Now: func() time.Time { return at }}) }

// valid is a sale the rules accept: two lines at 20 % and 10 %, paid in cash.
func valid() map[string]any {
	return map[string]any{
		"invoiceType": "Normal", "transactionType": "Sale", "cashier": "Internet prodaja",
		"payment": []any{map[string]any{"amount": json.Number("3703.50"), "paymentType": "Cash"}},
		"items": []any{
			map[string]any{"name": "Laptop", "quantity": json.Number("1"), "unitPrice": json.Number("1234.50"), "labels": []any{"Ђ"}, "totalAmount": json.Number("1234.50")},
			map[string]any{"name": "Knjiga", "quantity": json.Number("2"), "unitPrice": json.Number("1234.50"), "labels": []any{"Е"}, "totalAmount": json.Number("2469.00")},
		},
	}
}

func body(t *testing.T, m map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func item(m map[string]any, i int) map[string]any { return m["items"].([]any)[i].(map[string]any) }

// TestRules: each rule of the published description the simulator holds a request to, by the
// property and code its refusal names.
func TestRules(t *testing.T) {
	tests := []struct {
		rule   string
		change func(m map[string]any)
		want   []string
	}{
		{"invoice type required", func(m map[string]any) { delete(m, "invoiceType") }, []string{"invoiceType:2800"}},
		{"invoice type known", func(m map[string]any) { m["invoiceType"] = "Receipt" }, []string{"invoiceType:2805"}},
		{"transaction type required", func(m map[string]any) { m["transactionType"] = "" }, []string{"transactionType:2800"}},
		{"transaction type known", func(m map[string]any) { m["transactionType"] = "Return" }, []string{"transactionType:2805"}},
		{"at least one item", func(m map[string]any) {
			m["items"] = []any{}
			m["payment"] = []any{map[string]any{"amount": json.Number("0"), "paymentType": "Cash"}}
		}, []string{"items:2807"}},
		{"item name required", func(m map[string]any) { item(m, 0)["name"] = " " }, []string{"items[0].name:2800"}},
		{"item name at most 2048 characters", func(m map[string]any) { item(m, 0)["name"] = strings.Repeat("ž", 2049) }, []string{"items[0].name:2801"}},
		{"quantity positive", func(m map[string]any) {
			item(m, 1)["quantity"] = json.Number("0")
			item(m, 1)["totalAmount"] = json.Number("0")
			m["payment"] = []any{map[string]any{"amount": json.Number("1234.50"), "paymentType": "Cash"}}
		}, []string{"items[1].quantity:2804"}},
		{"quantity at most three decimals", func(m map[string]any) { item(m, 0)["quantity"] = json.Number("1.0001") }, []string{"items[0].quantity:2806"}},
		{"amounts at most two decimals", func(m map[string]any) { item(m, 0)["unitPrice"] = json.Number("1234.501") }, []string{"items[0].unitPrice:2806"}},
		{"unit price not negative", func(m map[string]any) {
			item(m, 0)["unitPrice"] = json.Number("-1234.50")
			item(m, 0)["totalAmount"] = json.Number("-1234.50")
			m["payment"] = []any{map[string]any{"amount": json.Number("1234.50"), "paymentType": "Cash"}}
		}, []string{"items[0].unitPrice:2804"}},
		{"line total is quantity times unit price", func(m map[string]any) {
			item(m, 1)["totalAmount"] = json.Number("2469.01")
			m["payment"] = []any{map[string]any{"amount": json.Number("3703.51"), "paymentType": "Cash"}}
		}, []string{"items[1].totalAmount:2805"}},
		{"labels required", func(m map[string]any) { item(m, 0)["labels"] = []any{} }, []string{"items[0].labels:2800"}},
		{"labels known", func(m map[string]any) { item(m, 0)["labels"] = []any{"X"} }, []string{"items[0].labels:2310"}},
		{"at least one payment", func(m map[string]any) { m["payment"] = []any{} }, []string{"payment:2807"}},
		{"payment type known", func(m map[string]any) {
			m["payment"] = []any{map[string]any{"amount": json.Number("3703.50"), "paymentType": "Crypto"}}
		}, []string{"payment[0].paymentType:2805"}},
		{"payments sum to the total", func(m map[string]any) {
			m["payment"] = []any{map[string]any{"amount": json.Number("3703.49"), "paymentType": "WireTransfer"}}
		}, []string{"payment:2805"}},
		{"buyer id is a PIB or JMBG with its code", func(m map[string]any) { m["buyerId"] = "10:12345678" }, []string{"buyerId:2805"}},
		{"cashier at most 50 characters", func(m map[string]any) { m["cashier"] = strings.Repeat("k", 51) }, []string{"cashier:2801"}},
		{"refund names its sale", func(m map[string]any) { m["transactionType"] = "Refund" }, []string{"referentDocumentNumber:2800"}},
		{"refund's sale is known", func(m map[string]any) {
			m["transactionType"] = "Refund"
			m["referentDocumentNumber"] = "AAAAAAAA-BBBBBBBB-1"
			m["referentDocumentDT"] = at.Format(time.RFC3339)
		}, []string{"referentDocumentNumber:2805"}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			s := newSim()
			m := valid()
			tt.change(m)
			res, bad := s.Sign("r1", body(t, m))
			if bad == nil {
				t.Fatalf("signed %s, want refused", res.InvoiceNumber)
			}
			if d := cmp.Diff(tt.want, bad.Codes()); d != "" {
				t.Errorf("codes (-want +got):\n%s", d)
			}
			if s.Issued() != 0 {
				t.Error("a refused request was counted as issued")
			}
		})
	}
	t.Run("request id at most 32 characters", func(t *testing.T) {
		_, bad := newSim().Sign(strings.Repeat("a", 33), body(t, valid()))
		if bad == nil || !cmp.Equal(bad.Codes(), []string{"RequestId:2803"}) {
			t.Errorf("refusal %+v", bad)
		}
	})
	t.Run("unknown field", func(t *testing.T) {
		m := valid()
		m["discountTotal"] = 1
		if _, bad := newSim().Sign("r", body(t, m)); bad == nil || !strings.Contains(bad.Message, "discountTotal") {
			t.Errorf("refusal %+v", bad)
		}
	})
}

// TestSign: the answer's shape: counters, number, taxes per label rounded to the para, a
// signature that verifies (and fails on a changed amount), a journal that says it is no
// fiscal receipt, and a QR code.
func TestSign(t *testing.T) {
	s := newSim()
	res, bad := s.Sign("req-1", body(t, valid()))
	if bad != nil {
		t.Fatalf("refused: %+v", bad)
	}
	if res.TotalAmount != 370350 || res.TotalCounter != 1 || res.TransactionTypeCounter != 1 || res.InvoiceCounter != "1/1ПП" {
		t.Errorf("answer %+v", res)
	}
	if !strings.HasSuffix(res.InvoiceNumber, "-1") || res.InvoiceNumber != res.RequestedBy+"-"+res.SignedBy+"-1" {
		t.Errorf("invoice number %q", res.InvoiceNumber)
	}
	// 1234.50 at 20 %: 205.75; 2469.00 at 10 %: 224.454... -> 224.45.
	want := []vsdc.TaxItem{{Label: "Ђ", Amount: 20575, Rate: 2000, CategoryName: "О-ПДВ"}, {Label: "Е", Amount: 22445, Rate: 1000, CategoryName: "П-ПДВ"}}
	if d := cmp.Diff(want, res.TaxItems); d != "" {
		t.Errorf("taxes (-want +got):\n%s", d)
	}
	if !Verify(res) {
		t.Error("the signature does not verify")
	}
	forged := *res
	forged.TotalAmount++
	if Verify(&forged) {
		t.Error("a changed amount still verifies")
	}
	for _, w := range []string{"ОВО НИЈЕ ФИСКАЛНИ РАЧУН", "ПРОМЕТ ПРОДАЈА", "Laptop (Ђ)", "Готовина:", "3.703,50", "205,75", res.InvoiceNumber, "29.11.2026. 11:00:00"} {
		if !strings.Contains(res.Journal, w) {
			t.Errorf("journal lacks %q:\n%s", w, res.Journal)
		}
	}
	if res.VerificationQRCode == "" || !strings.Contains(res.VerificationURL, "?vl=") {
		t.Errorf("verification %q %q", res.VerificationURL, res.VerificationQRCode[:min(10, len(res.VerificationQRCode))])
	}

	// A refund of it, naming it: counted on its own counter.
	m := valid()
	m["transactionType"] = "Refund"
	m["referentDocumentNumber"] = res.InvoiceNumber
	m["referentDocumentDT"] = res.SdcDateTime
	ref, bad := s.Sign("req-2", body(t, m))
	if bad != nil {
		t.Fatalf("refund refused: %+v", bad)
	}
	if ref.InvoiceCounter != "1/2ПР" || !strings.Contains(ref.Journal, "ПРОМЕТ РЕФУНДАЦИЈА") || !strings.Contains(ref.Journal, "-3.703,50") {
		t.Errorf("refund %s:\n%s", ref.InvoiceCounter, ref.Journal)
	}
	// A refund over the sale's total is refused.
	item(m, 0)["quantity"] = json.Number("2")
	item(m, 0)["totalAmount"] = json.Number("2469.00")
	m["payment"] = []any{map[string]any{"amount": json.Number("4938.00"), "paymentType": "Cash"}}
	if _, bad := s.Sign("req-3", body(t, m)); bad == nil || !cmp.Equal(bad.Codes(), []string{"items:2804"}) {
		t.Errorf("refund over the sale: %+v", bad)
	}
}

// TestHTTP: the same over HTTP, and the look-up by RequestId that finds a lost answer (404
// for an id it never saw).
func TestHTTP(t *testing.T) {
	s := newSim()
	srv := httptest.NewServer(s)
	defer srv.Close()
	post := func(id string, b []byte) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+vsdc.InvoicesPath, bytes.NewReader(b))
		req.Header.Set("RequestId", id)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := post("lost-1", body(t, valid()))
	var signed vsdc.InvoiceResult
	_ = json.NewDecoder(resp.Body).Decode(&signed)
	resp.Body.Close()
	if resp.StatusCode != 200 || signed.TotalAmount != money.Para(370350) {
		t.Fatalf("POST %d %+v", resp.StatusCode, signed)
	}
	m := valid()
	m["invoiceType"] = "Bill"
	resp = post("bad-1", body(t, m))
	var e vsdc.ErrorResponse
	_ = json.NewDecoder(resp.Body).Decode(&e)
	resp.Body.Close()
	if resp.StatusCode != 400 || !cmp.Equal(e.Codes(), []string{"invoiceType:2805"}) {
		t.Errorf("bad request: %d %+v", resp.StatusCode, e)
	}

	c := vsdc.NewClient(srv.URL, srv.Client())
	got, err := c.FindByRequestID(t.Context(), "lost-1")
	if err != nil || got.InvoiceNumber != signed.InvoiceNumber {
		t.Errorf("look-up: %v %+v", err, got)
	}
	if _, err := c.FindByRequestID(t.Context(), "never-sent"); err != vsdc.ErrNotFound {
		t.Errorf("look-up of an unknown id: %v", err)
	}
}
