package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/pricelist"
)

// sseGuard bounds waits on the stream so a broken stream fails instead of hanging; delivery
// itself takes milliseconds (this is not a timing assertion).
const sseGuard = 10 * time.Second

// runHub runs the app's realtime hub (shopd does in the API role) until the test ends.
func runHub(t *testing.T, a *app.App) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); a.Hub.Run(ctx) }()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	select {
	case <-a.Hub.Ready():
	case <-time.After(sseGuard):
		t.Fatal("hub never subscribed")
	}
	return stop
}

func (ts *testServer) userID(token string) uint64 {
	ts.t.Helper()
	r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: token})
	return uint64(data(r)["id"].(float64))
}

func (ts *testServer) notify(user uint64, typ string, d any) {
	ts.t.Helper()
	if err := ts.app.Notify.Notify(context.Background(), user, typ, d); err != nil {
		ts.t.Fatal(err)
	}
}

// noteTypes: each type of the specification, and the failure, with the data the import sends.
var noteTypes = []struct {
	typ  string
	data map[string]any
}{
	{pricelist.NotePricelistUploaded, map[string]any{"message": "Cenovnik cenovnik.xlsx je primljen",
		"pricelist": map[string]any{"id": 3, "supplier_id": 1, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"}}},
	{pricelist.NoteCategoriesUploaded, map[string]any{"message": "Kategorije su učitane",
		"pricelist": map[string]any{"id": 3, "supplier_id": 1, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"}}},
	{pricelist.NoteCategoriesNotMapped, map[string]any{"message": "Kategorije nisu povezane",
		"pricelist":  map[string]any{"id": 3, "supplier_id": 1, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
		"categories": []any{"Laptopovi", "Monitori"}}},
	{pricelist.NoteImportFinished, map[string]any{"message": "Uvoz je završen",
		"pricelist":     map[string]any{"id": 3, "supplier_id": 1, "supplier": "Comtrade", "file_name": "cenovnik.xlsx"},
		"counts":        map[string]any{"rows": 4, "created": 1, "updated": 1, "unchanged": 1, "rejected": 1},
		"rejected_rows": []any{map[string]any{"row": 5, "sku": "", "reason": "Nedostaje šifra"}}}},
	{"ImportFailed", map[string]any{"message": "Uvoz nije uspeo", "pricelist": nil, "error": "Fajl mora biti u XLSX formatu"}},
}

// roundTrip is v as it comes back from JSON (numbers as float64).
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, _ := json.Marshal(v)
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestNotificationList(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		me, other := ts.userID(ts.admin), ts.userID(ts.staff)
		for _, n := range noteTypes {
			ts.notify(me, n.typ, n.data)
		}
		ts.notify(other, pricelist.NoteImportFinished, map[string]any{"message": "tuđe"})
		path := fmt.Sprintf("/api/v1/admin/users/%d/notifications", me)

		r := ts.do(req{method: "GET", path: path, token: ts.admin})
		if r.Status != 200 {
			t.Fatalf("list: %d %s", r.Status, r.Raw)
		}
		got := list(r)
		if len(got) != len(noteTypes) {
			t.Fatalf("listed %d, want %d: %s", len(got), len(noteTypes), r.Raw)
		}
		for i, raw := range got { // newest first
			n, want := raw.(map[string]any), noteTypes[len(noteTypes)-1-i]
			if n["type"] != want.typ || n["read"] != false || n["read_at"] != nil || n["id"] == nil || n["created_at"] == "" {
				t.Errorf("row %d: %v, want an unread %s", i, n, want.typ)
			}
			if diff := cmp.Diff(roundTrip(t, want.data), n["data"]); diff != "" {
				t.Errorf("%s data (-want +got):\n%s", want.typ, diff)
			}
		}
		if m := r.Body["meta"].(map[string]any); m["total"] != float64(len(noteTypes)) || m["per_page"] != float64(20) {
			t.Errorf("meta %v", m)
		}
		r = ts.do(req{method: "GET", path: path + "?page=2&paginate=2", token: ts.admin})
		if l := list(r); r.Status != 200 || len(l) != 2 || l[0].(map[string]any)["type"] != noteTypes[2].typ {
			t.Errorf("page 2 of 2: %d %s", r.Status, r.Raw)
		}

		for _, tc := range []struct {
			name, path, token string
			status            int
			message           string
		}{
			{"list401", path, "", 401, "Niste prijavljeni."},
			{"list403AnotherUser", fmt.Sprintf("/api/v1/admin/users/%d/notifications", other), ts.admin, 403, "Unauthorized"},
			{"list403MissingUser", "/api/v1/admin/users/999999/notifications", ts.admin, 403, "Unauthorized"},
			{"list404MalformedUser", "/api/v1/admin/users/abc/notifications", ts.admin, 404, "Korisnik ne postoji ili je izbrisan."},
			{"list422", path + "?paginate=x", ts.admin, 422, "Podaci nisu ispravni."},
			{"withCount403", fmt.Sprintf("/api/v1/admin/users/%d/notifications/with-count", other), ts.admin, 403, "Unauthorized"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: tc.path, token: tc.token})
				if r.Status != tc.status || message(r) != tc.message {
					t.Fatalf("%d %s, want %d %q", r.Status, r.Raw, tc.status, tc.message)
				}
			})
		}

		// A customer has no bell (403 as on every admin route), not even their own.
		buyer := ts.userID(ts.buyer)
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%d/notifications", buyer), token: ts.buyer})
		if r.Status != 403 || message(r) != "Unauthorized" {
			t.Fatalf("customer's own list: %d %s", r.Status, r.Raw)
		}
		// Any staff member has a bell, whatever their permissions.
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%d/notifications/with-count", other), token: ts.staff})
		if d := data(r); r.Status != 200 || d["count"] != float64(1) || len(d["notifications"].([]any)) != 1 {
			t.Fatalf("staff's own bell: %d %s", r.Status, r.Raw)
		}
	})
}

// count is the bell's unread count and the ids it lists.
func (ts *testServer) bell(user uint64, token string) (float64, []float64) {
	ts.t.Helper()
	r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%d/notifications/with-count", user), token: token})
	if r.Status != 200 {
		ts.t.Fatalf("with-count: %d %s", r.Status, r.Raw)
	}
	d := data(r)
	ids := []float64{}
	for _, n := range d["notifications"].([]any) {
		ids = append(ids, n.(map[string]any)["id"].(float64))
	}
	return d["count"].(float64), ids
}

func (ts *testServer) noteIDs(user uint64, token string) []float64 {
	ts.t.Helper()
	r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%d/notifications", user), token: token})
	ids := []float64{}
	for _, n := range list(r) {
		ids = append(ids, n.(map[string]any)["id"].(float64))
	}
	return ids
}

func TestNotificationWithCount(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		me := ts.userID(ts.admin)
		for i := 0; i < 23; i++ {
			ts.notify(me, pricelist.NoteImportFinished, map[string]any{"message": strconv.Itoa(i)})
		}
		all := ts.noteIDs(me, ts.admin) // newest first
		count, ids := ts.bell(me, ts.admin)
		if diff := cmp.Diff(all[:20], ids); count != 23 || diff != "" {
			t.Fatalf("bell: count %v, want 23; ids (-want +got):\n%s", count, diff)
		}
	})
}

