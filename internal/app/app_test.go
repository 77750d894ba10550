package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/identity"
	"shop/internal/migrations"
	"shop/internal/platform/config"
	"shop/internal/platform/queue"
	"shop/internal/platform/queue/queuetest"
)

var opts = app.Options{PasswordCost: bcrypt.MinCost}

func newApp(tb testing.TB, cfg *config.Config) (*app.App, error) {
	tb.Helper()
	a, err := app.New(context.Background(), cfg, slog.New(slog.DiscardHandler), opts)
	if a != nil {
		tb.Cleanup(a.Close)
	}
	return a, err
}

func closedAddr(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestEmbeddedSetUp(t *testing.T) {
	dir := t.TempDir()
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=" + dir})
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(t, cfg)
	if err != nil {
		t.Fatalf("app.New on the embedded set-up: %v", err)
	}
	if !a.Redis.Embedded {
		t.Error("Redis is not the embedded server")
	}
	for _, p := range []string{"shop.db", "objects", "auth.secret"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s not under data_dir: %v", p, err)
		}
	}
	if n, err := migrations.Pending(context.Background(), a.DB); err != nil || n != 0 {
		t.Errorf("pending migrations after start = %d, %v; want 0 (auto_migrate)", n, err)
	}
	secret, _ := os.ReadFile(filepath.Join(dir, "auth.secret"))
	tok, err := a.Identity.Register(context.Background(), identity.RegisterInput{Name: "Ana", Email: "ana@example.rs",
		Password: "tajna1234", PasswordConfirmation: "tajna1234"})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()

	// A restart keeps the secret, so the sessions handed out before still work.
	b, err := newApp(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(dir, "auth.secret"))
	if len(secret) < 32 || string(secret) != string(again) {
		t.Errorf("auth.secret changed across a restart: %q -> %q", secret, again)
	}
	if _, err := b.Identity.Authenticate(context.Background(), tok.AccessToken); err != nil {
		t.Errorf("an access token from before the restart: %v", err)
	}
}

func TestNoAutoMigrate(t *testing.T) {
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=" + t.TempDir(), "SHOP_DATABASE_AUTO_MIGRATE=false"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := migrations.Pending(context.Background(), a.DB); err != nil || n != len(migrations.IDs()) {
		t.Errorf("pending = %d, %v; want every migration pending with auto_migrate off", n, err)
	}
}

func TestUnreachableDependenciesAreClearErrors(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    []string
		hidden  string
	}{
		{"postgres down", []string{
			"SHOP_DATABASE_URL=postgres://postgres:hunter2@" + closedAddr(t) + "/x?connect_timeout=1",
			"SHOP_AUTH_SECRET=app-test-secret-app-test-secret-app", "SHOP_REDIS_URL=redis://" + closedAddr(t) + "/0"},
			[]string{"database", "cannot reach"}, "hunter2"},
		{"redis down", []string{"SHOP_REDIS_URL=redis://:hunter2@" + closedAddr(t) + "/0"},
			[]string{"redis", "cannot reach"}, "hunter2"},
		{"s3 down", []string{"SHOP_REDIS_URL=" + queuetest.URL(t), "SHOP_BLOB_DRIVER=s3", "SHOP_BLOB_S3_BUCKET=shop",
			"SHOP_BLOB_S3_ENDPOINT=http://" + closedAddr(t), "SHOP_BLOB_S3_SECRET_KEY=hunter2"},
			[]string{"blob.s3", "shop"}, "hunter2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Load("", append([]string{"SHOP_DATA_DIR=" + t.TempDir()}, tt.environ...))
			if err != nil {
				t.Fatal(err)
			}
			// The SDK retries a refused connection with backoff; the deadline keeps the test short.
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			a, err := app.New(ctx, cfg, slog.New(slog.DiscardHandler), opts)
			if err == nil {
				a.Close()
				t.Fatal("app.New succeeded")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if strings.Contains(err.Error(), tt.hidden) {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
}

// Mail from the services goes through the queue (the mail job sends it).
func TestMailIsQueued(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		if _, err := a.Identity.CreateUser(ctx, identity.CreateUserInput{Name: "Ana", Email: "ana@example.rs",
			Password: "tajna1234", PasswordConfirmation: "tajna1234", Role: identity.RoleCustomer}); err != nil {
			t.Fatal(err)
		}
		if err := a.Identity.ForgotPassword(ctx, identity.ForgotPasswordInput{Email: "ana@example.rs"}); err != nil {
			t.Fatal(err)
		}
		insp := asynq.NewInspector(a.Redis.Opt)
		defer insp.Close()
		pending, err := insp.ListPendingTasks(queue.QueueCritical)
		if err != nil || len(pending) != 1 || pending[0].Type != queue.TypeMailSend {
			t.Fatalf("pending critical tasks = %v, %v; want one mail", pending, err)
		}
		var p queue.MailSendPayload
		if err := json.Unmarshal(pending[0].Payload, &p); err != nil {
			t.Fatal(err)
		}
		if p.Message.To != "ana@example.rs" || !strings.Contains(p.Message.Body, "http://localhost:8080/") {
			t.Errorf("queued mail %+v", p.Message)
		}
	})
}
