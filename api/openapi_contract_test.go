package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/openapi"
)

// TestResponsesMatchDocument: the server's real answers on representative endpoints (admin and
// storefront, lists and single items, with their relations) hold every field the OpenAPI
// document calls required, of its type, and null only where the document says nullable. The
// web apps' types are generated from that document, so an answer without a required field
// would break a screen that the type checker passed.
func TestResponsesMatchDocument(t *testing.T) {
	t.Parallel()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Document)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	apptest.Run(t, func(t *testing.T, a *app.App) {
		fx := newSalesFixture(t, a)
		ts := fx.ts
		laptop := fx.product(t, "Laptop Lenovo", 1000, 5)
		fx.product(t, "Miš", 200, 0)
		cart := fx.guestCart(t, map[uint64]int{laptop: 1})
		placed := ts.do(req{method: "POST", path: "/api/v1/orders", body: checkoutForm(cart, nil)})
		if placed.Status != 201 {
			t.Fatalf("checkout: %d %s", placed.Status, placed.Raw)
		}
		order := fmt.Sprint(data(placed)["id"])
		next := fx.guestCart(t, map[uint64]int{laptop: 2})
		var slug string
		if err := a.DB.Table("products").Where("id = ?", laptop).Pluck("slug", &slug).Error; err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			op, path, token string // op: the document's path; path: the call
		}{
			{"/api/v1/users/token", "/api/v1/users/token", ts.buyer},
			{"/api/v1/admin/users", "/api/v1/admin/users", ts.admin},
			{"/api/v1/admin/users/{id}", "/api/v1/admin/users/1?include=addresses", ts.admin},
			{"/api/v1/admin/users/{id}", "/api/v1/admin/users/1", ts.admin},
			{"/api/v1/admin/products", "/api/v1/admin/products?include=mainCategory,mainImage,categories,supplier", ts.admin},
			{"/api/v1/admin/products/{id}", fmt.Sprintf("/api/v1/admin/products/%d?include=mainCategory,mainImage,categories,brand,supplier,images,attributes", laptop), ts.admin},
			{"/api/v1/admin/categories", "/api/v1/admin/categories?main=1&include=all_subcategories", ts.admin},
			{"/api/v1/admin/orders", "/api/v1/admin/orders", ts.admin},
			{"/api/v1/admin/orders/{id}", "/api/v1/admin/orders/" + order, ts.admin},
			{"/api/v1/admin/activity", "/api/v1/admin/activity", ts.admin},
			{"/api/v1/cart", "/api/v1/cart?cart_id=" + url.QueryEscape(next), ""},
			{"/api/v1/categories", "/api/v1/categories", ""},
			{"/api/v1/home", "/api/v1/home", ""},
			{"/api/v1/products/{slug}", "/api/v1/products/" + slug, ""},
		}
		for _, tt := range tests {
			t.Run(tt.path, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: tt.path, token: tt.token})
				if r.Status != 200 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				schema := answerSchema(t, doc, tt.op, r.Status)
				var body any
				if err := json.Unmarshal(r.Raw, &body); err != nil {
					t.Fatal(err)
				}
				if err := schema.VisitJSON(body, openapi3.MultiErrors()); err != nil {
					t.Errorf("the answer does not match the document:\n%s\n%s", contractErrors(err), r.Raw)
				}
			})
		}
	})
}

// TestDocumentCatchesMissingField: the check above fails when a required field is missing or
// null (so it is not passing on a schema that accepts anything).
func TestDocumentCatchesMissingField(t *testing.T) {
	t.Parallel()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Document)
	if err != nil {
		t.Fatal(err)
	}
	schema := answerSchema(t, doc, "/api/v1/admin/users/{id}", 200)
	good := map[string]any{"data": map[string]any{"id": 1, "name": "A", "email": "a@example.rs", "active": true,
		"image_thumb": nil, "roles": []any{}, "permissions": []any{}}}
	if err := schema.VisitJSON(good); err != nil {
		t.Fatalf("a complete user does not match: %v", err)
	}
	for _, field := range []string{"email", "roles"} {
		bad := map[string]any{}
		for k, v := range good["data"].(map[string]any) {
			bad[k] = v
		}
		delete(bad, field)
		if schema.VisitJSON(map[string]any{"data": bad}) == nil {
			t.Errorf("a user without %s matches the document", field)
		}
		bad[field] = nil
		if schema.VisitJSON(map[string]any{"data": bad}) == nil {
			t.Errorf("a user with %s null matches the document", field)
		}
	}
}

func answerSchema(t *testing.T, doc *openapi3.T, path string, status int) *openapi3.Schema {
	t.Helper()
	item := doc.Paths.Value(path)
	if item == nil || item.Get == nil {
		t.Fatalf("GET %s is not in the document", path)
	}
	res := item.Get.Responses.Status(status)
	if res == nil || res.Value == nil || res.Value.Content.Get("application/json") == nil {
		t.Fatalf("GET %s has no JSON %d answer in the document", path, status)
	}
	return res.Value.Content.Get("application/json").Schema.Value
}

// contractErrors lists a VisitJSON error's parts one a line, each with where in the answer it is.
func contractErrors(err error) string {
	var me openapi3.MultiError
	if !errors.As(err, &me) {
		return err.Error()
	}
	var lines []string
	for _, e := range me {
		var se *openapi3.SchemaError
		if errors.As(e, &se) {
			lines = append(lines, fmt.Sprintf("  %s: %s", strings.Join(se.JSONPointer(), "."), se.Reason))
			continue
		}
		lines = append(lines, "  "+e.Error())
	}
	return strings.Join(lines, "\n")
}
