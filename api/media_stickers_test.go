package api_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/queue"
	"shop/worker"
)

// mediaFixtureStickerType inserts a catalog sticker type (the taxonomy area owns its form).
func mediaFixtureStickerType(tb testing.TB, a *app.App, name string) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	slug := strings.ToLower(strings.ReplaceAll(name, " ", "-"))
	if err := a.DB.Exec(`INSERT INTO catalog_sticker_types (name, slug, sticker_key, desktop_image_key, created_at, updated_at)
		VALUES (?, ?, ?, '', ?, ?)`, name, slug, "stickers/types/"+slug+".png", now, now).Error; err != nil {
		tb.Fatal(err)
	}
	var id uint64
	if err := a.DB.Raw("SELECT id FROM catalog_sticker_types WHERE slug = ?", slug).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// mediaJobs takes the tasks waiting in the default queue off it, as the worker would.
func mediaJobs(tb testing.TB, a *app.App) []*asynq.Task {
	tb.Helper()
	insp := asynq.NewInspector(a.Redis.Opt)
	defer insp.Close()
	infos, err := insp.ListPendingTasks(queue.QueueDefault)
	if errors.Is(err, asynq.ErrQueueNotFound) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	var out []*asynq.Task
	for _, ti := range infos {
		out = append(out, asynq.NewTask(ti.Type, ti.Payload))
		if err := insp.DeleteTask(queue.QueueDefault, ti.ID); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// mediaRun runs tasks through the worker's real mux.
func mediaRun(tb testing.TB, a *app.App, tasks ...*asynq.Task) {
	tb.Helper()
	mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog})
	for _, task := range tasks {
		if err := mux.ProcessTask(context.Background(), task); err != nil {
			tb.Fatalf("%s: %v", task.Type(), err)
		}
	}
}

