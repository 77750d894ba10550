package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// TestPaymentsImport: a bank statement's credit with the order's reference and amount records
// its payment; every line is printed with its outcome and reason (in --lang); a file that is no
// statement, or an amount that is not a number, stops it naming the entry.
func TestPaymentsImport(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		s.mustRun(t, "seed", "demo")
		var o *sales.Order
		s.withApp(t, func(a *app.App) {
			o = demoOrder(t, a, func(o *sales.Order) bool {
				return o.PaymentMethod == sales.PaymentBankTransfer && !sales.Cancelled(o.Status) && o.PaidAt == nil
			})
		})
		ref := sales.Model97(strings.ReplaceAll(o.NumberOf(), "-", ""))
		entry := func(amount, reference string) string {
			return fmt.Sprintf(`<Ntry><Amt Ccy="RSD">%s</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-20</Dt></BookgDt>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Kupac</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>%s</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`, amount, reference)
		}
		doc := func(entries ...string) string {
			return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>` +
				strings.Join(entries, "") + `</Stmt></BkToCstmrStmt></Document>`
		}
		file := filepath.Join(t.TempDir(), "izvod.xml")
		if err := os.WriteFile(file, []byte(doc(entry(money.Format(int64(o.Total)), ref), entry("10.00", "97000001"))), 0o600); err != nil {
			t.Fatal(err)
		}
		out := s.mustRun(t, "payments", "import", file)
		if !strings.Contains(out, "Upareno, uplata evidentirana") || !strings.Contains(out, o.NumberOf()) || !strings.Contains(out, "Kontrolni broj") ||
			!strings.Contains(out, "uparenih 1") {
			t.Errorf("import:\n%s", out)
		}
		s.withApp(t, func(a *app.App) {
			if got, err := a.Sales.StaffOrder(t.Context(), o.ID); err != nil || got.PaidAt == nil {
				t.Errorf("order %s not paid: %v", o.NumberOf(), err)
			}
		})
		out = s.mustRun(t, "payments", "import", file, "--lang", "en")
		if !strings.Contains(out, "Already paid") || !strings.Contains(out, "0 matched") {
			t.Errorf("again:\n%s", out)
		}
		bad := filepath.Join(t.TempDir(), "bad.xml")
		_ = os.WriteFile(bad, []byte(doc(entry("12,3,4", ref))), 0o600)
		if _, errOut, code := s.run(t, "payments", "import", bad); code != 1 || !strings.Contains(errOut, "Stavka 1") {
			t.Errorf("a bad amount: exit %d %q", code, errOut)
		}
		_ = os.WriteFile(bad, []byte("Datum;Iznos\n"), 0o600)
		if _, errOut, code := s.run(t, "payments", "import", bad); code != 1 || !strings.Contains(errOut, "camt.053") {
			t.Errorf("not a statement: exit %d %q", code, errOut)
		}
		if _, _, code := s.run(t, "payments", "import"); code != 2 {
			t.Errorf("no file: exit %d", code)
		}
	})
}
