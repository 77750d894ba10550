package api_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io/fs"
	"mime/multipart"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
)

// mediaFixtureProduct inserts a bare product row (the products area owns the product service;
// media tests need only rows to hang images and stickers on).
func mediaFixtureProduct(tb testing.TB, a *app.App, sku string, active bool) uint64 {
	tb.Helper()
	now := time.Now().UTC()
	name := "Proizvod " + sku
	err := a.DB.Exec(`INSERT INTO products (sku, name, slug, search_text, active, main_category_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?)`, sku, name, catalog.Slugify(name), catalog.Fold(name), active, now, now).Error
	if err != nil {
		tb.Fatal(err)
	}
	var id uint64
	if err := a.DB.Raw("SELECT id FROM products WHERE sku = ?", sku).Scan(&id).Error; err != nil {
		tb.Fatal(err)
	}
	return id
}

// mediaPNG is a w x h PNG; transparent ones have alpha 0 in the top-left quarter.
func mediaPNG(tb testing.TB, w, h int, transparent bool) []byte {
	tb.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := uint8(255)
			if transparent && x < w/2 && y < h/2 {
				a = 0
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 200, a})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func mediaJPEG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// mediaFile is one file part of a multipart body.
type mediaFile struct {
	field, name string
	data        []byte
}

// mediaMultipart builds a body of files and plain values (values: field -> list).
func mediaMultipart(tb testing.TB, files []mediaFile, values map[string][]string) ([]byte, string) {
	tb.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, vs := range values {
		for _, v := range vs {
			w.WriteField(k, v)
		}
	}
	for _, f := range files {
		fw, err := w.CreateFormFile(f.field, f.name)
		if err != nil {
			tb.Fatal(err)
		}
		fw.Write(f.data)
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

func (ts *testServer) mediaUpload(path, token string, files []mediaFile, values map[string][]string) resp {
	ts.t.Helper()
	body, ct := mediaMultipart(ts.t, files, values)
	return ts.do(req{method: "POST", path: path, token: token, raw: body, contentType: ct})
}

// mediaObjects lists the keys in the local object store under prefix.
func mediaObjects(tb testing.TB, a *app.App, prefix string) []string {
	tb.Helper()
	root := filepath.Join(a.Config.DataDir, "objects")
	var keys []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if k := filepath.ToSlash(rel); strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(keys)
	return keys
}

// mediaSize fetches a public URL and decodes its dimensions and format.
func (ts *testServer) mediaSize(url string) string {
	ts.t.Helper()
	r := ts.do(req{method: "GET", path: url})
	if r.Status != 200 {
		ts.t.Fatalf("GET %s: %d", url, r.Status)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(r.Raw))
	if err != nil {
		ts.t.Fatalf("GET %s: %v", url, err)
	}
	return fmt.Sprintf("%s %dx%d", format, cfg.Width, cfg.Height)
}

func mediaActivity(tb testing.TB, a *app.App, typ string) int64 {
	tb.Helper()
	var n int64
	if err := a.DB.Table("activity_log").Where("type = ?", typ).Count(&n).Error; err != nil {
		tb.Fatal(err)
	}
	return n
}

func TestProductMainImage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "IMG-1", true)
		path := fmt.Sprintf("/api/v1/admin/products/%d/main-images", pid)
		prefix := fmt.Sprintf("images/products/%d/", pid)

		t.Run("set200", func(t *testing.T) {
			r := ts.mediaUpload(path, ts.staff, []mediaFile{{"image", "slika.png", mediaPNG(t, 2000, 1000, false)}}, nil)
			if r.Status != 200 || message(r) != "Glavna slika je uspešno sačuvana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			d := data(r)
			got := []any{d["main"], ts.mediaSize(d["small"].(string)), ts.mediaSize(d["large"].(string))}
			if diff := cmp.Diff([]any{true, "jpeg 300x150", "jpeg 1200x600"}, got); diff != "" {
				t.Errorf("main image (-want +got):\n%s", diff)
			}
			if n := len(mediaObjects(t, a, prefix)); n != 2 {
				t.Errorf("%d objects, want 2 (small and large)", n)
			}
		})
		t.Run("replace200", func(t *testing.T) {
			before := mediaObjects(t, a, prefix)
			r := ts.mediaUpload(path, ts.staff, []mediaFile{{"image", "logo.png", mediaPNG(t, 500, 400, true)}}, nil)
			if r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			// A cut-out with transparency stays PNG; smaller than 1200 px it is not enlarged.
			got := []any{ts.mediaSize(data(r)["small"].(string)), ts.mediaSize(data(r)["large"].(string))}
			if diff := cmp.Diff([]any{"png 300x240", "png 500x400"}, got); diff != "" {
				t.Errorf("variants (-want +got):\n%s", diff)
			}
			after := mediaObjects(t, a, prefix)
			for _, k := range before {
				if i := sort.SearchStrings(after, k); i < len(after) && after[i] == k {
					t.Errorf("replaced image's object %s still stored", k)
				}
			}
			l := list(ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/images", pid), token: ts.staff}))
			if len(l) != 1 || len(after) != 2 {
				t.Errorf("after replacing: %d images, %d objects; want 1 and 2", len(l), len(after))
			}
			if n := mediaActivity(t, a, "product_image.deleted"); n != 1 {
				t.Errorf("%d product_image.deleted entries, want 1", n)
			}
		})
		tests := []struct {
			name   string
			pid    uint64
			files  []mediaFile
			token  string
			status int
			field  string
			want   string
		}{
			{"fake422", pid, []mediaFile{{"image", "slika.jpg", []byte("ovo nije slika, samo tekst sa .jpg imenom")}}, ts.staff, 422, "image", "Slika mora biti u formatu JPG, PNG ili WEBP"},
			{"tooLarge422", pid, []mediaFile{{"image", "velika.png", append(mediaPNG(t, 10, 10, false), make([]byte, 2_000_001)...)}}, ts.staff, 422, "image", "Maksimalni limit slike je 2MB"},
			{"missing422", pid, nil, ts.staff, 422, "image", "Fajl je obavezan"},
			{"product404", pid + 1000, []mediaFile{{"image", "slika.png", mediaPNG(t, 10, 10, false)}}, ts.staff, 404, "", "Proizvod ne postoji ili je izbrisan."},
			{"customer403", pid, []mediaFile{{"image", "slika.png", mediaPNG(t, 10, 10, false)}}, ts.buyer, 403, "", "Unauthorized"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				before := mediaObjects(t, a, "images/")
				r := ts.mediaUpload(fmt.Sprintf("/api/v1/admin/products/%d/main-images", tt.pid), tt.token, tt.files, nil)
				got := message(r)
				if tt.field != "" {
					got = firstError(r, tt.field)
				}
				if r.Status != tt.status || got != tt.want {
					t.Errorf("%d %q, want %d %q (%s)", r.Status, got, tt.status, tt.want, r.Raw)
				}
				if diff := cmp.Diff(before, mediaObjects(t, a, "images/")); diff != "" {
					t.Errorf("objects changed by a refused upload (-before +after):\n%s", diff)
				}
			})
		}
	})
}

