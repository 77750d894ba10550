package api_test

import (
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestDocsPagePolicy: the API documentation page (Swagger UI) has a Content-Security-Policy
// that lets only its own scripts run (its inline one by hash), and its scripts still load.
func TestDocsPagePolicy(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "GET", path: "/api/docs/index.html"})
		csp := r.Header.Get("Content-Security-Policy")
		if r.Status != 200 || !strings.Contains(string(r.Raw), "swagger-ui") {
			t.Fatalf("docs page: %d", r.Status)
		}
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("docs page policy: %q", csp)
		}
		if strings.Contains(string(r.Raw), "<script>") && !strings.Contains(csp, "'sha256-") {
			t.Errorf("an inline script without its hash in the policy: %q", csp)
		}
		if r := ts.do(req{method: "GET", path: "/api/docs/swagger-ui-bundle.js"}); r.Status != 200 || len(r.Raw) < 1000 {
			t.Errorf("docs script: %d (%d bytes)", r.Status, len(r.Raw))
		}
	})
}
