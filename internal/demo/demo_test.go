package demo_test

import (
	"context"
	"errors"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/demo"
	"shop/internal/identity"
)

type seededUser struct {
	Email       string
	Roles       []string
	Permissions []string
	Addresses   []string
}

// seeded reads back what the demo logins are, logging in with the demo password.
func seeded(tb testing.TB, a *app.App) []seededUser {
	tb.Helper()
	ctx := context.Background()
	var out []seededUser
	for _, email := range []string{"admin@demo.local", "staff@demo.local", "kupac@demo.local"} {
		tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: email, Password: "demo1234"})
		if err != nil {
			tb.Fatalf("login %s with demo1234: %v", email, err)
		}
		u, err := a.Identity.GetUser(ctx, tok.User.ID, true)
		if err != nil {
			tb.Fatal(err)
		}
		su := seededUser{Email: u.Email, Roles: u.RoleNames(), Permissions: []string{}, Addresses: []string{}}
		for _, r := range u.Roles {
			if r.Name == identity.RoleSuperAdmin {
				continue // holds everything; the migrations test checks that
			}
			for _, p := range r.Permissions {
				su.Permissions = append(su.Permissions, p.Name)
			}
		}
		sort.Strings(su.Permissions)
		for _, ad := range u.Addresses {
			su.Addresses = append(su.Addresses, ad.Type+": "+ad.Address+", "+ad.City)
		}
		out = append(out, su)
	}
	return out
}

var wantSeeded = []seededUser{
	{Email: "admin@demo.local", Roles: []string{"super-admin"}, Permissions: []string{}, Addresses: []string{}},
	{Email: "staff@demo.local", Roles: []string{"urednik"}, Permissions: []string{
		"create-attribute", "create-brand", "create-discount", "create-product", "delete-discount", "delete-product",
		"update-attribute", "update-brand", "update-discount", "update-product", "update-product-attribute",
		"update-product-image", "upload-pricelist", "view-attribute", "view-brand", "view-category", "view-contact-message", "view-order",
		"view-product", "view-product-attribute", "view-product-image"}, Addresses: []string{}},
	{Email: "kupac@demo.local", Roles: []string{"customer"}, Permissions: []string{}, Addresses: []string{
		"billing_address: Bulevar kralja Aleksandra 73, Beograd", "shipping_address: Knez Mihailova 10, Beograd"}},
}

func countUsers(tb testing.TB, a *app.App) int64 {
	tb.Helper()
	n, err := a.Identity.CountUsers(context.Background(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

func TestSeed(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if empty, err := demo.IsEmpty(ctx, a.Identity); err != nil || !empty {
			t.Fatalf("IsEmpty on a new shop = %v, %v", empty, err)
		}
		created, err := demo.Seed(ctx, a.Identity)
		if err != nil || !created {
			t.Fatalf("Seed = %v, %v; want true, nil", created, err)
		}
		if d := cmp.Diff(wantSeeded, seeded(t, a)); d != "" {
			t.Errorf("demo users (-want +got):\n%s", d)
		}
		if empty, err := demo.IsEmpty(ctx, a.Identity); err != nil || empty {
			t.Errorf("IsEmpty after Seed = %v, %v", empty, err)
		}

		// Again: nothing new, nothing doubled.
		created, err = demo.Seed(ctx, a.Identity)
		if err != nil || created {
			t.Fatalf("second Seed = %v, %v; want false, nil", created, err)
		}
		if n := countUsers(t, a); n != 3 {
			t.Errorf("%d users after seeding twice, want 3", n)
		}
		if d := cmp.Diff(wantSeeded, seeded(t, a)); d != "" {
			t.Errorf("demo users after seeding twice (-want +got):\n%s", d)
		}
	})
}

func TestSeedRefusesRealUsers(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		_, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Ana Petrović", Email: "ana@example.rs",
			Password: "tajna1234", PasswordConfirmation: "tajna1234", Role: identity.RoleSuperAdmin})
		if err != nil {
			t.Fatal(err)
		}
		created, err := demo.Seed(ctx, a.Identity)
		if !errors.Is(err, demo.ErrRealUsers) || created {
			t.Fatalf("Seed with a real user = %v, %v; want false, ErrRealUsers", created, err)
		}
		if n := countUsers(t, a); n != 1 {
			t.Errorf("%d users after the refusal, want only the real one", n)
		}
		if u, err := a.Identity.FindUserByEmail(ctx, "admin@demo.local"); err != nil || u != nil {
			t.Errorf("demo admin exists after the refusal: %v, %v", u, err)
		}
	})
}

// A shop seeded earlier and then given a real user must not be touched either.
func TestSeedRefusesAfterRealUserJoinsDemoShop(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := demo.Seed(ctx, a.Identity); err != nil {
			t.Fatal(err)
		}
		_, err := a.Identity.Register(ctx, identity.RegisterInput{Name: "Marko Marković", Email: "marko@example.rs",
			Password: "tajna1234", PasswordConfirmation: "tajna1234"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, a.Identity); !errors.Is(err, demo.ErrRealUsers) {
			t.Errorf("Seed = %v, want ErrRealUsers", err)
		}
	})
}

// TestSeedExclusiveConcurrent: processes starting together on an empty shop (here: several
// goroutines, each with its own connection pool on PostgreSQL) seed it exactly once.
func TestSeedExclusiveConcurrent(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		const starts = 4
		type result struct {
			created bool
			err     error
		}
		results := make(chan result, starts)
		for i := 0; i < starts; i++ {
			other := a
			if i > 0 && a.Config.IsPostgres() {
				other = apptest.New(t, a.Config) // another instance: its own pool, same database
			}
			go func() {
				created, err := demo.SeedExclusive(ctx, other.DB, other.Identity, true)
				results <- result{created, err}
			}()
		}
		seededOnce := 0
		for i := 0; i < starts; i++ {
			r := <-results
			if r.err != nil {
				t.Errorf("start %d: %v", i, r.err)
			}
			if r.created {
				seededOnce++
			}
		}
		if seededOnce != 1 {
			t.Errorf("%d starts seeded, want exactly 1", seededOnce)
		}
		if n, err := a.Identity.CountUsers(ctx, nil); err != nil || n != 3 {
			t.Errorf("users after concurrent starts: %d (%v), want 3", n, err)
		}
		// firstStartOnly: a shop with users is left alone, even the demo ones.
		if created, err := demo.SeedExclusive(ctx, a.DB, a.Identity, true); err != nil || created {
			t.Errorf("seed on a started shop: created=%v err=%v", created, err)
		}
	})
}
