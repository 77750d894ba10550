package api_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/identity"
)

func newUser(name, email, password, confirmation, role string) map[string]any {
	return map[string]any{"name": name, "email": email, "password": password, "password_confirmation": confirmation, "role": role}
}

// TestUserCreate: POST admin/users.
func TestUserCreate(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		r := ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.admin,
			body: newUser("  Marko Marković ", "Marko@Shop.rs", "lozinka123", "lozinka123", demo.StaffRole)})
		if r.Status != 201 || message(r) != "Korisnik je uspešno kreiran." {
			t.Fatalf("create201: %d %s", r.Status, r.Raw)
		}
		u := data(r)
		if u["name"] != "Marko Marković" || u["email"] != "marko@shop.rs" || cmp.Diff([]any{demo.StaffRole}, u["roles"]) != "" {
			t.Errorf("created: %v", u)
		}
		if perms, _ := u["permissions"].([]any); len(perms) == 0 {
			t.Errorf("the staff role's permissions are missing: %v", u)
		}
		got := ts.do(req{method: "GET", path: fmt.Sprintf("/api/v1/admin/users/%v", u["id"]), token: ts.admin})
		if diff := cmp.Diff(u, data(got)); got.Status != 200 || diff != "" {
			t.Errorf("get after create: %d (-created +got):\n%s", got.Status, diff)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("marko@shop.rs", "lozinka123")}); r.Status != 200 {
			t.Errorf("the new user cannot log in: %d", r.Status)
		}

		tests := []struct {
			name   string
			body   map[string]any
			errors map[string]any
		}{
			{"unknownRole422", newUser("Ana Anić", "ana@shop.rs", "lozinka123", "lozinka123", "vlasnik"),
				map[string]any{"role": []any{"Uloga ne postoji"}}},
			{"emailTaken422", newUser("Ana Anić", "MARKO@shop.rs", "lozinka123", "lozinka123", "customer"),
				map[string]any{"email": []any{"E-mail adresa je već zauzeta"}}},
			{"rules422", newUser("A", "ana", "kratka", "druga", "customer"),
				map[string]any{"name": []any{"Polje mora sadržati minimum 2 karaktera"}, "email": []any{"Polje mora biti ispravna e-mail adresa"},
					"password": []any{"Polje mora sadržati minimum 8 karaktera"}, "password_confirmation": []any{"Lozinke se ne poklapaju"}}},
			{"emailTooLong422", newUser("Ana Anić", strings.Repeat("a", 250)+"@shop.rs", "lozinka123", "lozinka123", "customer"),
				map[string]any{"email": []any{"Polje može sadržati maksimum 255 karaktera"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.admin, body: tt.body})
				if r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if diff := cmp.Diff(tt.errors, r.Body["errors"]); diff != "" {
					t.Errorf("errors (-want +got):\n%s", diff)
				}
			})
		}
		t.Run("staff403", func(t *testing.T) {
			r := ts.do(req{method: "POST", path: "/api/v1/admin/users", token: ts.staff, body: newUser("Ana Anić", "ana@shop.rs", "lozinka123", "lozinka123", "super-admin")})
			if r.Status != 403 || message(r) != "Unauthorized" {
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
		if n, _ := a.Identity.CountUsers(t.Context(), nil); n != 4 {
			t.Errorf("%d users, want 4 (the refused ones must not be stored)", n)
		}
	})
}

// TestUserGet: GET admin/users/{id}, with include=addresses.
func TestUserGet(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		buyer := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}))
		path := fmt.Sprintf("/api/v1/admin/users/%v", buyer["id"])
		r := ts.do(req{method: "GET", path: path, token: ts.admin})
		if r.Status != 200 || data(r)["email"] != "kupac@demo.local" {
			t.Fatalf("get200: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: path + "?include=addresses", token: ts.admin})
		if addrs, _ := data(r)["addresses"].([]any); r.Status != 200 || len(addrs) != 2 {
			t.Errorf("get with addresses: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: path, token: ts.staff}); r.Status != 403 {
			t.Errorf("staff get403: %d", r.Status)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users/0", token: ts.admin}); r.Status != 404 {
			t.Errorf("id 0: %d, want 404", r.Status)
		}
	})
}