// mediaStickerRows is product id -> "type from to active" of every catalog sticker.
func mediaStickerRows(tb testing.TB, a *app.App) map[uint64]string {
	tb.Helper()
	var rows []struct {
		ProductID            uint64
		CatalogStickerTypeID uint64
		ValidFrom, ValidTo   time.Time
		Active               bool
	}
	if err := a.DB.Table("product_catalog_stickers").Order("product_id").Find(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[uint64]string{}
	for _, r := range rows {
		out[r.ProductID] += fmt.Sprintf("%d %s %s %v;", r.CatalogStickerTypeID, r.ValidFrom.Format(time.DateOnly), r.ValidTo.Format(time.DateOnly), r.Active)
	}
	return out
}

func mediaEnergyKeys(tb testing.TB, a *app.App) map[uint64]string {
	tb.Helper()
	var rows []struct {
		ID               uint64
		EnergyStickerKey string
	}
	if err := a.DB.Table("products").Select("id, energy_sticker_key").Find(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[uint64]string{}
	for _, r := range rows {
		out[r.ID] = r.EnergyStickerKey
	}
	return out
}

func TestProductCatalogStickers(t *testing.T) {
	t.Parallel()
	// At 23:30 UTC Belgrade's day has already turned: a sticker from today to today shows.
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "CS-1", true)
		typ := mediaFixtureStickerType(t, a, "Black Friday")
		path := fmt.Sprintf("/api/v1/admin/products/%d/catalog-stickers", pid)
		today := a.Clock.Today()
		if today != "2026-11-24" {
			t.Fatalf("the shop's today at 23:30 UTC on 23 Nov = %s, want 2026-11-24", today)
		}
		nextYear := a.Clock.Local().AddDate(1, 0, 0).Format(time.DateOnly)

		create422 := []struct {
			name  string
			body  map[string]any
			field string
			want  string
		}{
			{"typeRequired422", map[string]any{"from": today, "to": nextYear}, "catalog_sticker_type_id", "Tip akcije je obavezan"},
			{"fromRequired422", map[string]any{"catalog_sticker_type_id": typ, "to": nextYear}, "from", "Početak akcije je obavezan"},
			{"toRequired422", map[string]any{"catalog_sticker_type_id": typ, "from": today}, "to", "Završetak akcije je obavezan"},
			{"badDate422", map[string]any{"catalog_sticker_type_id": typ, "from": "01.02.2025", "to": nextYear}, "from", "Datum mora biti u formatu GGGG-MM-DD"},
			{"toBeforeFrom422", map[string]any{"catalog_sticker_type_id": typ, "from": nextYear, "to": today}, "to", "Završetak akcije ne može biti pre početka"},
			{"unknownType422", map[string]any{"catalog_sticker_type_id": typ + 100, "from": today, "to": nextYear}, "catalog_sticker_type_id", "Tip akcije ne postoji"},
			{"wrongType422", map[string]any{"catalog_sticker_type_id": "jedan", "from": today, "to": nextYear}, "catalog_sticker_type_id", "Polje je pogrešnog tipa"},
		}
		for _, tt := range create422 {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: path, token: ts.staff, body: tt.body})
				if r.Status != 422 || firstError(r, tt.field) != tt.want {
					t.Errorf("%d %s, want 422 %q on %s", r.Status, r.Raw, tt.want, tt.field)
				}
			})
		}
		var stickerID float64
		t.Run("create200", func(t *testing.T) {
			r := ts.do(req{method: "POST", path: path, token: ts.staff, body: map[string]any{"catalog_sticker_type_id": typ, "from": today, "to": today}})
			d := data(r)
			if r.Status != 200 || message(r) != "Katalog nalepnica je uspešno sačuvana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			stickerID = d["id"].(float64)
			got := []any{d["catalog_sticker_type_name"], d["sticker"], d["from"], d["to"], d["active"], d["sticker_active"]}
			want := []any{"Black Friday", "/media/stickers/types/black-friday.png", today, today, true, true}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("sticker (-want +got):\n%s", diff)
			}
		})
		t.Run("sameTypeUpdates200", func(t *testing.T) {
			r := ts.do(req{method: "POST", path: path, token: ts.staff, body: map[string]any{"catalog_sticker_type_id": typ, "from": nextYear, "to": nextYear, "active": false}})
			d := data(r)
			if r.Status != 200 || d["id"] != stickerID {
				t.Fatalf("%d %s (want the same row %v)", r.Status, r.Raw, stickerID)
			}
			if got := []any{d["from"], d["active"], d["sticker_active"]}; !cmp.Equal(got, []any{nextYear, false, false}) {
				t.Errorf("updated sticker: %v", got)
			}
		})
		t.Run("list200", func(t *testing.T) {
			r := ts.do(req{method: "GET", path: path, token: ts.staff})
			if r.Status != 200 || len(list(r)) != 1 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
		t.Run("product404", func(t *testing.T) {
			for _, m := range []string{"GET", "POST"} {
				r := ts.do(req{method: m, path: fmt.Sprintf("/api/v1/admin/products/%d/catalog-stickers", pid+1000), token: ts.staff,
					body: map[string]any{"catalog_sticker_type_id": typ, "from": today, "to": today}})
				if r.Status != 404 || message(r) != "Proizvod ne postoji ili je izbrisan." {
					t.Errorf("%s: %d %s", m, r.Status, r.Raw)
				}
			}
		})
		t.Run("delete200", func(t *testing.T) {
			r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", path, int(stickerID)), token: ts.staff})
			if r.Status != 200 || message(r) != "Katalog nalepnica je uspešno obrisana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if n := len(list(ts.do(req{method: "GET", path: path, token: ts.staff}))); n != 0 {
				t.Errorf("%d stickers after delete", n)
			}
			log := activityOf(t, a, "product", pid)
			if !hasActivity(log, "product.catalog_sticker_added", fmt.Sprintf(`"catalog_sticker_type_id":%d`, typ)) ||
				!hasActivity(log, "product.catalog_sticker_removed", fmt.Sprintf(`"catalog_sticker_type_id":%d`, typ)) {
				t.Errorf("catalog sticker activity: %+v", log)
			}
		})
		t.Run("delete404", func(t *testing.T) {
			r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", path, int(stickerID)), token: ts.staff})
			if r.Status != 404 || message(r) != "Katalog nalepnica ne postoji ili je izbrisana." {
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
	})
}

func TestCatalogStickerMassAdd(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		p1 := mediaFixtureProduct(t, a, "MS-1", true)
		p2 := mediaFixtureProduct(t, a, "MS-2", true)
		p3 := mediaFixtureProduct(t, a, "MS-3", false)
		p4 := mediaFixtureProduct(t, a, "MS-4", false)
		typ := mediaFixtureStickerType(t, a, "Leto")
		const path = "/api/v1/admin/catalog-stickers/mass-add"
		body := func(ids ...uint64) map[string]any {
			return map[string]any{"catalog_sticker_type_id": typ, "from": "2025-06-01", "to": "2025-08-31", "ids": ids}
		}

		mass422 := []struct {
			name, query string
			body        map[string]any
			field, want string
		}{
			{"nothingSelected422", "", body(), "ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"sortIsNoFilter422", "?sort=-web_price", body(), "ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"badFilter422", "?active=maybe", body(), "active", "Polje je pogrešnog tipa"},
			{"unknownFilter422", "?colour=red", body(), "colour", "Nepoznat parametar"},
			{"sticker422", "", map[string]any{"ids": []uint64{p1}, "from": "2025-06-01"}, "catalog_sticker_type_id", "Tip akcije je obavezan"},
			{"toRequired422", "", map[string]any{"ids": []uint64{p1}, "catalog_sticker_type_id": typ, "from": "2025-06-01"}, "to", "Završetak akcije je obavezan"},
		}
		for _, tt := range mass422 {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: path + tt.query, token: ts.staff, body: tt.body})
				if r.Status != 422 || firstError(r, tt.field) != tt.want {
					t.Errorf("%d %s, want 422 %q on %s", r.Status, r.Raw, tt.want, tt.field)
				}
			})
		}
		if jobs := mediaJobs(t, a); len(jobs) != 0 {
			t.Fatalf("refused calls queued %d jobs", len(jobs))
		}

		t.Run("ids202", func(t *testing.T) {
			r := ts.do(req{method: "POST", path: path, token: ts.staff, body: body(p1, p3)})
			if r.Status != 202 || message(r) != "Nalepnice se dodaju u pozadini." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			jobs := mediaJobs(t, a)
			if len(jobs) != 1 || jobs[0].Type() != queue.TypeCatalogStickerMass {
				t.Fatalf("jobs: %v", jobs)
			}
			if n := len(mediaStickerRows(t, a)); n != 0 {
				t.Fatalf("%d stickers before the job ran", n)
			}
			mediaRun(t, a, jobs...)
			want := map[uint64]string{p1: fmt.Sprintf("%d 2025-06-01 2025-08-31 true;", typ), p3: fmt.Sprintf("%d 2025-06-01 2025-08-31 true;", typ)}
			// One entry per product, attributed to the user who started the job.
			for _, id := range []uint64{p1, p3} {
				if !hasActivity(activityOf(t, a, "product", id), "product.catalog_sticker_added", `"from":"2025-06-01"`) {
					t.Errorf("product %d: no catalog_sticker_added entry: %+v", id, activityOf(t, a, "product", id))
				}
			}
			if log := activityOf(t, a, "product", p2); hasActivity(log, "product.catalog_sticker_added", "") {
				t.Errorf("an unselected product logged: %+v", log)
			}
			var anonymous int64
			a.DB.Table("activity_log").Where("type = ? AND user_id IS NULL", "product.catalog_sticker_added").Count(&anonymous)
			if anonymous != 0 {
				t.Errorf("%d mass entries without the user", anonymous)
			}
			if diff := cmp.Diff(want, mediaStickerRows(t, a)); diff != "" {
				t.Errorf("after the job (-want +got):\n%s", diff)
			}
			// A retry (asynq delivers at least once) leaves the same rows.
			mediaRun(t, a, jobs...)
			if diff := cmp.Diff(want, mediaStickerRows(t, a)); diff != "" {
				t.Errorf("after a retry (-want +got):\n%s", diff)
			}
		})
		t.Run("filter202", func(t *testing.T) {
			// No ids: the list's filter selects every inactive product (p3 has the sticker: its dates change).
			b := body()
			b["from"], b["to"] = "2025-12-01", "2025-12-31"
			r := ts.do(req{method: "POST", path: path + "?inactive=1&page=1&paginate=1", token: ts.staff, body: b})
			if r.Status != 202 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			mediaRun(t, a, mediaJobs(t, a)...)
			want := map[uint64]string{
				p1: fmt.Sprintf("%d 2025-06-01 2025-08-31 true;", typ),
				p3: fmt.Sprintf("%d 2025-12-01 2025-12-31 true;", typ),
				p4: fmt.Sprintf("%d 2025-12-01 2025-12-31 true;", typ),
			}
			if diff := cmp.Diff(want, mediaStickerRows(t, a)); diff != "" {
				t.Errorf("after the filtered job (-want +got):\n%s (the whole filtered set, not a page)", diff)
			}
			_ = p2
		})
		t.Run("customer403", func(t *testing.T) {
			if r := ts.do(req{method: "POST", path: path, token: ts.buyer, body: body(p1)}); r.Status != 403 {
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
	})
}

