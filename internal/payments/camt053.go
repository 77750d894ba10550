// Package payments reads the shop's bank statements and records the bank-transfer payments they
// show: a credit whose reference (model 97, as the order's payment slip and IPS QR code carry
// it) names an unpaid bank-transfer order of the same amount is recorded as that order's
// payment through the same service call as staff use, which fiscalises it (docs/payments.md).
package payments

import (
	"encoding/xml"
	"io"
	"strings"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/sales"
)

// Line is one entry of a statement, numbered from 1 in the file's order.
type Line struct {
	Row       int
	Credit    bool
	Amount    money.Para
	Currency  string
	BookedOn  string // YYYY-MM-DD
	Reference string // model and reference as written, digits only (9745... for model 97)
	Payer     string
	Purpose   string
	BankRef   string
}

// Statement is a parsed statement: the account and its entries.
type Statement struct {
	ID      string
	Account string
	Lines   []Line
}

// camt.053 (BankToCustomerStatement), the parts read: per entry the amount and currency, credit
// or debit, the booking day, the bank's reference, and per transaction the debtor's name, the
// structured creditor reference (poziv na broj) with its type and the unstructured remittance.
type camtDoc struct {
	XMLName xml.Name `xml:"Document"`
	Stmts   []struct {
		ID   string `xml:"Id"`
		Acct struct {
			IBAN  string `xml:"Id>IBAN"`
			Other string `xml:"Id>Othr>Id"`
		} `xml:"Acct"`
		Entries []camtEntry `xml:"Ntry"`
	} `xml:"BkToCstmrStmt>Stmt"`
}

type camtEntry struct {
	Amt struct {
		Value string `xml:",chardata"`
		Ccy   string `xml:"Ccy,attr"`
	} `xml:"Amt"`
	CdtDbtInd string `xml:"CdtDbtInd"`
	Booked    string `xml:"BookgDt>Dt"`
	BookedDT  string `xml:"BookgDt>DtTm"`
	BankRef   string `xml:"AcctSvcrRef"`
	Txs       []struct {
		Debtor string   `xml:"RltdPties>Dbtr>Nm"`
		Ustrd  []string `xml:"RmtInf>Ustrd"`
		Ref    []struct {
			Code  string `xml:"Tp>CdOrPrtry>Cd"`
			Prtry string `xml:"Tp>CdOrPrtry>Prtry"`
			Ref   string `xml:"Ref"`
		} `xml:"RmtInf>Strd>CdtrRefInf"`
	} `xml:"NtryDtls>TxDtls"`
}

// ReadCamt053 parses an ISO 20022 camt.053.001.xx statement (any version of the message: the
// elements read are the same in each). An entry's amount that is not a number is an error
// naming the entry; a file that is no such statement is a 422 on file.
func ReadCamt053(r io.Reader) (*Statement, error) {
	var doc camtDoc
	dec := xml.NewDecoder(io.LimitReader(r, MaxFile))
	if err := dec.Decode(&doc); err != nil || len(doc.Stmts) == 0 {
		return nil, apperr.InvalidFields(apperr.Field("file", "payments.bad_statement"))
	}
	out := &Statement{}
	row := 0
	for _, st := range doc.Stmts {
		if out.ID == "" {
			out.ID = st.ID
			out.Account = firstOf(st.Acct.IBAN, st.Acct.Other)
		}
		for _, e := range st.Entries {
			row++
			amt, err := money.Parse(e.Amt.Value)
			if err != nil {
				return nil, apperr.InvalidFields(apperr.Field("file", "payments.bad_amount", "row", row, "amount", e.Amt.Value))
			}
			l := Line{Row: row, Credit: e.CdtDbtInd == "CRDT", Amount: money.Para(amt), Currency: e.Amt.Ccy, BankRef: e.BankRef,
				BookedOn: firstOf(e.Booked, cut10(e.BookedDT))}
			for _, tx := range e.Txs {
				l.Payer = firstOf(l.Payer, tx.Debtor)
				l.Purpose = firstOf(l.Purpose, strings.TrimSpace(strings.Join(tx.Ustrd, " ")))
				for _, ref := range tx.Ref {
					if l.Reference == "" {
						l.Reference = reference(firstOf(ref.Prtry, ref.Code), ref.Ref)
					}
				}
			}
			out.Lines = append(out.Lines, l)
		}
	}
	return out, nil
}

// MaxFile bounds a statement file (a month of a busy shop's statement is far smaller).
const MaxFile = 20 << 20

// reference is the model and the reference as digits: a two-digit model given as the
// reference's type comes before it; a reference written with its model ("97 45-2026000123")
// stands as it is. Spaces and dashes, which people and banks write in it, are dropped.
func reference(model, ref string) string {
	ref = digitsOnly(ref)
	model = strings.TrimSpace(model)
	if len(model) != 2 || digitsOnly(model) != model || strings.HasPrefix(ref, model) && sales.ValidModel97(ref) {
		return ref
	}
	return model + ref
}

func digitsOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '/':
		default:
			return ""
		}
	}
	return b.String()
}

func firstOf(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

func cut10(s string) string {
	if len(s) >= 10 {
		return s[:10]
	}
	return s
}