func TestNotificationChanges(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		me, other := ts.userID(ts.admin), ts.userID(ts.staff)
		for i := 0; i < 4; i++ {
			ts.notify(me, pricelist.NoteImportFinished, map[string]any{"message": strconv.Itoa(i)})
		}
		ts.notify(other, pricelist.NoteImportFinished, map[string]any{"message": "tuđe"})
		mine, theirs := ts.noteIDs(me, ts.admin), ts.noteIDs(other, ts.staff)
		base := fmt.Sprintf("/api/v1/admin/users/%d/notifications", me)
		otherBase := fmt.Sprintf("/api/v1/admin/users/%d/notifications", other)

		for _, tc := range []struct {
			name, method, path, token, lang string
			status                          int
			message                         string
		}{
			{"markRead401", "PATCH", fmt.Sprintf("%s/%v", base, mine[0]), "", "", 401, "Niste prijavljeni."},
			{"markRead403", "PATCH", fmt.Sprintf("%s/%v", otherBase, theirs[0]), ts.admin, "", 403, "Unauthorized"},
			{"markRead404AnotherUsers", "PATCH", fmt.Sprintf("%s/%v", base, theirs[0]), ts.admin, "", 404, "Obaveštenje ne postoji ili je izbrisano."},
			{"markRead404Malformed", "PATCH", base + "/x", ts.admin, "en", 404, "The notification does not exist or has been deleted."},
			{"markRead200", "PATCH", fmt.Sprintf("%s/%v", base, mine[0]), ts.admin, "", 200, "Obaveštenje je označeno kao pročitano."},
			{"markRead200Again", "PATCH", fmt.Sprintf("%s/%v", base, mine[0]), ts.admin, "en", 200, "The notification has been marked as read."},
			{"readAll403", "PATCH", otherBase + "/read-all", ts.admin, "", 403, "Unauthorized"},
			{"delete403", "DELETE", fmt.Sprintf("%s/%v", otherBase, theirs[0]), ts.admin, "", 403, "Unauthorized"},
			{"delete404AnotherUsers", "DELETE", fmt.Sprintf("%s/%v", base, theirs[0]), ts.admin, "", 404, "Obaveštenje ne postoji ili je izbrisano."},
			{"deleteAll403", "DELETE", otherBase + "/delete-all", ts.admin, "", 403, "Unauthorized"},
			{"deleteAll401", "DELETE", base + "/delete-all", "", "", 401, "Niste prijavljeni."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := ts.do(req{method: tc.method, path: tc.path, token: tc.token, lang: tc.lang})
				if r.Status != tc.status || message(r) != tc.message {
					t.Fatalf("%d %s, want %d %q", r.Status, r.Raw, tc.status, tc.message)
				}
			})
		}
		if count, ids := ts.bell(me, ts.admin); count != 3 || cmp.Diff(mine[1:], ids) != "" {
			t.Fatalf("after marking %v read: count %v ids %v", mine[0], count, ids)
		}
		r := ts.do(req{method: "GET", path: base, token: ts.admin})
		last := list(r)[0].(map[string]any) // mine[0] is the newest
		if last["id"] != mine[0] || last["read"] != true || last["read_at"] == nil {
			t.Fatalf("marked one: %v", last)
		}

		r = ts.do(req{method: "PATCH", path: base + "/read-all", token: ts.admin})
		if r.Status != 200 || message(r) != "Sva obaveštenja su označena kao pročitana." {
			t.Fatalf("read-all: %d %s", r.Status, r.Raw)
		}
		if count, ids := ts.bell(me, ts.admin); count != 0 || len(ids) != 0 {
			t.Fatalf("after read-all: %v %v", count, ids)
		}
		if count, _ := ts.bell(other, ts.staff); count != 1 {
			t.Fatalf("read-all reached another user: %v unread, want 1", count)
		}

		r = ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%v", base, mine[1]), token: ts.admin})
		if r.Status != 200 || message(r) != "Obaveštenje je obrisano." {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		if diff := cmp.Diff([]float64{mine[0], mine[2], mine[3]}, ts.noteIDs(me, ts.admin)); diff != "" {
			t.Fatalf("after delete (-want +got):\n%s", diff)
		}
		r = ts.do(req{method: "DELETE", path: base + "/delete-all", token: ts.admin, lang: "en"})
		if r.Status != 200 || message(r) != "All notifications have been deleted." {
			t.Fatalf("delete-all: %d %s", r.Status, r.Raw)
		}
		if ids := ts.noteIDs(me, ts.admin); len(ids) != 0 {
			t.Fatalf("after delete-all: %v", ids)
		}
		if ids := ts.noteIDs(other, ts.staff); len(ids) != 1 {
			t.Fatalf("delete-all reached another user: %v", ids)
		}
	})
}