// TestMassJobPayloadRefused: a payload the job cannot trust is dropped, not retried.
func TestMassJobPayloadRefused(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		mux := worker.Mux(worker.Deps{Log: a.Log, Catalog: a.Catalog})
		typ := mediaFixtureStickerType(t, a, "Zima")
		good, err := queue.NewCatalogStickerMassTask(queue.CatalogStickerMassPayload{CatalogStickerTypeID: typ, From: "2025-01-01", To: "2025-01-31",
			Active: true, Selection: []byte(`{"filter":{"Inactive":true}}`)})
		if err != nil {
			t.Fatal(err)
		}
		if err := mux.ProcessTask(context.Background(), good); err != nil {
			t.Fatalf("a good payload: %v", err)
		}
		tests := []struct {
			name string
			task *asynq.Task
		}{
			{"notJSON", asynq.NewTask(queue.TypeCatalogStickerMass, []byte("{"))},
			{"unknownFilterField", asynq.NewTask(queue.TypeCatalogStickerMass, []byte(fmt.Sprintf(
				`{"catalog_sticker_type_id":%d,"from":"2025-01-01","to":"2025-01-31","active":true,"selection":{"filter":{"Colour":"red"}}}`, typ)))},
			{"emptySelection", asynq.NewTask(queue.TypeCatalogStickerMass, []byte(fmt.Sprintf(
				`{"catalog_sticker_type_id":%d,"from":"2025-01-01","to":"2025-01-31","active":true,"selection":{"filter":{}}}`, typ)))},
			{"typeGone", asynq.NewTask(queue.TypeCatalogStickerMass, []byte(
				`{"catalog_sticker_type_id":999999,"from":"2025-01-01","to":"2025-01-31","active":true,"selection":{"ids":[1]}}`))},
			{"energyNoKey", asynq.NewTask(queue.TypeEnergyStickerMass, []byte(`{"sticker_key":"","selection":{"ids":[1]}}`))},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := mux.ProcessTask(context.Background(), tt.task); !errors.Is(err, asynq.SkipRetry) {
					t.Errorf("error %v, want SkipRetry", err)
				}
			})
		}
	})
}

