package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/google/go-cmp/cmp"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/platform/config"
)

// addUsers creates n customers through the service (the list tests need more than the demo's three).
func addUsers(t *testing.T, a *app.App, n int) {
	t.Helper()
	for i := range n {
		_, err := a.Identity.CreateUser(context.Background(), identity.CreateUserInput{
			Name: fmt.Sprintf("Kupac %02d", i), Email: fmt.Sprintf("kupac%02d@example.rs", i),
			Password: "lozinka123", PasswordConfirmation: "lozinka123", Role: identity.RoleCustomer})
		if err != nil {
			t.Fatalf("create user %d: %v", i, err)
		}
	}
}

// TestListEnvelope: {data, meta:{total, per_page, current_page, last_page}} over several pages.
func TestListEnvelope(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		addUsers(t, a, 5) // 8 users in all

		type meta struct {
			Total       int `json:"total"`
			PerPage     int `json:"per_page"`
			CurrentPage int `json:"current_page"`
			LastPage    int `json:"last_page"`
		}
		tests := []struct {
			name  string
			query string
			meta  meta
			count int
		}{
			{"defaultPage", "", meta{8, 20, 1, 1}, 8},
			{"firstOfThree", "?paginate=3", meta{8, 3, 1, 3}, 3},
			{"middlePage", "?paginate=3&page=2", meta{8, 3, 2, 3}, 3},
			{"lastPagePartial", "?paginate=3&page=3", meta{8, 3, 3, 3}, 2},
			{"pastTheEndEmpty", "?paginate=3&page=9", meta{8, 3, 9, 3}, 0},
			{"searchFilters", "?search=kupac0&paginate=2", meta{5, 2, 1, 3}, 2},
			{"roleFilters", "?role=super-admin", meta{1, 20, 1, 1}, 1},
		}
		seen := map[float64]bool{}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/users" + tt.query, token: ts.admin})
				if r.Status != 200 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				var body struct {
					Data []map[string]any `json:"data"`
					Meta meta             `json:"meta"`
				}
				if err := json.Unmarshal(r.Raw, &body); err != nil {
					t.Fatal(err)
				}
				if body.Data == nil {
					t.Fatalf("data is not an array: %s", r.Raw)
				}
				if diff := cmp.Diff(tt.meta, body.Meta); diff != "" {
					t.Errorf("meta (-want +got):\n%s", diff)
				}
				if len(body.Data) != tt.count {
					t.Errorf("%d rows, want %d", len(body.Data), tt.count)
				}
				if len(r.Body) != 2 {
					t.Errorf("list answer has keys other than data and meta: %s", r.Raw)
				}
				// Newest first.
				for i := 1; i < len(body.Data); i++ {
					if body.Data[i-1]["id"].(float64) <= body.Data[i]["id"].(float64) {
						t.Errorf("not newest first: %v", r.Raw)
					}
				}
				if strings.HasPrefix(tt.query, "?paginate=3&page=") || tt.query == "?paginate=3" {
					for _, u := range body.Data {
						id := u["id"].(float64)
						if seen[id] {
							t.Errorf("user %v on two pages", id)
						}
						seen[id] = true
					}
				}
			})
		}
		if len(seen) != 8 {
			t.Errorf("the three pages hold %d distinct users, want 8", len(seen))
		}
	})
}

// TestListParameters: bad paging, unknown parameters and unknown includes are 422s naming them.
func TestListParameters(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		tests := []struct {
			name, path, lang string
			errors           map[string][]string
		}{
			{"unknownParameter422", "/api/v1/admin/users?colour=red", "",
				map[string][]string{"colour": {"Nepoznat parametar"}}},
			{"unknownParameterEnglish422", "/api/v1/admin/users?colour=red", "en",
				map[string][]string{"colour": {"Unknown parameter"}}},
			{"pageNotNumber422", "/api/v1/admin/users?page=abc", "",
				map[string][]string{"page": {"Polje mora biti broj"}}},
			{"pageZero422", "/api/v1/admin/users?page=0", "",
				map[string][]string{"page": {"Vrednost mora biti najmanje 1"}}},
			{"paginateNotNumber422", "/api/v1/admin/users?paginate=x", "",
				map[string][]string{"paginate": {"Polje mora biti broj"}}},
			{"paginateNegative422", "/api/v1/admin/users?paginate=-1", "",
				map[string][]string{"paginate": {"Vrednost mora biti najmanje 1"}}},
			{"paginateOverMax422", "/api/v1/admin/users?paginate=5001", "",
				map[string][]string{"paginate": {"Vrednost može biti najviše 5000"}}},
			{"severalAtOnce422", "/api/v1/admin/users?page=0&x=1", "",
				map[string][]string{"page": {"Vrednost mora biti najmanje 1"}, "x": {"Nepoznat parametar"}}},
			{"listUnknownInclude422", "/api/v1/admin/users?include=orders", "",
				map[string][]string{"include": {"Nepoznata relacija: orders"}}},
			{"singleUnknownInclude422", "/api/v1/admin/users/1?include=addresses,orders", "",
				map[string][]string{"include": {"Nepoznata relacija: orders"}}},
			{"singleUnknownIncludeEnglish422", "/api/v1/users/token?include=orders", "en",
				map[string][]string{"include": {"Unknown relation: orders"}}},
			{"singleUnknownParameter422", "/api/v1/users/token?paginate=2", "",
				map[string][]string{"paginate": {"Nepoznat parametar"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: tt.path, token: ts.admin, lang: tt.lang})
				if r.Status != 422 {
					t.Fatalf("%d %s, want 422", r.Status, r.Raw)
				}
				var body struct {
					Message string              `json:"message"`
					Errors  map[string][]string `json:"errors"`
				}
				if err := json.Unmarshal(r.Raw, &body); err != nil {
					t.Fatal(err)
				}
				if body.Message == "" {
					t.Error("422 without a message")
				}
				if diff := cmp.Diff(tt.errors, body.Errors); diff != "" {
					t.Errorf("errors (-want +got):\n%s", diff)
				}
			})
		}
	})
}

