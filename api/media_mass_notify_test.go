package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/queue"
	"shop/worker"
)

// massNotes are the type and data of the notifications of user, oldest first.
func massNotes(tb testing.TB, a *app.App, user uint64) []map[string]any {
	tb.Helper()
	var rows []struct{ Type, Data string }
	if err := a.DB.Table("notifications").Where("user_id = ?", user).Order("id").Find(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	var out []map[string]any
	for _, r := range rows {
		d := map[string]any{}
		if err := json.Unmarshal([]byte(r.Data), &d); err != nil {
			tb.Fatal(err)
		}
		d["type"] = r.Type
		out = append(out, d)
	}
	return out
}

// TestStickerMassJobsNotify: the mass sticker jobs end with a notification to the user who
// started them: done with the count of products, or failed with the reason (a job refused for
// good, here an energy job whose label is missing). Before, they finished silently.
func TestStickerMassJobsNotify(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		var staff uint64
		if err := a.DB.Table("users").Where("email = ?", "staff@demo.local").Pluck("id", &staff).Error; err != nil {
			t.Fatal(err)
		}
		p1 := mediaFixtureProduct(t, a, "MN-1", true)
		p2 := mediaFixtureProduct(t, a, "MN-2", true)
		typ := mediaFixtureStickerType(t, a, "Zima")
		mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog, Notify: a.Notify})
		run := func(tasks ...*asynq.Task) []error {
			var errs []error
			for _, task := range tasks {
				errs = append(errs, mux.ProcessTask(context.Background(), task))
			}
			return errs
		}

		r := ts.do(req{method: "POST", path: "/api/v1/admin/catalog-stickers/mass-add", token: ts.staff,
			body: map[string]any{"catalog_sticker_type_id": typ, "from": "2025-12-01", "to": "2025-12-31", "ids": []uint64{p1, p2}}})
		if r.Status != 202 {
			t.Fatalf("mass add: %d %s", r.Status, r.Raw)
		}
		run(mediaJobs(t, a)...)
		r = ts.mediaUpload("/api/v1/admin/products/energy-sticker/mass-update", ts.staff,
			[]mediaFile{{"sticker", "label.png", mediaPNG(t, 60, 120, false)}}, map[string][]string{"ids[]": {fmt.Sprint(p1)}})
		if r.Status != 202 {
			t.Fatalf("energy mass: %d %s", r.Status, r.Raw)
		}
		run(mediaJobs(t, a)...)
		bad, err := queue.NewEnergyStickerMassTask(queue.EnergyStickerMassPayload{Selection: json.RawMessage(`{"ids":[1]}`), UserID: staff})
		if err != nil {
			t.Fatal(err)
		}
		if errs := run(bad); errs[0] == nil {
			t.Fatal("an energy job without its label succeeded")
		}

		want := []map[string]any{
			{"type": catalog.NoteStickersDone, "job": "catalog_stickers", "count": 2.0, "message": "Katalog nalepnica je dodata na 2 proizvoda."},
			{"type": catalog.NoteStickersDone, "job": "energy_sticker", "count": 1.0, "message": "Nalepnica energetske vrednosti je postavljena na 1 proizvoda."},
			{"type": catalog.NoteStickersFailed, "job": "energy_sticker", "error": "Fajl je obavezan",
				"message": "Postavljanje nalepnica energetske vrednosti nije uspelo: Fajl je obavezan"},
		}
		if d := cmp.Diff(want, massNotes(t, a, staff)); d != "" {
			t.Errorf("notifications of the staff member who started the jobs (-want +got):\n%s", d)
		}
	})
}