func TestEnergySticker(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "ES-1", true)
		path := fmt.Sprintf("/api/v1/admin/products/%d/energy-sticker", pid)
		upload := func(name string, data []byte) resp {
			return ts.mediaUpload(path, ts.staff, []mediaFile{{"sticker", name, data}}, nil)
		}

		refused := []struct {
			name, file string
			data       []byte
			want       string
		}{
			{"fake422", "nalepnica.png", []byte("<svg>nije raster</svg>"), "Slika mora biti u formatu JPG, PNG ili WEBP"},
			{"tooLarge422", "nalepnica.png", append(mediaPNG(t, 4, 4, false), make([]byte, 2_000_000)...), "Maksimalni limit slike je 2MB"},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				r := upload(tt.file, tt.data)
				if r.Status != 422 || firstError(r, "sticker") != tt.want {
					t.Errorf("%d %s", r.Status, r.Raw)
				}
				if keys := mediaObjects(t, a, "stickers/"); len(keys) != 0 {
					t.Errorf("objects stored for a refused sticker: %v", keys)
				}
			})
		}
		var first string
		t.Run("set200", func(t *testing.T) {
			r := upload("a.png", mediaPNG(t, 120, 240, false))
			if r.Status != 200 || message(r) != "Nalepnica energetske vrednosti je uspešno sačuvana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			first = data(r)["energy_value_sticker"].(string)
			// Stored as it came (a label is not resized).
			if got := ts.mediaSize(first); got != "png 120x240" {
				t.Errorf("sticker %s", got)
			}
			if got := mediaEnergyKeys(t, a)[pid]; "/media/"+got != first {
				t.Errorf("products.energy_sticker_key %q, answer %q", got, first)
			}
		})
		t.Run("replace200", func(t *testing.T) {
			r := upload("b.jpg", mediaJPEG(t, 50, 50))
			if r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			keys := mediaObjects(t, a, "stickers/")
			if len(keys) != 1 || "/media/"+keys[0] != data(r)["energy_value_sticker"] {
				t.Errorf("objects %v, want only the new sticker", keys)
			}
		})
		t.Run("delete200", func(t *testing.T) {
			r := ts.do(req{method: "DELETE", path: path + "/delete", token: ts.staff})
			if r.Status != 200 || message(r) != "Nalepnica energetske vrednosti je uspešno obrisana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if keys := mediaObjects(t, a, "stickers/"); len(keys) != 0 || mediaEnergyKeys(t, a)[pid] != "" {
				t.Errorf("after delete: objects %v, key %q", keys, mediaEnergyKeys(t, a)[pid])
			}
			if log := activityOf(t, a, "product", pid); !hasActivity(log, "product.updated", `"energy_sticker_key":""`) ||
				!hasActivity(log, "product.updated", `"energy_sticker_key":"stickers/energy/`) {
				t.Errorf("energy sticker activity: %+v", log)
			}
		})
		t.Run("product404", func(t *testing.T) {
			r := ts.mediaUpload(fmt.Sprintf("/api/v1/admin/products/%d/energy-sticker", pid+1000), ts.staff,
				[]mediaFile{{"sticker", "a.png", mediaPNG(t, 4, 4, false)}}, nil)
			if r.Status != 404 {
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
	})
}