// TestErrorShapes: 401, 403, 404 (localized), the unknown API path, 422 defaults in both languages.
func TestErrorShapes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		tests := []struct {
			name   string
			r      req
			status int
			body   map[string]any
		}{
			{"noToken401", req{method: "GET", path: "/api/v1/users/token"}, 401,
				map[string]any{"message": "Niste prijavljeni."}},
			{"badToken401English", req{method: "GET", path: "/api/v1/users/token", token: "x.y.z", lang: "en"}, 401,
				map[string]any{"message": "Unauthenticated."}},
			{"customer403", req{method: "GET", path: "/api/v1/admin/users", token: ts.buyer}, 403,
				map[string]any{"message": "Unauthorized"}},
			{"staff403", req{method: "GET", path: "/api/v1/admin/users", token: ts.staff, lang: "en"}, 403,
				map[string]any{"message": "Unauthorized"}},
			{"user404", req{method: "GET", path: "/api/v1/admin/users/999999", token: ts.admin}, 404,
				map[string]any{"message": "Korisnik ne postoji ili je izbrisan."}},
			{"user404English", req{method: "GET", path: "/api/v1/admin/users/999999", token: ts.admin, lang: "en-GB,en;q=0.9"}, 404,
				map[string]any{"message": "The user does not exist or has been deleted."}},
			{"malformedID404", req{method: "GET", path: "/api/v1/admin/users/abc", token: ts.admin}, 404,
				map[string]any{"message": "Korisnik ne postoji ili je izbrisan."}},
			{"unknownAPIPath404", req{method: "GET", path: "/api/v1/no-such-thing"}, 404,
				map[string]any{"message": "Tražena stranica ne postoji."}},
			{"wrongMethod404", req{method: "DELETE", path: "/api/v1/login"}, 404,
				map[string]any{"message": "Tražena stranica ne postoji."}},
			{"required422", req{method: "POST", path: "/api/v1/admin/users", token: ts.admin, body: map[string]any{}}, 422,
				map[string]any{"message": "Podaci nisu ispravni.", "errors": map[string]any{
					"name": []any{"Polje je obavezno"}, "email": []any{"Polje je obavezno"}, "password": []any{"Polje je obavezno"},
					"password_confirmation": []any{"Polje je obavezno"}, "role": []any{"Polje je obavezno"}}}},
			{"required422English", req{method: "POST", path: "/api/v1/register", lang: "en", body: map[string]any{"name": "Ana"}}, 422,
				map[string]any{"message": "The given data was invalid.", "errors": map[string]any{
					"email": []any{"The field is required"}, "password": []any{"The field is required"},
					"password_confirmation": []any{"The field is required"}}}},
			{"malformedJSON422", req{method: "POST", path: "/api/v1/login", raw: []byte(`{"email": "a@b.rs",`)}, 422,
				map[string]any{"message": "Podaci nisu ispravni.", "errors": map[string]any{"body": []any{"Telo zahteva nije ispravan JSON."}}}},
			{"emptyBody422", req{method: "POST", path: "/api/v1/login", raw: []byte{}, contentType: "application/json"}, 422,
				map[string]any{"message": "Podaci nisu ispravni.", "errors": map[string]any{"body": []any{"Telo zahteva nije ispravan JSON."}}}},
			{"wrongType422", req{method: "POST", path: "/api/v1/login", raw: []byte(`{"email": 5, "password": "x"}`)}, 422,
				map[string]any{"message": "Podaci nisu ispravni.", "errors": map[string]any{"email": []any{"Polje je pogrešnog tipa"}}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				if r.Status != tt.status {
					t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Raw)
				}
				if diff := cmp.Diff(tt.body, r.Body); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
				if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
					t.Errorf("Content-Type %q", ct)
				}
			})
		}
	})
}