// TestUserUpdate: PATCH admin/users/{id}: data, role (effective at once for the user's open
// sessions) and an optional password (which ends them).
func TestUserUpdate(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		buyer := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}))
		path := fmt.Sprintf("/api/v1/admin/users/%v", buyer["id"])
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: ts.buyer}); r.Status != 403 {
			t.Fatalf("customer lists users: %d", r.Status)
		}

		r := ts.do(req{method: "PATCH", path: path, token: ts.admin,
			body: map[string]any{"name": "Petar Petrović", "email": "petar@demo.local", "role": "super-admin"}})
		if r.Status != 200 || message(r) != "Korisnik je uspešno izmenjen." {
			t.Fatalf("update200: %d %s", r.Status, r.Raw)
		}
		if u := data(r); u["name"] != "Petar Petrović" || u["email"] != "petar@demo.local" || cmp.Diff([]any{"super-admin"}, u["roles"]) != "" {
			t.Errorf("updated: %v", u)
		}
		// The user's open session has the new role at once (the principal cache was evicted),
		// and no password was given, so the session lives on.
		if r := ts.do(req{method: "GET", path: "/api/v1/admin/users", token: ts.buyer}); r.Status != 200 {
			t.Errorf("after the role change the user lists users: %d, want 200", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("petar@demo.local", demo.Password)}); r.Status != 200 {
			t.Errorf("old password without a password change: %d", r.Status)
		}

		tests := []struct {
			name   string
			path   string
			body   map[string]any
			status int
			errors map[string]any
		}{
			{"emailOfAnother422", path, map[string]any{"name": "Petar", "email": "admin@demo.local", "role": "customer"}, 422,
				map[string]any{"email": []any{"E-mail adresa je već zauzeta"}}},
			{"passwordWithoutConfirmation422", path, map[string]any{"name": "Petar", "email": "petar@demo.local", "role": "customer", "password": "nova-lozinka"}, 422,
				map[string]any{"password_confirmation": []any{"Polje je obavezno"}}},
			{"passwordShort422", path, map[string]any{"name": "Petar", "email": "petar@demo.local", "role": "customer", "password": "kratka", "password_confirmation": "kratka"}, 422,
				map[string]any{"password": []any{"Polje mora sadržati minimum 8 karaktera"}}},
			{"passwordMismatch422", path, map[string]any{"name": "Petar", "email": "petar@demo.local", "role": "customer", "password": "nova-lozinka", "password_confirmation": "druga-lozinka"}, 422,
				map[string]any{"password_confirmation": []any{"Lozinke se ne poklapaju"}}},
			{"unknownRole422", path, map[string]any{"name": "Petar", "email": "petar@demo.local", "role": "nepostojeca"}, 422,
				map[string]any{"role": []any{"Uloga ne postoji"}}},
			{"missing404", "/api/v1/admin/users/999999", map[string]any{"name": "Petar", "email": "x@demo.local", "role": "customer"}, 404, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: "PATCH", path: tt.path, token: ts.admin, body: tt.body})
				if r.Status != tt.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.status)
				}
				if tt.errors != nil {
					if diff := cmp.Diff(tt.errors, r.Body["errors"]); diff != "" {
						t.Errorf("errors (-want +got):\n%s", diff)
					}
				}
			})
		}
		// A refused update changed nothing.
		if u := data(ts.do(req{method: "GET", path: path, token: ts.admin})); u["email"] != "petar@demo.local" || cmp.Diff([]any{"super-admin"}, u["roles"]) != "" {
			t.Errorf("after the refused updates: %v", u)
		}

		r = ts.do(req{method: "PATCH", path: path, token: ts.admin, body: map[string]any{"name": "Petar Petrović", "email": "petar@demo.local",
			"role": "customer", "password": "nova-lozinka", "password_confirmation": "nova-lozinka"}})
		if r.Status != 200 || cmp.Diff([]any{"customer"}, data(r)["roles"]) != "" {
			t.Fatalf("password update200: %d %s", r.Status, r.Raw)
		}
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}); r.Status != 401 {
			t.Errorf("session after a password change: %d, want 401", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("petar@demo.local", "nova-lozinka")}); r.Status != 200 {
			t.Errorf("login with the new password: %d", r.Status)
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("petar@demo.local", demo.Password)}); r.Status != 422 {
			t.Errorf("login with the old password: %d, want 422", r.Status)
		}
		// The admin's own session is untouched by another user's password change.
		if r := ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}); r.Status != 200 {
			t.Errorf("admin session: %d", r.Status)
		}
	})
}