// sseEvent is one event of the stream.
type sseEvent struct {
	id, event string
	data      map[string]any
}

// sseStream reads a text/event-stream response line by line.
type sseStream struct {
	t     *testing.T
	res   *http.Response
	lines chan string
}

func (ts *testServer) openStream(token, query string, header map[string]string) *sseStream {
	ts.t.Helper()
	hr, _ := http.NewRequest("GET", ts.srv.URL+"/api/v1/admin/realtime"+query, nil)
	hr.Header.Set("Authorization", "Bearer "+token)
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		ts.t.Fatal(err)
	}
	s := &sseStream{t: ts.t, res: res, lines: make(chan string, 64)}
	ts.t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 {
		ts.t.Fatalf("stream: %d", res.StatusCode)
	}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	// The stream opens with the reconnect delay, after the server has subscribed.
	if l := s.line(); !strings.HasPrefix(l, "retry: ") {
		ts.t.Fatalf("first line %q", l)
	}
	if l := s.line(); l != "" {
		ts.t.Fatalf("second line %q", l)
	}
	return s
}

func (s *sseStream) line() string {
	s.t.Helper()
	select {
	case l, ok := <-s.lines:
		if !ok {
			s.t.Fatal("stream ended")
		}
		return l
	case <-time.After(sseGuard):
		s.t.Fatal("nothing on the stream")
	}
	return ""
}

