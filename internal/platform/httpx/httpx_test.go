package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/logtest"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{apperr.InvalidFields(), 422},
		{apperr.NotFoundThing("user"), 404},
		{apperr.New(apperr.Conflict, "x"), 409},
		{apperr.New(apperr.Forbidden, "error.forbidden"), 403},
		{apperr.New(apperr.Unauthorized, "error.unauthorized"), 401},
		{apperr.New(apperr.TooManyRequests, "error.login_ip"), 429},
		{TooLarge(1 << 20), 413},
		{apperr.Wrap(errors.New("boom"), "x"), 500},
		{errors.New("plain"), 500},
		{apperr.Unreachable(errors.New("dial tcp 127.0.0.1:1: connection refused"), "redis"), 503},
		{apperr.Wrap(apperr.Unreachable(errors.New("refused"), "redis"), "login"), 503},
		{fmt.Errorf("wrapped: %w", apperr.NotFoundThing("user")), 404},
		{&apperr.Error{Code: "made-up"}, 500},
	}
	for _, tt := range tests {
		if got := Status(tt.err); got != tt.want {
			t.Errorf("Status(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestBody(t *testing.T) {
	tests := []struct {
		name string
		lang i18n.Lang
		err  error
		want ErrorResponse
	}{
		{"internalHidesCause", i18n.SR, apperr.Wrap(errors.New("dial tcp 10.0.0.5:5432: refused"), "list users"),
			ErrorResponse{Message: "Doslo je do greske na serveru pokusajte ponovo."}},
		{"plainErrorIsInternal", i18n.EN, errors.New("secret detail"),
			ErrorResponse{Message: "There was a server error, please try again."}},
		{"unavailableHidesCause", i18n.SR, apperr.Unreachable(errors.New("dial tcp 127.0.0.1:1: connection refused"), "redis"),
			ErrorResponse{Message: "Doslo je do greske na serveru pokusajte ponovo."}},
		{"notFound", i18n.SR, apperr.NotFoundThing("banner"),
			ErrorResponse{Message: "Izabrani baner ne postoji ili je izbrisan."}},
		{"invalidGroupsFields", i18n.SR, apperr.InvalidFields(
			apperr.Field("name", "validation.required"),
			apperr.Field("include", "validation.include", "name", "a"),
			apperr.Field("include", "validation.include", "name", "b")),
			ErrorResponse{Message: "Podaci nisu ispravni.", Errors: map[string][]string{
				"name": {"Polje je obavezno"}, "include": {"Nepoznata relacija: a", "Nepoznata relacija: b"}}}},
		{"invalidEnglish", i18n.EN, apperr.InvalidFields(apperr.Field("password", "validation.min_chars", "n", 8)),
			ErrorResponse{Message: "The given data was invalid.", Errors: map[string][]string{"password": {"The field must contain at least 8 characters"}}}},
		{"forbidden", i18n.EN, apperr.New(apperr.Forbidden, "error.forbidden"),
			ErrorResponse{Message: "Unauthorized"}},
		{"tooLarge", i18n.SR, TooLarge(10 << 20),
			ErrorResponse{Message: "Zahtev je prevelik (najviše 10 MB)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Body(tt.lang, tt.err)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// On the wire, a 422 with no field messages still has errors, and other errors have none.
	b, _ := json.Marshal(Body(i18n.SR, apperr.InvalidFields()))
	if string(b) != `{"message":"Podaci nisu ispravni.","errors":{}}` {
		t.Errorf("empty 422: %s", b)
	}
	b, _ = json.Marshal(Body(i18n.SR, apperr.NotFoundThing("user")))
	if string(b) != `{"message":"Korisnik ne postoji ili je izbrisan."}` {
		t.Errorf("404: %s", b)
	}
}

func TestBodyError(t *testing.T) {
	var target struct {
		Email string `json:"email"`
		Items []struct {
			Qty int `json:"qty"`
		} `json:"items"`
	}
	typeErr := json.Unmarshal([]byte(`{"email": 5}`), &target)
	nestedErr := json.Unmarshal([]byte(`{"items": [{"qty": "x"}]}`), &target)
	syntaxErr := json.Unmarshal([]byte(`{"email":`), &target)
	tests := []struct {
		name string
		err  error
		want ErrorResponse
	}{
		{"tooBig", &http.MaxBytesError{Limit: 4 << 10}, ErrorResponse{Message: "Zahtev je prevelik (najviše 4 KB)."}},
		{"tooBigWrapped", fmt.Errorf("read: %w", &http.MaxBytesError{Limit: 12 << 20}), ErrorResponse{Message: "Zahtev je prevelik (najviše 12 MB)."}},
		{"wrongType", typeErr, ErrorResponse{Message: "Podaci nisu ispravni.", Errors: map[string][]string{"email": {"Polje je pogrešnog tipa"}}}},
		{"wrongTypeNested", nestedErr, ErrorResponse{Message: "Podaci nisu ispravni.", Errors: map[string][]string{"items.qty": {"Polje je pogrešnog tipa"}}}},
		{"syntax", syntaxErr, ErrorResponse{Message: "Podaci nisu ispravni.", Errors: map[string][]string{"body": {"Telo zahteva nije ispravan JSON."}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Body(i18n.SR, bodyError(tt.err))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if got := Status(FormFileError(http.ErrMissingFile, "image")); got != 422 {
		t.Errorf("missing file: %d", got)
	}
	if got := Status(FormFileError(&http.MaxBytesError{Limit: 1}, "image")); got != 413 {
		t.Errorf("file over the body limit: %d", got)
	}
}

func TestHumanBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 512: "512 B", 1 << 10: "1 KB", 4096: "4 KB", 1 << 20: "1 MB", 12 << 20: "12 MB"} {
		if got := humanBytes(n); got != want {
			t.Errorf("humanBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestClientGoneIsNoError: a request whose client went away (its context cancelled) ends
// without an ERROR line; a real failure still logs one.
func TestClientGoneIsNoError(t *testing.T) {
	gin.SetMode(gin.TestMode)
	rec := &logtest.Recorder{}
	r := gin.New()
	r.Use(Errors(slog.New(rec)))
	r.GET("/gone", func(c *gin.Context) { Fail(c, apperr.Wrap(context.Canceled, "query")) })
	r.GET("/broken", func(c *gin.Context) { Fail(c, apperr.Wrap(errors.New("boom"), "query")) })

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/gone", nil).WithContext(ctx))
	if strings.Contains(rec.All(), "ERROR") {
		t.Errorf("a client that went away was logged as an error: %s", rec.All())
	}
	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/broken", nil))
	if !strings.Contains(rec.All(), "ERROR request failed") {
		t.Errorf("a failure was not logged: %s", rec.All())
	}
}

// A dependency's outage answers 503: the generic message, or the failing service's own.
func TestOutageIs503(t *testing.T) {
	dropped := apperr.Wrap(&net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}, "find product")
	if got := Status(dropped); got != http.StatusServiceUnavailable {
		t.Errorf("dropped database connection: %d, want 503", got)
	}
	if got := Body(i18n.SR, dropped).Message; got != i18n.T(i18n.SR, "error.server", nil) {
		t.Errorf("message %q", got)
	}
	store := apperr.UnreachableMsg(&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, "product_image.store_unavailable", "store image")
	if got := Status(store); got != http.StatusServiceUnavailable {
		t.Errorf("store: %d", got)
	}
	if got := Body(i18n.SR, store).Message; !strings.Contains(got, "Skladište slika") {
		t.Errorf("store message %q", got)
	}
	if got := Status(apperr.Wrap(errors.New("syntax error"), "x")); got != http.StatusInternalServerError {
		t.Errorf("a bug: %d, want 500", got)
	}
}