func TestProductExtraImages(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		pid := mediaFixtureProduct(t, a, "IMG-2", true)
		path := fmt.Sprintf("/api/v1/admin/products/%d/images", pid)
		prefix := fmt.Sprintf("images/products/%d/", pid)
		img := func(name string) mediaFile { return mediaFile{"images[]", name, mediaJPEG(t, 1600, 1600)} }

		t.Run("fakeAmongGood422", func(t *testing.T) {
			r := ts.mediaUpload(path, ts.staff, []mediaFile{img("a.jpg"), {"images[]", "b.jpg", []byte("GIF89a nije jpeg")}}, nil)
			if r.Status != 422 || firstError(r, "images") != "Slika mora biti u formatu JPG, PNG ili WEBP" {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if keys := mediaObjects(t, a, prefix); len(keys) != 0 {
				t.Errorf("objects stored for a refused upload: %v", keys)
			}
		})
		t.Run("add201", func(t *testing.T) {
			r := ts.mediaUpload(path, ts.staff, []mediaFile{img("a.jpg"), img("b.jpg")}, nil)
			if r.Status != 201 || len(list(r)) != 2 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			first := list(r)[0].(map[string]any)
			got := []any{first["main"], ts.mediaSize(first["small"].(string)), ts.mediaSize(first["large"].(string))}
			if diff := cmp.Diff([]any{false, "jpeg 300x300", "jpeg 1200x1200"}, got); diff != "" {
				t.Errorf("extra image (-want +got):\n%s", diff)
			}
		})
		t.Run("overLimit422", func(t *testing.T) {
			for _, lang := range []struct{ lang, want string }{{"sr", "Možete dodati najviše 3 slike"}, {"en", "You can upload max 3 photos"}} {
				body, ct := mediaMultipart(t, []mediaFile{img("c.jpg"), img("d.jpg")}, nil)
				r := ts.do(req{method: "POST", path: path, token: ts.staff, raw: body, contentType: ct, lang: lang.lang})
				if r.Status != 422 || firstError(r, "images") != lang.want {
					t.Errorf("%s: %d %s", lang.lang, r.Status, r.Raw)
				}
			}
			if n := len(mediaObjects(t, a, prefix)); n != 4 {
				t.Errorf("%d objects, want the 4 of the two stored images", n)
			}
		})
		t.Run("third201", func(t *testing.T) {
			if r := ts.mediaUpload(path, ts.staff, []mediaFile{img("c.jpg")}, nil); r.Status != 201 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
		t.Run("fourth422", func(t *testing.T) {
			r := ts.mediaUpload(path, ts.staff, []mediaFile{img("d.jpg")}, nil)
			if r.Status != 422 || firstError(r, "images") != "Možete dodati najviše 3 slike" {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
		t.Run("mainDoesNotCount200", func(t *testing.T) {
			r := ts.mediaUpload(fmt.Sprintf("/api/v1/admin/products/%d/main-images", pid), ts.staff,
				[]mediaFile{{"image", "main.jpg", mediaJPEG(t, 100, 100)}}, nil)
			if r.Status != 200 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
		var images []any
		t.Run("list200", func(t *testing.T) {
			r := ts.do(req{method: "GET", path: path, token: ts.staff})
			images = list(r)
			var got []any
			for _, i := range images {
				m := i.(map[string]any)
				got = append(got, m["main"], strings.HasPrefix(m["small"].(string), "/media/"+prefix), m["position"])
			}
			want := []any{true, true, 0.0, false, true, 1.0, false, true, 2.0, false, true, 3.0}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("images (-want +got):\n%s", diff)
			}
		})
		t.Run("delete200", func(t *testing.T) {
			im := images[1].(map[string]any)
			small, large := strings.TrimPrefix(im["small"].(string), "/media/"), strings.TrimPrefix(im["large"].(string), "/media/")
			r := ts.do(req{method: "DELETE", path: fmt.Sprintf("%s/%d", path, int(im["id"].(float64))), token: ts.staff})
			if r.Status != 200 || message(r) != "Slika je uspešno obrisana." {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			for _, k := range mediaObjects(t, a, prefix) {
				if k == small || k == large {
					t.Errorf("deleted image's object %s still stored", k)
				}
			}
			if n := len(list(ts.do(req{method: "GET", path: path, token: ts.staff}))); n != 3 {
				t.Errorf("%d images after delete, want 3", n)
			}
			if got := []int64{mediaActivity(t, a, "product_image.created"), mediaActivity(t, a, "product_image.deleted")}; !cmp.Equal(got, []int64{4, 1}) {
				t.Errorf("activity created/deleted = %v, want [4 1]", got)
			}
		})
		t.Run("delete404", func(t *testing.T) {
			for _, p := range []string{path + "/999999", path + "/abc", fmt.Sprintf("/api/v1/admin/products/%d/images/%d", pid+1000, 1)} {
				if r := ts.do(req{method: "DELETE", path: p, token: ts.staff}); r.Status != 404 {
					t.Errorf("DELETE %s: %d %s", p, r.Status, r.Raw)
				}
			}
		})
		t.Run("list404", func(t *testing.T) {
			r := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/products/%d/images", pid+1000), token: ts.staff})
			if r.Status != 404 {
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
	})
}

// TestAddProductImage: the seed's entry point stores like the upload does.
func TestAddProductImage(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pid := mediaFixtureProduct(t, a, "IMG-3", true)
		img, err := a.Catalog.AddProductImage(t.Context(), pid, bytes.NewReader(mediaPNG(t, 800, 600, false)), true)
		if err != nil {
			t.Fatal(err)
		}
		keys := mediaObjects(t, a, fmt.Sprintf("images/products/%d/", pid))
		want := []string{img.LargeKey, img.SmallKey}
		sort.Strings(want)
		if diff := cmp.Diff(want, keys); diff != "" {
			t.Errorf("objects (-want +got):\n%s", diff)
		}
	})
}