// next reads the next event (comments skipped).
func (s *sseStream) next() sseEvent {
	s.t.Helper()
	var ev sseEvent
	for {
		l := s.line()
		switch {
		case l == "" && ev.id != "":
			return ev
		case strings.HasPrefix(l, ":"), l == "":
		case strings.HasPrefix(l, "id: "):
			ev.id = strings.TrimPrefix(l, "id: ")
		case strings.HasPrefix(l, "event: "):
			ev.event = strings.TrimPrefix(l, "event: ")
		case strings.HasPrefix(l, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(l, "data: ")), &ev.data); err != nil {
				s.t.Fatalf("data %q: %v", l, err)
			}
		default:
			s.t.Fatalf("unexpected line %q", l)
		}
	}
}

// ended waits for the server to end the stream.
func (s *sseStream) ended() {
	s.t.Helper()
	deadline := time.After(sseGuard)
	for {
		select {
		case _, ok := <-s.lines:
			if !ok {
				return
			}
		case <-deadline:
			s.t.Fatal("stream still open")
		}
	}
}

func TestRealtimeStream(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		runHub(t, a)
		me, other := ts.userID(ts.admin), ts.userID(ts.staff)
		s := ts.openStream(ts.admin, "", nil)
		if ct := s.res.Header.Get("Content-Type"); ct != "text/event-stream" || s.res.Header.Get("Content-Encoding") != "" {
			t.Fatalf("Content-Type %q, Content-Encoding %q", ct, s.res.Header.Get("Content-Encoding"))
		}

		// Another user's notification first: private channels mean the next event is ours.
		ts.notify(other, pricelist.NoteImportFinished, map[string]any{"message": "tuđe"})
		for _, n := range noteTypes {
			ts.notify(me, n.typ, n.data)
		}
		ids := ts.noteIDs(me, ts.admin)
		for i, n := range noteTypes {
			ev := s.next()
			if ev.event != "notification" || ev.id != fmt.Sprint(ids[len(ids)-1-i]) {
				t.Fatalf("event %d: id %s event %q, want id %v event notification", i, ev.id, ev.event, ids[len(ids)-1-i])
			}
			want := map[string]any{"id": ids[len(ids)-1-i], "type": n.typ, "read": false, "read_at": nil, "data": roundTrip(t, n.data)}
			got := map[string]any{}
			for k := range want {
				got[k] = ev.data[k]
			}
			if diff := cmp.Diff(want, got); diff != "" || ev.data["created_at"] == nil {
				t.Fatalf("event %d (-want +got):\n%s\n%v", i, diff, ev.data)
			}
		}
	})
}