// TestSingleAndChangeEnvelopes: {data} for one resource, {message, data} for a change.
func TestSingleAndChangeEnvelopes(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/v1/admin/users/1", token: ts.admin})
		if r.Status != 200 || len(r.Body) != 1 || data(r)["email"] != "admin@demo.local" {
			t.Fatalf("single: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "PATCH", path: "/api/v1/admin/users/1", token: ts.admin,
			body: map[string]any{"name": "Glavni Administrator", "email": "admin@demo.local", "role": "super-admin"}})
		if r.Status != 200 || len(r.Body) != 2 || message(r) != "Korisnik je uspešno izmenjen." || data(r)["name"] != "Glavni Administrator" {
			t.Fatalf("change: %d %s", r.Status, r.Raw)
		}
	})
}

// TestBodyLimit: a body over http.max_body_bytes is a 413, whether its length is declared or not.
func TestBodyLimit(t *testing.T) {
	t.Parallel()
	runWith(t, func(cfg *config.Config) { cfg.HTTP.MaxBodyBytes = 4 << 10 }, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		big := map[string]any{"email": "admin@demo.local", "password": strings.Repeat("x", 8<<10)}
		file, ctype := multipartFile(t, "image", "a.png", bytes.Repeat([]byte{1}, 8<<10))
		tests := []struct {
			name string
			r    req
		}{
			{"declaredLength413", req{method: "POST", path: "/api/v1/login", body: big}},
			{"chunked413", req{method: "POST", path: "/api/v1/login", body: big, chunked: true}},
			{"multipartChunked413", req{method: "POST", path: "/api/v1/admin/users/1/avatar", token: ts.admin, raw: file, contentType: ctype, chunked: true}},
			{"englishDeclared413", req{method: "POST", path: "/api/v1/login", body: big, lang: "en"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				want := "Zahtev je prevelik (najviše 4 KB)."
				if tt.r.lang == "en" {
					want = "The request is too large (at most 4 KB)."
				}
				if r.Status != 413 || message(r) != want {
					t.Fatalf("%d %s, want 413 %q", r.Status, r.Raw, want)
				}
			})
		}
		// A body under the limit still goes through.
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: map[string]any{"email": "admin@demo.local", "password": "demo1234"}}); r.Status != 200 {
			t.Fatalf("small body: %d %s", r.Status, r.Raw)
		}
	})
}

// lockedBuffer is a log sink the server goroutines and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServerErrors: a panic and an unexpected error both answer exactly the generic 500, leak
// nothing, carry X-Request-ID, and are logged under that id.
func TestServerErrors(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		var logs lockedBuffer
		a.Log = slog.New(slog.NewJSONHandler(&logs, nil))
		const secret = "pq: password authentication failed for user shop at 10.0.0.5"
		ts := newTestServer(t, a,
			api.Route{Method: "GET", Path: "/test/panic", Handler: func(c *gin.Context) { panic(secret) }},
			api.Route{Method: "GET", Path: "/test/internal", Auth: true, Handler: func(c *gin.Context) {
				_ = c.Error(errors.New(secret))
			}},
		)
		tests := []struct {
			name, path, token, lang, message string
		}{
			{"panic500", "/api/v1/test/panic", "", "", "Doslo je do greske na serveru pokusajte ponovo."},
			{"panic500English", "/api/v1/test/panic", "", "en", "There was a server error, please try again."},
			{"internal500", "/api/v1/test/internal", ts.buyer, "", "Doslo je do greske na serveru pokusajte ponovo."},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: tt.path, token: tt.token, lang: tt.lang})
				if r.Status != 500 {
					t.Fatalf("%d %s, want 500", r.Status, r.Raw)
				}
				if diff := cmp.Diff(map[string]any{"message": tt.message}, r.Body); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
				if strings.Contains(string(r.Raw), "10.0.0.5") || strings.Contains(string(r.Raw), "pq:") {
					t.Errorf("internal detail leaked: %s", r.Raw)
				}
				id := r.Header.Get("X-Request-ID")
				if id == "" {
					t.Fatal("no X-Request-ID")
				}
				if !strings.Contains(logs.String(), `"request_id":"`+id+`"`) || !strings.Contains(logs.String(), "10.0.0.5") {
					t.Errorf("the failure is not logged with its request id %s:\n%s", id, logs.String())
				}
			})
		}
		if !strings.Contains(logs.String(), "contract_test.go") {
			t.Error("the panic is logged without its stack")
		}
		// The caller's own request id is kept and echoed.
		r := ts.do(req{method: "GET", path: "/api/v1/test/panic", header: map[string]string{"X-Request-ID": "trace-abc-123"}})
		if got := r.Header.Get("X-Request-ID"); got != "trace-abc-123" {
			t.Errorf("X-Request-ID %q, want the caller's", got)
		}
	})
}
