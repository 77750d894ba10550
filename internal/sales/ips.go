package sales

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	qrcode "github.com/skip2/go-qrcode"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// The NBS IPS QR code ("pay by scanning", the National Bank of Serbia's instant-payment
// payload): K:PR|V:01|C:1|R:<account>|N:<payee>|I:RSD<amount>|SF:<code>|S:<purpose>|RO:<reference>.

// IPSPayload is one payment order for the QR code.
type IPSPayload struct {
	Account     string // 18 digits
	Payee       string // N: name and place, at most 70 characters
	Amount      money.Para
	PaymentCode string // SF: three digits
	Purpose     string // S: at most 35 characters
	Reference   string // RO: model and reference (97 + check digits + digits)
}

// The NBS limits of the fields the shop fills in (IPS QR standard, "PR" payment orders).
const (
	MaxPayee   = 70 // N: name and place
	MaxPurpose = 35 // S
)

// PurposeProforma is the word before a proforma invoice's number in its payment purpose; an
// order's is the config's sales.purpose ("Porudžbina").
const PurposeProforma = "Profaktura"

// purposeOf is a document's payment purpose: its word and number ("Porudžbina 2026-000013",
// "Profaktura PR-2026-P000003"). When both do not fit in S the number alone does: a purpose
// cut short loses the number's last digits, which are what the shop matches payments by.
func purposeOf(word, number string) string {
	s := strings.TrimSpace(word + " " + number)
	if utf8.RuneCountInString(s) > MaxPurpose {
		return number
	}
	return s
}

// String renders the payload: fields in the standard's order, separated by '|', no trailing
// separator; the amount with a decimal comma and no grouping (RSD1234,50).
func (p IPSPayload) String() string {
	parts := []string{"K:PR", "V:01", "C:1", "R:" + p.Account, "N:" + clean(p.Payee, MaxPayee), "I:RSD" + amountComma(p.Amount),
		"SF:" + p.PaymentCode, "S:" + clean(p.Purpose, MaxPurpose)}
	if p.Reference != "" {
		parts = append(parts, "RO:"+p.Reference)
	}
	return strings.Join(parts, "|")
}

// amountComma writes para as the IPS amount: whole dinars, a comma, two decimals.
func amountComma(a money.Para) string {
	return strings.Replace(money.Format(int64(a)), ".", ",", 1)
}

// clean keeps a text field within the standard: no separator '|', no line breaks, at most n
// characters (runes).
func clean(s string, n int) string {
	s = strings.NewReplacer("|", " ", "\r", " ", "\n", " ").Replace(strings.TrimSpace(s))
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// ValidAccount tells whether a is an 18-digit Serbian account whose last two digits are its
// control number (ISO 7064 MOD 97-10: the whole number mod 97 is 1).
func ValidAccount(a string) bool {
	if len(a) != 18 || !allDigits(a) {
		return false
	}
	n, _ := new(big.Int).SetString(a, 10)
	return new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Model97 is the reference by model 97 of a number's digits: "97", two check digits, the
// digits (check digits = 98 − (digits × 100 mod 97), so that check digits and digits together
// are 1 mod 97 the way the banks check them).
func Model97(digits string) string {
	n, _ := new(big.Int).SetString(digits+"00", 10)
	cd := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("97%02d%s", cd, digits)
}

// ValidModel97 tells whether ref is a model-97 reference whose check digits hold.
func ValidModel97(ref string) bool {
	if !strings.HasPrefix(ref, "97") || len(ref) < 5 || !allDigits(ref) {
		return false
	}
	body := ref[4:] + ref[2:4]
	n, _ := new(big.Int).SetString(body, 10)
	return new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// orderDigits are the digits of an order number (2026-000123 -> 2026000123).
func orderDigits(number string) string {
	var b strings.Builder
	for _, r := range number {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// IPSFor is the payment order of an order paid by bank transfer: to the shop's account and
// payee (Shop).
func (s *Service) IPSFor(ctx context.Context, o *Order) (IPSPayload, error) {
	shop, err := s.Shop(ctx)
	if err != nil {
		return IPSPayload{}, err
	}
	return s.ipsOf(shop, o), nil
}

func (s *Service) ipsOf(shop *Shop, o *Order) IPSPayload {
	return IPSPayload{Account: shop.Account, Payee: shop.Payee, Amount: o.Total, PaymentCode: s.opts.PaymentCode,
		Purpose: purposeOf(s.opts.Purpose, o.NumberOf()), Reference: Model97(orderDigits(o.NumberOf()))}
}

// QRToken signs an order's id for the QR image link of the thank-you page and the mail, so a
// guest can open it without logging in and nobody can walk other orders' codes.
func (s *Service) QRToken(orderID uint64) string {
	m := hmac.New(sha256.New, s.opts.Secret)
	fmt.Fprintf(m, "order-qr:%d", orderID)
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// QRPath is the QR image's link for a bank-transfer order ("" for other payment methods).
func (s *Service) QRPath(o *Order) string {
	if o.PaymentMethod != PaymentBankTransfer || o.ID == 0 {
		return ""
	}
	return fmt.Sprintf("/api/v1/orders/%d/qr.png?token=%s", o.ID, s.QRToken(o.ID))
}

// QRImage is the PNG of an order's IPS QR code, for its customer (userID) or the holder of
// the signed token. Another's order, a bad token or another payment method: not found.
func (s *Service) QRImage(ctx context.Context, orderID, userID uint64, token string) ([]byte, error) {
	o, err := s.order(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	own := userID != 0 && o.UserID != nil && *o.UserID == userID
	signed := token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.QRToken(orderID))) == 1
	if (!own && !signed) || o.PaymentMethod != PaymentBankTransfer {
		return nil, apperr.NotFoundThing("order")
	}
	ips, err := s.IPSFor(ctx, o)
	if err != nil {
		return nil, err
	}
	return QRPNG(ips.String())
}

// QRPNG encodes a payload as a PNG QR code (error correction M, 512 px: the IPS standard asks
// for at least M and a code a phone reads from a screen or paper).
func QRPNG(payload string) ([]byte, error) {
	png, err := qrcode.Encode(payload, qrcode.Medium, 512)
	if err != nil {
		return nil, apperr.Wrap(err, "qr code")
	}
	return png, nil
}
