package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hibiken/asynqmon"
	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/dbtest"
)

// runWith is apptest.Run with the configuration adjusted before the app is built (the
// services read their settings once, at construction).
func runWith(t *testing.T, adjust func(cfg *config.Config), fn func(t *testing.T, a *app.App)) {
	t.Helper()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cfg := apptest.Config(t, d.Name)
			adjust(cfg)
			fn(t, apptest.New(t, cfg))
		})
	}
}

// testServer is the whole HTTP stack over a fresh app, with the demo users.
type testServer struct {
	t     *testing.T
	app   *app.App
	srv   *httptest.Server
	deps  api.Deps
	admin string // access tokens
	staff string
	buyer string
}

func newTestServer(t *testing.T, a *app.App, extra ...api.Route) *testServer {
	t.Helper()
	if _, err := demo.Seed(context.Background(), a.Identity); err != nil {
		t.Fatalf("seed: %v", err)
	}
	// The real monitor, as shopd mounts it: the tests check the guard and the pages it serves.
	monitor := asynqmon.New(asynqmon.Options{RootPath: "/admin/queues", RedisConnOpt: a.Redis.Opt})
	t.Cleanup(func() { _ = monitor.Close() })
	deps := api.Deps{
		Config: a.Config, Log: a.Log, Identity: a.Identity, Catalog: a.Catalog, Blobs: a.Blobs, Registry: prometheus.NewRegistry(),
		Notify: a.Notify, Hub: a.Hub, Pricelist: a.Pricelist, Pricing: a.Pricing, Feeds: a.Feeds, Partners: a.Partners, Eoffer: a.Eoffer, Storefront: a.Storefront, Search: a.Search, Content: a.Content, Voice: a.Voice, Landing: a.Landing,
		Sales: a.Sales, Social: a.Social, Einvoice: a.Einvoice, Fiscal: a.Fiscal,
		Checks: []api.Check{
			{Name: "database", Ping: func(ctx context.Context) error { return db.Ping(ctx, a.DB) }},
			{Name: "redis", Ping: a.Redis.Ping},
		},
		ExtraRoutes:  extra,
		QueueMonitor: monitor,
	}
	ts := &testServer{t: t, app: a, deps: deps, srv: httptest.NewServer(api.New(deps))}
	t.Cleanup(ts.srv.Close)
	ts.admin = ts.login("admin@demo.local", demo.Password)
	ts.staff = ts.login("staff@demo.local", demo.Password)
	ts.buyer = ts.login("kupac@demo.local", demo.Password)
	// the demo's users were created through the identity service, which logs them: each test
	// reads the activity its own calls write
	if err := a.DB.Exec("DELETE FROM activity_log").Error; err != nil {
		t.Fatal(err)
	}
	return ts
}

type resp struct {
	Status int
	Body   map[string]any
	Raw    []byte
	Header http.Header
}

type req struct {
	method, path, token, lang string
	body                      any
	contentType               string // default application/json; "-" sends none
	raw                       []byte
	header                    map[string]string
	// chunked sends the body without a Content-Length, as a streaming client does.
	chunked bool
}

func (ts *testServer) do(r req) resp {
	ts.t.Helper()
	var body io.Reader
	switch {
	case r.raw != nil:
		body = bytes.NewReader(r.raw)
	case r.body != nil:
		b, _ := json.Marshal(r.body)
		body = bytes.NewReader(b)
	}
	if r.chunked && body != nil {
		body = io.MultiReader(body) // hides the length from http.NewRequest
	}
	hr, err := http.NewRequest(r.method, ts.srv.URL+r.path, body)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != nil {
		ct := r.contentType
		if ct == "" {
			ct = "application/json"
		}
		if ct != "-" { // "-": a body without a type
			hr.Header.Set("Content-Type", ct)
		}
	}
	if r.token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.token)
	}
	if r.lang != "" {
		hr.Header.Set("Accept-Language", r.lang)
	}
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Raw: raw, Header: res.Header}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func (ts *testServer) login(email, password string) string {
	ts.t.Helper()
	r := ts.do(req{method: "POST", path: "/api/v1/login", body: map[string]string{"email": email, "password": password}})
	if r.Status != 200 {
		ts.t.Fatalf("login %s: %d %s", email, r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)["token"].(string)
}

// multipartFile builds a body with one file field.
func multipartFile(t *testing.T, field, name string, data []byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// errorsOf returns the 422 field errors.
func errorsOf(r resp) map[string]any {
	e, _ := r.Body["errors"].(map[string]any)
	return e
}

func firstError(r resp, field string) string {
	list, _ := errorsOf(r)[field].([]any)
	if len(list) == 0 {
		return ""
	}
	return list[0].(string)
}

func data(r resp) map[string]any {
	d, _ := r.Body["data"].(map[string]any)
	return d
}

// list returns the data array of a list answer.
func list(r resp) []any {
	l, _ := r.Body["data"].([]any)
	return l
}

// message is the body's message.
func message(r resp) string {
	m, _ := r.Body["message"].(string)
	return m
}

// session is the data of a login, registration or refresh answer.
type session struct {
	token, refresh string
	user           map[string]any
}

func sessionOf(t *testing.T, r resp) session {
	t.Helper()
	d := data(r)
	tok, _ := d["token"].(string)
	ref, _ := d["refresh_token"].(string)
	u, _ := d["user"].(map[string]any)
	if tok == "" || ref == "" || u == nil {
		t.Fatalf("not a session answer: %d %s", r.Status, r.Raw)
	}
	return session{token: tok, refresh: ref, user: u}
}