// smallPNG is a real 8x8 PNG.
func smallPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for x := range 8 {
		img.Set(x, x, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestUserAvatarReencoded: a PNG with an HTML page appended (a valid image to every decoder,
// a page to a browser that sniffs it) is stored re-encoded from its pixels: the served bytes
// decode as an image and hold nothing of the page; a photo becomes a JPEG at most
// identity.AvatarSide pixels on its longer side.
func TestUserAvatarReencoded(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		const page = "<html><script>alert(document.cookie)</script></html>"
		upload := func(content []byte) string {
			t.Helper()
			body, ctype := multipartFile(t, "image", "avatar.png", content)
			r := ts.do(req{method: "POST", path: "/api/v1/admin/users/2/avatar", token: ts.admin, raw: body, contentType: ctype})
			if r.Status != 200 {
				t.Fatalf("upload: %d %s", r.Status, r.Raw)
			}
			thumb, _ := data(r)["image_thumb"].(string)
			got := ts.do(req{method: "GET", path: thumb})
			if got.Status != 200 {
				t.Fatalf("GET %s: %d", thumb, got.Status)
			}
			if bytes.Contains(got.Raw, []byte("<html")) || bytes.Contains(got.Raw, []byte("script")) {
				t.Errorf("the stored avatar %s carries the appended page", thumb)
			}
			return string(got.Raw)
		}
		withPage := append(smallPNG(t), page...)
		if _, _, err := image.Decode(bytes.NewReader(withPage)); err != nil {
			t.Fatalf("the fixture is no image: %v", err)
		}
		stored := upload(withPage)
		if _, format, err := image.Decode(strings.NewReader(stored)); err != nil || format != "png" {
			t.Errorf("the stored avatar: %s %v", format, err)
		}

		photo := image.NewRGBA(image.Rect(0, 0, 1000, 500))
		for i := range photo.Pix {
			photo.Pix[i] = byte(i * 7)
			if i%4 == 3 {
				photo.Pix[i] = 255 // opaque
			}
		}
		var b bytes.Buffer
		if err := png.Encode(&b, photo); err != nil {
			t.Fatal(err)
		}
		stored = upload(append(b.Bytes(), page...))
		cfg, format, err := image.DecodeConfig(strings.NewReader(stored))
		if err != nil || format != "jpeg" || cfg.Width != identity.AvatarSide || cfg.Height != identity.AvatarSide/2 {
			t.Errorf("the stored photo: %s %dx%d %v", format, cfg.Width, cfg.Height, err)
		}
	})
}

// TestUserAvatar: POST admin/users/{id}/avatar stores the image, serves it under image_thumb
// and drops the previous one; non-images, oversize images and no file are 422s.
func TestUserAvatar(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		const path = "/api/v1/admin/users/2/avatar"
		upload := func(field, name string, content []byte, lang string) resp {
			body, ctype := multipartFile(t, field, name, content)
			return ts.do(req{method: "POST", path: path, token: ts.admin, raw: body, contentType: ctype, lang: lang})
		}
		img := smallPNG(t)
		r := upload("image", "avatar.png", img, "")
		if r.Status != 200 || message(r) != "Avatar je uspešno promenjen." {
			t.Fatalf("avatar200: %d %s", r.Status, r.Raw)
		}
		thumb, _ := data(r)["image_thumb"].(string)
		if !strings.HasPrefix(thumb, "/media/avatars/2/") || !strings.HasSuffix(thumb, ".png") {
			t.Fatalf("image_thumb %q", thumb)
		}
		got := ts.do(req{method: "GET", path: thumb})
		if got.Status != 200 || got.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("GET %s: %d %s, %d bytes", thumb, got.Status, got.Header.Get("Content-Type"), len(got.Raw))
		}
		// Re-encoded, the same pixels (a transparent PNG stays a PNG).
		if stored, err := png.Decode(bytes.NewReader(got.Raw)); err != nil || stored.Bounds().Dx() != 8 || stored.At(3, 3) != (color.NRGBA{R: 200, A: 255}) {
			t.Errorf("the stored avatar: %v %v", err, stored)
		}
		if u := data(ts.do(req{method: "GET", path: "/api/v1/admin/users/2", token: ts.admin})); u["image_thumb"] != thumb {
			t.Errorf("stored image_thumb %v, want %s", u["image_thumb"], thumb)
		}
		if got := activityOf(t, a, "user", 2); len(got) != 1 || got[0] != (activityEntry{"user.avatar_updated", `{"avatar":false}`, `{"avatar":true}`}) {
			t.Errorf("activity of the avatar: %v", got)
		}

		// A new avatar replaces the old one, which is gone.
		r = upload("image", "drugi.png", smallPNG(t), "")
		second, _ := data(r)["image_thumb"].(string)
		if r.Status != 200 || second == thumb {
			t.Fatalf("second avatar: %d %s", r.Status, r.Raw)
		}
		if old := ts.do(req{method: "GET", path: thumb}); old.Status != 404 {
			t.Errorf("the replaced avatar is still served: %d", old.Status)
		}

		oversize := append(append([]byte{}, img...), bytes.Repeat([]byte{0}, 2*1024*1024)...)
		tests := []struct {
			name, field, file, lang string
			content                 []byte
			errors                  map[string]any
		}{
			{"notAnImage422", "image", "avatar.png", "", []byte("%PDF-1.4 not an image at all"),
				map[string]any{"image": []any{"Slika mora biti u formatu JPG, PNG ili WEBP"}}},
			{"gifNotAllowed422", "image", "a.gif", "", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
				map[string]any{"image": []any{"Slika mora biti u formatu JPG, PNG ili WEBP"}}},
			{"over2MB422", "image", "big.png", "", oversize,
				map[string]any{"image": []any{"Maksimalni limit slike je 2MB"}}},
			{"over2MBEnglish422", "image", "big.png", "en", oversize,
				map[string]any{"image": []any{"The maximum image limit is 2MB"}}},
			{"noFile422", "photo", "avatar.png", "", img,
				map[string]any{"image": []any{"Fajl je obavezan"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := upload(tt.field, tt.file, tt.content, tt.lang)
				if r.Status != 422 {
					t.Fatalf("%d %s", r.Status, r.Raw)
				}
				if diff := cmp.Diff(tt.errors, r.Body["errors"]); diff != "" {
					t.Errorf("errors (-want +got):\n%s", diff)
				}
			})
		}
		if u := data(ts.do(req{method: "GET", path: "/api/v1/admin/users/2", token: ts.admin})); u["image_thumb"] != second {
			t.Errorf("a refused upload changed the avatar: %v", u["image_thumb"])
		}
		body, ctype := multipartFile(t, "image", "a.png", img)
		if r := ts.do(req{method: "POST", path: "/api/v1/admin/users/999999/avatar", token: ts.admin, raw: body, contentType: ctype}); r.Status != 404 {
			t.Errorf("missing user: %d, want 404", r.Status)
		}
		if r := ts.do(req{method: "POST", path: path, token: ts.staff, raw: body, contentType: ctype}); r.Status != 403 {
			t.Errorf("staff: %d, want 403", r.Status)
		}
	})
}

