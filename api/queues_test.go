package api_test

import (
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestQueueMonitorGuard: asynq's monitor at /admin/queues is for super-admins only; a browser
// opens it by link, so the shop_token cookie authenticates as well as the header.
func TestQueueMonitorGuard(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		cookie := func(tok string) map[string]string { return map[string]string{"Cookie": "shop_token=" + tok} }
		tests := []struct {
			name string
			r    req
			want int
		}{
			{"anonymous401", req{method: "GET", path: "/admin/queues"}, 401},
			{"badCookie401", req{method: "GET", path: "/admin/queues/api/queues", header: cookie("nope")}, 401},
			{"customer403", req{method: "GET", path: "/admin/queues", header: cookie(ts.buyer)}, 403},
			{"staff403", req{method: "GET", path: "/admin/queues/api/queues", token: ts.staff}, 403},
			{"superAdminCookie200", req{method: "GET", path: "/admin/queues", header: cookie(ts.admin)}, 200},
			{"superAdminHeader200", req{method: "GET", path: "/admin/queues/api/queues", token: ts.admin}, 200},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(tt.r)
				if r.Status != tt.want {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.want)
				}
				if tt.want == 200 && string(r.Raw) != "queue monitor" {
					t.Errorf("body %q, want the monitor", r.Raw)
				}
			})
		}
	})
}
