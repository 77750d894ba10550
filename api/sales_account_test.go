package api_test

import (
	"bytes"
	"fmt"
	"image"
	_ "image/png"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestAccountOrdersAndAddresses: my orders and a single order behind login, only my own; the
// address list and form (create, update, delete), only my own.
func TestAccountOrdersAndAddresses(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1000, 10)
		var buyerID uint64
		a.DB.Table("users").Where("email = ?", "kupac@demo.local").Pluck("id", &buyerID)
		own := strconv.FormatUint(buyerID, 10)
		ts.do(req{method: "POST", path: "/api/v1/cart/items", token: ts.buyer, body: map[string]any{"cart_id": own, "product_id": laptop}})
		r := ts.do(req{method: "POST", path: "/api/v1/orders", token: ts.buyer, body: checkoutForm(own, nil)})
		if r.Status != 201 {
			t.Fatalf("checkout: %d %s", r.Status, r.Raw)
		}
		orderID := uint64(data(r)["id"].(float64))
		// A guest's order is nobody's in My orders.
		gcart := fx.guestCart(t, map[uint64]int{laptop: 1})
		gr := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(gcart, nil)})
		guestOrder := uint64(data(gr)["id"].(float64))

		if r := ts.do(req{method: "GET", path: "/api/v1/account/orders"}); r.Status != 401 {
			t.Errorf("my orders without login: %d", r.Status)
		}
		r = ts.do(req{method: "GET", path: "/api/v1/account/orders", token: ts.buyer})
		if l := list(r); r.Status != 200 || len(l) != 1 || uint64(l[0].(map[string]any)["id"].(float64)) != orderID ||
			len(l[0].(map[string]any)["items"].([]any)) != 1 || r.Body["meta"].(map[string]any)["total"].(float64) != 1 {
			t.Fatalf("my orders: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/account/orders/%d", orderID), token: ts.buyer})
		if r.Status != 200 || data(r)["status_label"] != "Na čekanju (u obradi)" || data(r)["total"].(float64) != 900 {
			t.Fatalf("my order: %d %s", r.Status, r.Raw)
		}
		for _, c := range []struct {
			id    uint64
			token string
		}{{guestOrder, ts.buyer}, {orderID, ts.admin}, {999999, ts.buyer}} {
			if r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/account/orders/%d", c.id), token: c.token}); r.Status != 404 {
				t.Errorf("order %d: %d", c.id, r.Status)
			}
		}

		// Addresses: the demo customer has two.
		r = ts.do(req{method: "GET", path: "/api/v1/account/addresses", token: ts.buyer})
		if r.Status != 200 || len(list(r)) != 2 {
			t.Fatalf("addresses: %d %s", r.Status, r.Raw)
		}
		addr := map[string]any{"type": "shipping_address", "name": "Kupac Drugi", "address": "Bulevar oslobođenja 1", "city": "Novi Sad",
			"post_code": "21000", "phone": "021 123 456"}
		r = ts.do(req{method: "POST", path: "/api/v1/account/addresses", token: ts.buyer, body: addr})
		if r.Status != 201 || data(r)["city"] != "Novi Sad" {
			t.Fatalf("create address: %d %s", r.Status, r.Raw)
		}
		aid := uint64(data(r)["id"].(float64))
		for field, bad := range map[string]any{"type": "home", "post_code": "2100", "phone": "abc", "city": ""} {
			body := map[string]any{}
			for k, v := range addr {
				body[k] = v
			}
			body[field] = bad
			if r := ts.do(req{method: "POST", path: "/api/v1/account/addresses", token: ts.buyer, body: body}); r.Status != 422 || firstError(r, field) == "" {
				t.Errorf("address with bad %s: %d %s", field, r.Status, r.Raw)
			}
		}
		addr["city"] = "Subotica"
		addr["post_code"] = "24000"
		r = ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/account/addresses/%d", aid), token: ts.buyer, body: addr})
		if r.Status != 200 || data(r)["city"] != "Subotica" {
			t.Fatalf("update address: %d %s", r.Status, r.Raw)
		}
		// Someone else's address: not found for them, untouched.
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/account/addresses/%d", aid), token: ts.admin, body: addr}); r.Status != 404 {
			t.Errorf("update of another's address: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/account/addresses/%d", aid), token: ts.admin}); r.Status != 404 {
			t.Errorf("delete of another's address: %d", r.Status)
		}
		if r := ts.do(req{method: "DELETE", path: fmt.Sprintf("/api/v1/account/addresses/%d", aid), token: ts.buyer}); r.Status != 200 {
			t.Errorf("delete address: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/account/addresses", token: ts.buyer}); len(list(r)) != 2 {
			t.Errorf("addresses after delete: %s", r.Raw)
		}
	})
}

