package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/activity"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/actor"
)

// activityFixture records entries: one through activity.Record as the admin (as a service
// does), and a few at fixed times (UTC) for the day filters.
func activityFixture(tb testing.TB, a *app.App) (adminID uint64) {
	tb.Helper()
	ctx := context.Background()
	admin, err := a.Identity.FindUserByEmail(ctx, "admin@demo.local")
	if err != nil || admin == nil {
		tb.Fatalf("admin: %v", err)
	}
	actx := actor.With(ctx, actor.Actor{UserID: admin.ID, IP: "203.0.113.7"})
	err = activity.Record(actx, a.DB, activity.Change{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: 7,
		Old: map[string]any{"name": "Stari"}, New: map[string]any{"name": "Novi"}})
	if err != nil {
		tb.Fatal(err)
	}
	uid := admin.ID
	for _, e := range []activity.Entry{
		// 2024-03-01 23:30 UTC is 2024-03-02 00:30 in Belgrade (CET).
		{Type: activity.ProductCreated, SubjectType: "product", SubjectID: 7, UserID: &uid, IP: "10.0.0.1", NewValues: `{"name":"Stari"}`, CreatedAt: time.Date(2024, 3, 1, 23, 30, 0, 0, time.UTC)},
		{Type: activity.ProductDeleted, SubjectType: "product", SubjectID: 8, OldValues: `{"name":"Obrisan"}`, CreatedAt: time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)},
		{Type: activity.ProductImageCreated, SubjectType: "product_image", SubjectID: 3, UserID: &uid, CreatedAt: time.Date(2024, 2, 28, 9, 15, 0, 0, time.UTC)},
	} {
		if err := a.DB.Create(&e).Error; err != nil {
			tb.Fatal(err)
		}
	}
	return admin.ID
}

func TestActivityList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		adminID := activityFixture(t, a)

		types := func(r resp) []string {
			var out []string
			for _, it := range list(r) {
				out = append(out, it.(map[string]any)["type"].(string))
			}
			return out
		}
		tests := []struct {
			name, query, token string
			status             int
			want               []string
			total              float64
		}{
			{"list200 newest first", "", ts.admin, 200, []string{"product.updated", "product.created", "product.deleted", "product_image.created"}, 4},
			{"list200 type", "?type=product.deleted", ts.admin, 200, []string{"product.deleted"}, 1},
			{"list200 subject", "?subject_type=product&subject_id=7", ts.admin, 200, []string{"product.updated", "product.created"}, 2},
			{"list200 user", fmt.Sprintf("?user_id=%d", adminID), ts.admin, 200, []string{"product.updated", "product.created", "product_image.created"}, 3},
			{"list200 one Belgrade day", "?date_from=2024-03-02&date_to=2024-03-02", ts.admin, 200, []string{"product.created"}, 1},
			{"list200 days", "?date_from=2024-02-28&date_to=2024-03-01", ts.admin, 200, []string{"product.deleted", "product_image.created"}, 2},
			{"list200 page", "?paginate=2&page=2", ts.admin, 200, []string{"product.deleted", "product_image.created"}, 4},
			{"list422 bad date", "?date_from=01.03.2024", ts.admin, 422, nil, 0},
			{"list422 dates reversed", "?date_from=2024-03-02&date_to=2024-03-01", ts.admin, 422, nil, 0},
			{"list422 page size", "?paginate=101", ts.admin, 422, nil, 0},
			{"list422 unknown parameter", "?subject=product", ts.admin, 422, nil, 0},
			{"list403 staff", "", ts.staff, 403, nil, 0},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: "/api/v1/admin/activity" + tt.query, token: tt.token})
				if r.Status != tt.status {
					t.Fatalf("status %d, want %d: %s", r.Status, tt.status, r.Raw)
				}
				if tt.status != 200 {
					return
				}
				if diff := cmp.Diff(tt.want, types(r)); diff != "" {
					t.Errorf("types (-want +got):\n%s", diff)
				}
				if meta := r.Body["meta"].(map[string]any); meta["total"] != tt.total {
					t.Errorf("meta %v, want total %v", meta, tt.total)
				}
			})
		}

		r := ts.do(req{method: "GET", path: "/api/v1/admin/activity?date_from=2024-02-28&date_to=2024-03-02", token: ts.admin})
		got := list(r)
		for _, it := range got {
			delete(it.(map[string]any), "id")
		}
		want := []any{
			map[string]any{"type": "product.created", "user": map[string]any{"id": float64(adminID), "name": "Demo Administrator"},
				"date": "2024-03-02", "time": "00:30", "created_at": "2024-03-01T23:30:00Z", "ip": "10.0.0.1",
				"old_values": nil, "new_values": map[string]any{"name": "Stari"}, "subject_type": "product", "subject_id": 7.0},
			map[string]any{"type": "product.deleted", "user": nil, "date": "2024-03-01", "time": "11:00", "created_at": "2024-03-01T10:00:00Z",
				"ip": "", "old_values": map[string]any{"name": "Obrisan"}, "new_values": nil, "subject_type": "product", "subject_id": 8.0},
			map[string]any{"type": "product_image.created", "user": map[string]any{"id": float64(adminID), "name": "Demo Administrator"},
				"date": "2024-02-28", "time": "10:15", "created_at": "2024-02-28T09:15:00Z", "ip": "", "old_values": nil, "new_values": nil,
				"subject_type": "product_image", "subject_id": 3.0},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("rows (-want +got):\n%s", diff)
		}

		// The entry recorded through Record carries the actor's user and address.
		r = ts.do(req{method: "GET", path: "/api/v1/admin/activity?type=product.updated", token: ts.admin})
		row := list(r)[0].(map[string]any)
		if row["ip"] != "203.0.113.7" || row["user"].(map[string]any)["name"] != "Demo Administrator" ||
			!cmp.Equal(row["old_values"], map[string]any{"name": "Stari"}) || !cmp.Equal(row["new_values"], map[string]any{"name": "Novi"}) {
			t.Errorf("recorded entry: %v", row)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/activity?date_from=x", token: ts.admin, lang: "en"}); firstError(r, "date_from") != "The date must be in the format YYYY-MM-DD" {
			t.Errorf("bad date in English: %s", r.Raw)
		}
	})
}