// TestUserRoleGrants: a back-office user with the user permissions but not super-admin may hand
// out only what they hold, and may not touch a super-admin.
func TestUserRoleGrants(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		ctx := t.Context()
		if _, err := a.Identity.EnsureRole(ctx, "kadrovik", []string{identity.PermViewUser, identity.PermCreateUser, identity.PermUpdateUser}); err != nil {
			t.Fatal(err)
		}
		hr, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Kadrovik", Email: "hr@demo.local",
			Password: demo.Password, PasswordConfirmation: demo.Password, Role: "kadrovik"})
		if err != nil {
			t.Fatal(err)
		}
		token := ts.login("hr@demo.local", demo.Password)
		admin := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.admin}))
		buyer := data(ts.do(req{method: "GET", path: "/api/v1/users/token", token: ts.buyer}))
		refused := map[string]any{"role": []any{"Nemate pravo da dodelite ovu ulogu"}}
		update := func(id any, role string) map[string]any {
			return map[string]any{"name": "Neko Nekić", "email": fmt.Sprintf("neko%v@demo.local", id), "role": role}
		}
		tests := []struct {
			name, method, path string
			body               map[string]any
			status             int
			errors             map[string]any
		}{
			{"createSuperAdmin422", "POST", "/api/v1/admin/users", newUser("Novi Admin", "novi@demo.local", "lozinka123", "lozinka123", "super-admin"), 422, refused},
			{"createRoleWithMore422", "POST", "/api/v1/admin/users", newUser("Novi Urednik", "novi@demo.local", "lozinka123", "lozinka123", demo.StaffRole), 422, refused},
			{"createOwnRole201", "POST", "/api/v1/admin/users", newUser("Drugi Kadrovik", "hr2@demo.local", "lozinka123", "lozinka123", "kadrovik"), 201, nil},
			{"createCustomer201", "POST", "/api/v1/admin/users", newUser("Novi Kupac", "kupac2@demo.local", "lozinka123", "lozinka123", "customer"), 201, nil},
			{"promoteSelf422", "PATCH", fmt.Sprintf("/api/v1/admin/users/%d", hr.ID), update(hr.ID, "super-admin"), 422, refused},
			{"promoteCustomer422", "PATCH", fmt.Sprintf("/api/v1/admin/users/%v", buyer["id"]), update(buyer["id"], "super-admin"), 422, refused},
			{"takeOverSuperAdmin403", "PATCH", fmt.Sprintf("/api/v1/admin/users/%v", admin["id"]),
				map[string]any{"name": "X", "email": "hr-owned@demo.local", "role": "super-admin", "password": "preuzeto123", "password_confirmation": "preuzeto123"}, 403, nil},
			{"updateCustomer200", "PATCH", fmt.Sprintf("/api/v1/admin/users/%v", buyer["id"]), update(buyer["id"], "customer"), 200, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := ts.do(req{method: tt.method, path: tt.path, token: token, body: tt.body})
				if r.Status != tt.status {
					t.Fatalf("%d %s, want %d", r.Status, r.Raw, tt.status)
				}
				if tt.errors != nil {
					if diff := cmp.Diff(tt.errors, r.Body["errors"]); diff != "" {
						t.Errorf("errors (-want +got):\n%s", diff)
					}
				}
			})
		}
		if r := ts.do(req{method: "POST", path: "/api/v1/login", body: loginBody("admin@demo.local", demo.Password)}); r.Status != 200 {
			t.Errorf("the super-admin's login after the refused take-over: %d", r.Status)
		}
		// The super-admin may do all of it.
		if r := ts.do(req{method: "PATCH", path: fmt.Sprintf("/api/v1/admin/users/%d", hr.ID), token: ts.admin, body: update(hr.ID, "super-admin")}); r.Status != 200 {
			t.Errorf("super-admin promotes: %d %s", r.Status, r.Raw)
		}
	})
}