// decodeQR reads a PNG QR code back to its text.
func decodeQR(t *testing.T, png []byte) string {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		t.Fatalf("not an image: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("QR decode: %v", err)
	}
	return res.GetText()
}

func mod97(digits string) int64 {
	n, _ := new(big.Int).SetString(digits, 10)
	return new(big.Int).Mod(n, big.NewInt(97)).Int64()
}

// TestOrderQR: a bank-transfer order's IPS QR code decodes to the NBS payload, every field
// checked (the account's control digits and the model-97 reference by their mod-97 rule); the
// image is for the order's customer or the signed link only.
func TestOrderQR(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop", 1234, 10)
		cart := fx.guestCart(t, map[uint64]int{laptop: 2})
		fx.set(t, laptop, map[string]any{"web_price": 123450}) // 1.234,50 RSD
		r := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, map[string]any{"payment_method": "bank_transfer"})})
		if r.Status != 201 {
			t.Fatalf("checkout: %d %s", r.Status, r.Raw)
		}
		o := data(r)
		qrURL, _ := o["qr_url"].(string)
		number := o["number"].(string)
		if !strings.Contains(qrURL, "token=") {
			t.Fatalf("qr_url = %q", qrURL)
		}
		// The payment data beside the code: the same account, amount and model-97 reference.
		pay, _ := o["payment"].(map[string]any)
		ref, _ := pay["reference"].(string)
		if pay == nil || pay["account"] != "160000000001234595" || pay["amount"] != 2469.0 || pay["model"] != "97" || len(ref) < 3 ||
			ref[2:] != strings.ReplaceAll(number, "-", "") || mod97(ref[2:]+ref[:2]) != 1 || pay["payment_code"] != "289" ||
			pay["purpose"] != "Porudžbina "+number || pay["payee"] != "ElektroMarket d.o.o., Beograd" {
			t.Errorf("payment = %v", o["payment"])
		}
		img := ts.do(req{method: "GET", path: qrURL})
		if img.Status != 200 || img.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("QR image: %d %s", img.Status, img.Header)
		}
		payload := decodeQR(t, img.Raw)
		fields := map[string]string{}
		var order []string
		for _, part := range strings.Split(payload, "|") {
			k, v, ok := strings.Cut(part, ":")
			if !ok {
				t.Fatalf("field without a tag: %q in %q", part, payload)
			}
			fields[k] = v
			order = append(order, k)
		}
		if got := strings.Join(order, ","); got != "K,V,C,R,N,I,SF,S,RO" {
			t.Errorf("tags %s", got)
		}
		digits := strings.ReplaceAll(number, "-", "")
		want := map[string]string{"K": "PR", "V": "01", "C": "1", "R": "160000000001234595", "N": "ElektroMarket d.o.o., Beograd",
			"I": "RSD2469,00", "SF": "289", "S": "Porudžbina " + number}
		for k, v := range want {
			if fields[k] != v {
				t.Errorf("%s = %q, want %q", k, fields[k], v)
			}
		}
		if acc := fields["R"]; len(acc) != 18 || mod97(acc) != 1 {
			t.Errorf("account %s fails its control digits", acc)
		}
		ro := fields["RO"]
		if !strings.HasPrefix(ro, "97") || ro[4:] != digits || mod97(ro[4:]+ro[2:4]) != 1 {
			t.Errorf("RO %s is not the model-97 reference of %s", ro, digits)
		}
		if len(fields["S"]) > 35*2 || len([]rune(fields["N"])) > 70 {
			t.Error("S or N too long")
		}

		// Without the token: not for a guest; a wrong token, another payment method: 404.
		id := uint64(o["id"].(float64))
		for _, path := range []string{fmt.Sprintf("/api/v1/orders/%d/qr.png", id), fmt.Sprintf("/api/v1/orders/%d/qr.png?token=00ff", id),
			fmt.Sprintf("/api/v1/orders/%d/qr.png?token=%s", id+1, qrURL[strings.Index(qrURL, "token=")+6:])} {
			if r := ts.do(req{method: "GET", path: path}); r.Status != 404 {
				t.Errorf("%s: %d", path, r.Status)
			}
		}
		cod := fx.guestCart(t, map[uint64]int{laptop: 1})
		r = ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cod, nil)})
		if data(r)["qr_url"] != nil || data(r)["payment"] != nil {
			t.Errorf("cash on delivery with a QR: %s", r.Raw)
		}
	})
}