func TestEnergyStickerMassUpdate(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		p1 := mediaFixtureProduct(t, a, "EM-1", true)
		p2 := mediaFixtureProduct(t, a, "EM-2", true)
		p3 := mediaFixtureProduct(t, a, "EM-3", false)
		const path = "/api/v1/admin/products/energy-sticker/mass-update"
		sticker := mediaFile{"sticker", "label.png", mediaPNG(t, 60, 120, false)}
		ids := func(ids ...uint64) map[string][]string {
			out := map[string][]string{}
			for _, id := range ids {
				out["ids[]"] = append(out["ids[]"], fmt.Sprint(id))
			}
			return out
		}

		refused := []struct {
			name, query string
			files       []mediaFile
			values      map[string][]string
			field, want string
		}{
			{"nothingSelected422", "", []mediaFile{sticker}, nil, "ids", "Molimo vas da prvo izaberete proizvode koje želite da menjate"},
			{"badID422", "", []mediaFile{sticker}, map[string][]string{"ids[]": {"x"}}, "ids", "Polje mora biti broj"},
			{"noFile422", "", nil, ids(p1), "sticker", "Fajl je obavezan"},
			{"fake422", "", []mediaFile{{"sticker", "label.jpg", []byte("not a label")}}, ids(p1), "sticker", "Slika mora biti u formatu JPG, PNG ili WEBP"},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.mediaUpload(path+tt.query, ts.staff, tt.files, tt.values)
				if r.Status != 422 || firstError(r, tt.field) != tt.want {
					t.Errorf("%d %s, want 422 %q on %s", r.Status, r.Raw, tt.want, tt.field)
				}
			})
		}
		if keys, jobs := mediaObjects(t, a, "stickers/"), mediaJobs(t, a); len(keys) != 0 || len(jobs) != 0 {
			t.Fatalf("refused calls stored %v and queued %d jobs", keys, len(jobs))
		}

		t.Run("ids202", func(t *testing.T) {
			r := ts.mediaUpload(path, ts.staff, []mediaFile{sticker}, ids(p1, p2))
			if r.Status != 202 || message(r) != "Nalepnica se dodaje izabranim proizvodima u pozadini." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			keys := mediaObjects(t, a, "stickers/")
			if len(keys) != 1 {
				t.Fatalf("objects %v, want the one file stored once", keys)
			}
			jobs := mediaJobs(t, a)
			mediaRun(t, a, jobs...)
			mediaRun(t, a, jobs...) // a retry changes nothing
			for _, id := range []uint64{p1, p2} {
				if !hasActivity(activityOf(t, a, "product", id), "product.updated", `"energy_sticker_key":"`+keys[0]+`"`) {
					t.Errorf("product %d: no energy sticker entry: %+v", id, activityOf(t, a, "product", id))
				}
			}
			if log := activityOf(t, a, "product", p3); hasActivity(log, "product.updated", "energy_sticker_key") {
				t.Errorf("an unselected product logged: %+v", log)
			}
			want := map[uint64]string{p1: keys[0], p2: keys[0], p3: ""}
			if diff := cmp.Diff(want, mediaEnergyKeys(t, a)); diff != "" {
				t.Errorf("energy keys (-want +got):\n%s", diff)
			}
		})
		t.Run("filter202", func(t *testing.T) {
			// Every active product gets the new label; the old one, used by nobody now, goes.
			old := mediaObjects(t, a, "stickers/")
			r := ts.mediaUpload(path+"?active=1", ts.staff, []mediaFile{{"sticker", "new.jpg", mediaJPEG(t, 30, 30)}}, nil)
			if r.Status != 202 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			mediaRun(t, a, mediaJobs(t, a)...)
			keys := mediaObjects(t, a, "stickers/")
			if len(keys) != 1 || keys[0] == old[0] {
				t.Fatalf("objects %v (old %v), want only the new label", keys, old)
			}
			want := map[uint64]string{p1: keys[0], p2: keys[0], p3: ""}
			if diff := cmp.Diff(want, mediaEnergyKeys(t, a)); diff != "" {
				t.Errorf("energy keys (-want +got):\n%s", diff)
			}
		})
	})
}

// hasActivity tells whether the log has an entry of type typ whose old or new values contain
// part ("" matches any).
func hasActivity(log []activityEntry, typ, part string) bool {
	for _, e := range log {
		if e.Type == typ && (strings.Contains(e.Old, part) || strings.Contains(e.New, part)) {
			return true
		}
	}
	return false
}