// TestRealtimeReplay: a reconnecting client names the last event it saw and first gets what it
// missed, oldest first, then live events, each once.
func TestRealtimeReplay(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		runHub(t, a)
		me, other := ts.userID(ts.admin), ts.userID(ts.staff)
		for i := 0; i < 3; i++ {
			ts.notify(me, pricelist.NoteImportFinished, map[string]any{"message": strconv.Itoa(i)})
		}
		ts.notify(other, pricelist.NoteImportFinished, map[string]any{"message": "tuđe"})

		for _, tc := range []struct {
			name   string
			query  string
			header map[string]string
		}{
			{"header", "", map[string]string{"Last-Event-ID": "third newest"}},
			{"query", "?last_event_id=third newest", nil},
			// EventSource resends its first URL on reconnect, with the header: the header wins.
			{"headerOverQuery", "?last_event_id=0", map[string]string{"Last-Event-ID": "third newest"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				old := ts.noteIDs(me, ts.admin) // newest first; the client saw up to the third
				third := fmt.Sprint(old[2])
				query := strings.ReplaceAll(tc.query, "third newest", third)
				header := map[string]string{}
				for k, v := range tc.header {
					header[k] = strings.ReplaceAll(v, "third newest", third)
				}
				s := ts.openStream(ts.admin, query, header)
				for _, want := range []float64{old[1], old[0]} {
					if ev := s.next(); ev.id != fmt.Sprint(want) || ev.data["id"] != want {
						t.Fatalf("replayed %s, want %v", ev.id, want)
					}
				}
				ts.notify(me, pricelist.NoteImportFinished, map[string]any{"message": "live " + tc.name})
				ev := s.next()
				if ev.data["data"].(map[string]any)["message"] != "live "+tc.name {
					t.Fatalf("live event %v", ev.data)
				}
			})
		}

		// Zero replays everything the user has; none of another user's.
		s := ts.openStream(ts.admin, "?last_event_id=0", nil)
		all := ts.noteIDs(me, ts.admin)
		for i := len(all) - 1; i >= 0; i-- {
			if ev := s.next(); ev.data["id"] != all[i] {
				t.Fatalf("replay from 0: got %s, want %v", ev.id, all[i])
			}
		}
	})
}

func TestRealtimeRefused(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, tc := range []struct {
			name, path, token string
			header            map[string]string
			status            int
		}{
			{"noToken401", "/api/v1/admin/realtime", "", nil, 401},
			{"badToken401", "/api/v1/admin/realtime", "nope", nil, 401},
			{"customer403", "/api/v1/admin/realtime", ts.buyer, nil, 403},
			{"badQuery422", "/api/v1/admin/realtime?last_event_id=x", ts.admin, nil, 422},
			{"badHeader422", "/api/v1/admin/realtime", ts.admin, map[string]string{"Last-Event-ID": "-1"}, 422},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := ts.do(req{method: "GET", path: tc.path, token: tc.token, header: tc.header})
				if r.Status != tc.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tc.status)
				}
				if tc.status == 422 && firstError(r, "last_event_id") != "Polje mora biti broj" {
					t.Fatalf("errors %s", r.Raw)
				}
			})
		}
	})
}

// TestRealtimeEndsWithHub: when the hub stops (shutdown) open streams end, so the server's
// graceful shutdown is not held up by them.
func TestRealtimeEndsWithHub(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		stop := runHub(t, a)
		s := ts.openStream(ts.admin, "", nil)
		stop()
		s.ended()
	})
}
