package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
	"golang.org/x/crypto/bcrypt"

	"shop/internal/app"
	"shop/internal/demo"
	"shop/internal/identity"
	"shop/internal/migrations"
	"shop/internal/platform/dbtest"
	"shop/internal/platform/queue/queuetest"
)

// testShop is a Factory on a fresh data folder (and database) with in-memory streams.
type testShop struct {
	environ []string
	out     *bytes.Buffer
	errOut  *bytes.Buffer
}

func newTestShop(t *testing.T, dialect string, extraEnv ...string) *testShop {
	t.Helper()
	env := []string{"SHOP_DATA_DIR=" + t.TempDir(), "SHOP_REDIS_URL=" + queuetest.URL(t), "HOME=/nonexistent"}
	if dialect == "postgres" {
		env = append(env, "SHOP_DATABASE_URL="+dbtest.NewPostgresDatabase(t), "SHOP_AUTH_SECRET=cli-test-secret-cli-test-secret-cli")
	}
	return &testShop{environ: append(env, extraEnv...)}
}

func (s *testShop) factory() *Factory {
	s.out, s.errOut = &bytes.Buffer{}, &bytes.Buffer{}
	return &Factory{
		IO:         IOStreams{In: strings.NewReader(""), Out: s.out, ErrOut: s.errOut},
		Environ:    func() []string { return s.environ },
		AppOptions: app.Options{PasswordCost: bcrypt.MinCost},
	}
}

// run executes shopctl as Main does and returns stdout, stderr and the exit code.
func (s *testShop) run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	code := Run(s.factory(), args)
	return s.out.String(), s.errOut.String(), code
}

// mustRun runs shopctl and fails the test unless it exits 0.
func (s *testShop) mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := s.run(t, args...)
	if code != 0 {
		t.Fatalf("shopctl %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

// withApp opens the shop the way shopctl does, for checking what a command did.
func (s *testShop) withApp(t *testing.T, fn func(a *app.App)) {
	t.Helper()
	f := s.factory()
	defer f.Close()
	a, err := f.App(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fn(a)
}

func dialects(t *testing.T, fn func(t *testing.T, dialect string)) {
	t.Helper()
	for _, d := range dbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) { fn(t, d.Name) })
	}
}

// parse runs one command under shopctl's root with a capturing runF.
func parse(t *testing.T, cmd func(f *Factory) *cobra.Command, args ...string) (*Factory, error) {
	t.Helper()
	f := &Factory{IO: IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, Environ: func() []string { return nil }}
	root := newRoot(f)
	root.AddCommand(cmd(f))
	root.SetArgs(args)
	root.SetOut(&bytes.Buffer{})
	root.SetErr(&bytes.Buffer{})
	return f, root.Execute()
}

var errNotRun = errors.New("runF not called")

func TestNewCmdMigrate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		want     string
		wantJSON bool
		wantCode int
	}{
		{"up", []string{"migrate", "up"}, "up", false, 0},
		{"down", []string{"migrate", "down"}, "down", false, 0},
		{"status json", []string{"migrate", "status", "--json"}, "status", true, 0},
		{"json before", []string{"--json", "migrate", "status"}, "status", true, 0},
		{"no direction", []string{"migrate"}, "", false, 2},
		{"bad direction", []string{"migrate", "sideways"}, "", false, 2},
		{"two directions", []string{"migrate", "up", "down"}, "", false, 2},
		{"unknown flag", []string{"migrate", "up", "--force"}, "", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *MigrateOptions
			f, err := parse(t, func(f *Factory) *cobra.Command {
				return NewCmdMigrate(f, func(o *MigrateOptions) error { got = o; return nil })
			}, tt.args...)
			if code := ExitCode(err); code != tt.wantCode {
				t.Fatalf("exit code %d (%v), want %d", code, err, tt.wantCode)
			}
			if tt.wantCode != 0 {
				if got != nil {
					t.Error("runF called despite a usage error")
				}
				return
			}
			if got == nil || got.Direction != tt.want || f.JSON != tt.wantJSON {
				t.Errorf("options %+v json=%v, want %q json=%v", got, f.JSON, tt.want, tt.wantJSON)
			}
		})
	}
}

func TestNewCmdSeed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args     []string
		wantCode int
	}{
		{[]string{"seed", "demo"}, 0},
		{[]string{"seed", "demo", "--json"}, 0},
		{[]string{"seed"}, 2},
		{[]string{"seed", "real"}, 2},
	}
	for _, tt := range tests {
		var got *SeedOptions
		_, err := parse(t, func(f *Factory) *cobra.Command {
			return NewCmdSeed(f, func(o *SeedOptions) error { got = o; return nil })
		}, tt.args...)
		if code := ExitCode(err); code != tt.wantCode {
			t.Errorf("%v: exit code %d (%v), want %d", tt.args, code, err, tt.wantCode)
		}
		if tt.wantCode == 0 && (got == nil || got.What != "demo") {
			t.Errorf("%v: options %+v", tt.args, got)
		}
	}
}

func TestNewCmdUserCreate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		want     UserCreateOptions
		wantCode int
		wantErr  string
	}{
		{"all flags", []string{"user", "create", "--email", "ana@example.rs", "--name", "Ana Petrović", "--role", "super-admin", "--password", "tajna1234"},
			UserCreateOptions{Email: "ana@example.rs", Name: "Ana Petrović", Role: "super-admin", Password: "tajna1234"}, 0, ""},
		{"equals form, no password", []string{"user", "create", "--email=kupac@example.rs", "--name=Kupac", "--role=customer"},
			UserCreateOptions{Email: "kupac@example.rs", Name: "Kupac", Role: "customer"}, 0, ""},
		{"missing email", []string{"user", "create", "--name", "Ana", "--role", "customer"}, UserCreateOptions{}, 2, "email"},
		{"missing role and name", []string{"user", "create", "--email", "a@b.rs"}, UserCreateOptions{}, 2, "role"},
		{"stray argument", []string{"user", "create", "--email", "a@b.rs", "--name", "A", "--role", "customer", "extra"}, UserCreateOptions{}, 2, ""},
		{"flag without value", []string{"user", "create", "--name", "A", "--role", "customer", "--email"}, UserCreateOptions{}, 2, "email"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *UserCreateOptions
			_, err := parse(t, func(f *Factory) *cobra.Command {
				return NewCmdUser(f, func(o *UserCreateOptions) error { got = o; return nil })
			}, tt.args...)
			if code := ExitCode(err); code != tt.wantCode {
				t.Fatalf("exit code %d (%v), want %d", code, err, tt.wantCode)
			}
			if tt.wantCode != 0 {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("error %v does not name %q", err, tt.wantErr)
				}
				return
			}
			if got == nil {
				t.Fatal(errNotRun)
			}
			got.F = nil
			if d := cmp.Diff(tt.want, *got); d != "" {
				t.Errorf("options (-want +got):\n%s", d)
			}
		})
	}
}

func TestNewCmdConfigShow(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args     []string
		wantCode int
	}{
		{[]string{"config", "show"}, 0},
		{[]string{"config", "show", "--json"}, 0},
		{[]string{"config", "show", "extra"}, 2},
	} {
		called := false
		_, err := parse(t, func(f *Factory) *cobra.Command {
			return NewCmdConfig(f, func(*ConfigShowOptions) error { called = true; return nil })
		}, tt.args...)
		if code := ExitCode(err); code != tt.wantCode || called != (tt.wantCode == 0) {
			t.Errorf("%v: exit code %d (%v), runF called %v", tt.args, code, err, called)
		}
	}
}

func TestRootUsageErrors(t *testing.T) {
	t.Parallel()
	s := &testShop{}
	for _, args := range [][]string{{"frobnicate"}, {"--no-such-flag"}, {"migrate", "up", "--lang"}} {
		_, errOut, code := s.run(t, args...)
		if code != 2 || !strings.Contains(errOut, "shopctl --help") {
			t.Errorf("shopctl %v: exit %d, stderr %q; want 2 with a usage hint", args, code, errOut)
		}
	}
	if out, _, code := s.run(t); code != 0 || !strings.Contains(out, "migrate") {
		t.Errorf("shopctl with no arguments: exit %d, want help listing the commands:\n%s", code, out)
	}
}

func TestMigrateRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		ids := migrations.IDs()
		last, beforeLast := ids[len(ids)-1], ids[len(ids)-2]
		lines := func(state func(i int) string) string {
			out := ""
			for i, id := range ids {
				out += state(i) + "  " + id + "\n"
			}
			return out
		}
		applied := fmt.Sprintf("applied %d migration(s)\n", len(ids))
		if out := s.mustRun(t, "--lang", "en", "migrate", "status"); out != lines(func(int) string { return "pending" }) {
			t.Errorf("status on a new database:\n%s", out)
		}
		if out := s.mustRun(t, "--lang", "en", "migrate", "up"); out != applied {
			t.Errorf("up: %q", out)
		}
		if out := s.mustRun(t, "--lang", "en", "migrate", "up", "--json"); strings.TrimSpace(out) != "{\n  \"applied\": 0\n}" {
			t.Errorf("up again --json: %q", out)
		}
		var st []migrations.State
		if err := json.Unmarshal([]byte(s.mustRun(t, "--lang", "en", "migrate", "status", "--json")), &st); err != nil {
			t.Fatal(err)
		}
		var want []migrations.State
		for _, id := range ids {
			want = append(want, migrations.State{ID: id, Applied: true})
		}
		if d := cmp.Diff(want, st); d != "" {
			t.Errorf("status --json (-want +got):\n%s", d)
		}
		if out := s.mustRun(t, "--lang", "en", "migrate", "down"); out != "rolled back "+last+"\n" {
			t.Errorf("down: %q", out)
		}
		afterDown := lines(func(i int) string {
			if i == len(ids)-1 {
				return "pending"
			}
			return "applied"
		})
		if out := s.mustRun(t, "--lang", "en", "migrate", "status"); out != afterDown {
			t.Errorf("status after down:\n%s", out)
		}
		var down map[string]string
		if err := json.Unmarshal([]byte(s.mustRun(t, "--json", "migrate", "down")), &down); err != nil || down["rolled_back"] != beforeLast {
			t.Errorf("down --json: %v %v", down, err)
		}
		for range ids[:len(ids)-2] {
			s.mustRun(t, "--lang", "en", "migrate", "down")
		}
		if out := s.mustRun(t, "--lang", "en", "migrate", "down"); out != "nothing to roll back\n" {
			t.Errorf("down on an empty schema: %q", out)
		}
		if out := s.mustRun(t, "--lang", "en", "migrate", "up"); out != applied {
			t.Errorf("up after down: %q", out)
		}
	})
}

func TestMigrateUnreachableDatabase(t *testing.T) {
	t.Parallel()
	s := newTestShop(t, "sqlite", "SHOP_DATABASE_URL=postgres://shop:hunter2@127.0.0.1:1/x?connect_timeout=1", "SHOP_AUTH_SECRET=cli-test-secret-cli-test-secret-cli")
	_, errOut, code := s.run(t, "migrate", "status")
	if code != 1 || !strings.Contains(errOut, "cannot reach") || strings.Contains(errOut, "hunter2") {
		t.Errorf("exit %d, stderr %q; want 1 naming the unreachable database without its password", code, errOut)
	}
}

func TestSeedRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		out := s.mustRun(t, "--lang", "en", "seed", "demo")
		for _, want := range []string{"demo1234", "admin@demo.local", "staff@demo.local", "kupac@demo.local", "super-admin", "urednik", "customer", "demo orders: 12"} {
			if !strings.Contains(out, want) {
				t.Errorf("seed output lacks %q:\n%s", want, out)
			}
		}
		if out := s.mustRun(t, "--lang", "en", "seed", "demo"); out != "demo data already present\n" {
			t.Errorf("second seed: %q", out)
		}
		if out := s.mustRun(t, "seed", "demo", "--json"); strings.TrimSpace(out) != "{\n  \"created\": false\n}" {
			t.Errorf("seed --json: %q", out)
		}
		s.withApp(t, func(a *app.App) {
			if _, err := a.Identity.Login(context.Background(), identity.LoginInput{Email: "staff@demo.local", Password: "demo1234"}); err != nil {
				t.Errorf("demo staff login: %v", err)
			}
			var orders int64
			if err := a.DB.Raw("SELECT COUNT(*) FROM orders").Scan(&orders).Error; err != nil || orders != demo.DemoOrders {
				t.Errorf("demo orders after seed demo: %d (%v), want %d", orders, err, demo.DemoOrders)
			}
		})

		// A shop with a real user is refused.
		s.mustRun(t, "user", "create", "--email", "ana@example.rs", "--name", "Ana", "--role", "customer", "--password", "tajna1234")
		_, errOut, code := s.run(t, "seed", "demo")
		if code != 1 || !strings.Contains(errOut, "real users") {
			t.Errorf("seed with a real user: exit %d, stderr %q", code, errOut)
		}
	})
}

func TestUserCreateRun(t *testing.T) {
	t.Parallel()
	dialects(t, func(t *testing.T, dialect string) {
		s := newTestShop(t, dialect)
		out := s.mustRun(t, "--lang", "en", "user", "create", "--email", "Ana@Example.rs", "--name", "Ana Petrović", "--role", "super-admin", "--password", "tajna1234")
		if !strings.HasPrefix(out, "created user ") || !strings.Contains(out, "ana@example.rs (super-admin)") || strings.Contains(out, "password") {
			t.Errorf("output %q", out)
		}

		var created struct {
			ID       uint64   `json:"id"`
			Email    string   `json:"email"`
			Name     string   `json:"name"`
			Roles    []string `json:"roles"`
			Password string   `json:"password"`
		}
		if err := json.Unmarshal([]byte(s.mustRun(t, "--json", "user", "create", "--email", "kupac@example.rs", "--name", "Kupac", "--role", "customer")), &created); err != nil {
			t.Fatal(err)
		}
		if created.ID == 0 || created.Email != "kupac@example.rs" || len(created.Password) < 12 || !cmp.Equal(created.Roles, []string{"customer"}) {
			t.Errorf("created %+v", created)
		}
		s.withApp(t, func(a *app.App) {
			ctx := context.Background()
			for email, pw := range map[string]string{"ana@example.rs": "tajna1234", "kupac@example.rs": created.Password} {
				tok, err := a.Identity.Login(ctx, identity.LoginInput{Email: email, Password: pw})
				if err != nil {
					t.Errorf("login %s: %v", email, err)
					continue
				}
				if email == "ana@example.rs" && tok.User.Name != "Ana Petrović" {
					t.Errorf("name %q", tok.User.Name)
				}
			}
		})

		tests := []struct {
			name  string
			args  []string
			field string
			msg   string
		}{
			{"bad email", []string{"--email", "not-an-email", "--name", "X Y", "--role", "customer"}, "email", "Polje mora biti ispravna e-mail adresa"},
			{"taken email", []string{"--email", "ana@example.rs", "--name", "X Y", "--role", "customer"}, "email", "E-mail adresa je već zauzeta"},
			{"unknown role", []string{"--email", "x@example.rs", "--name", "X Y", "--role", "boss"}, "role", "Uloga ne postoji"},
			{"short password", []string{"--email", "x@example.rs", "--name", "X Y", "--role", "customer", "--password", "short"}, "password", "minimum 8"},
			{"english", []string{"--lang", "en", "--email", "bad", "--name", "X Y", "--role", "customer"}, "email", "The field must be a valid e-mail address"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				out, errOut, code := s.run(t, append([]string{"user", "create"}, tt.args...)...)
				if code != 1 {
					t.Errorf("exit %d, want 1", code)
				}
				if !strings.Contains(errOut, tt.field+": ") || !strings.Contains(errOut, tt.msg) {
					t.Errorf("stderr %q does not name %s with %q", errOut, tt.field, tt.msg)
				}
				if out != "" {
					t.Errorf("stdout %q, want nothing", out)
				}
			})
		}
		s.withApp(t, func(a *app.App) {
			if n, _ := a.Identity.CountUsers(context.Background(), nil); n != 2 {
				t.Errorf("%d users after the failures, want 2", n)
			}
		})
	})
}

func TestConfigShowRun(t *testing.T) {
	t.Parallel()
	s := newTestShop(t, "sqlite", "SHOP_AUTH_SECRET=very-secret-value-very-secret-value", "SHOP_HTTP_ADDR=:9090",
		"SHOP_DATABASE_URL=postgres://shop:db-password@db:5432/shop", "SHOP_MAIL_SMTP_PASSWORD=smtp-password")
	out := s.mustRun(t, "config", "show")
	for _, want := range []string{"http.addr                      :9090\n", "auth.secret                    ********\n",
		"database.url                   postgres://shop:********@db:5432/shop\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("config show lacks %q:\n%s", want, out)
		}
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s.mustRun(t, "config", "show", "--json")), &m); err != nil {
		t.Fatal(err)
	}
	if m["http.addr"] != ":9090" || m["auth.secret"] != "********" || m["mail.smtp.password"] != "********" {
		t.Errorf("config show --json: %v", m)
	}
	for _, o := range []string{out, s.out.String()} {
		for _, secret := range []string{"very-secret-value", "db-password", "smtp-password"} {
			if strings.Contains(o, secret) {
				t.Errorf("config show prints %q", secret)
			}
		}
	}

	bad := newTestShop(t, "sqlite", "SHOP_WORKER_CONCURRENCY=x")
	if _, errOut, code := bad.run(t, "config", "show"); code != 1 || !strings.Contains(errOut, "worker.concurrency") {
		t.Errorf("bad config: exit %d, stderr %q", code, errOut)
	}
}

// Every Example line must parse: a known command, known flags, the right arguments.
func TestExamplesParse(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&Factory{Environ: func() []string { return nil }})
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.Runnable() && c != root && c.Name() != "help" && c.Parent().Name() != "completion" && c.Name() != "completion" && c.Example == "" {
			t.Errorf("%s has no Example", c.CommandPath())
		}
		for _, line := range strings.Split(c.Example, "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			n++
			words := shellWords(t, line)
			for len(words) > 0 && strings.Contains(words[0], "=") {
				words = words[1:] // VAR=value prefixes
			}
			if len(words) == 0 || words[0] != "shopctl" {
				t.Errorf("%s: example %q does not run shopctl", c.CommandPath(), line)
				continue
			}
			// A fresh tree per line: flags keep their values once parsed.
			r := NewRootCmd(&Factory{Environ: func() []string { return nil }})
			cmd, rest, err := r.Find(words[1:])
			if err != nil {
				t.Errorf("example %q: %v", line, err)
				continue
			}
			if cmd.CommandPath() != c.CommandPath() {
				t.Errorf("example %q of %s runs %s", line, c.CommandPath(), cmd.CommandPath())
			}
			if err := cmd.ParseFlags(rest); err != nil {
				t.Errorf("example %q: %v", line, err)
				continue
			}
			if err := cmd.ValidateArgs(cmd.Flags().Args()); err != nil {
				t.Errorf("example %q: %v", line, err)
			}
			if err := cmd.ValidateRequiredFlags(); err != nil {
				t.Errorf("example %q: %v", line, err)
			}
		}
	}
	walk(root)
	if n < 6 {
		t.Errorf("only %d example lines found", n)
	}
}

// shellWords splits a command line as sh would for the simple quoting examples use.
func shellWords(tb testing.TB, s string) []string {
	tb.Helper()
	var words []string
	var cur strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		tb.Errorf("unbalanced quote in %q", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// TestErrorsFollowLang: the argument parser's and the operating system's errors reach the
// operator inside a sentence of --lang, never as the parser's English alone.
func TestErrorsFollowLang(t *testing.T) {
	t.Parallel()
	run := func(args ...string) (string, int) {
		var out, errOut bytes.Buffer
		f := &Factory{IO: IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
			Environ: func() []string { return []string{"SHOP_DATA_DIR=" + t.TempDir(), "HOME=/nonexistent"} }}
		code := Run(f, args)
		return errOut.String(), code
	}
	missing := filepath.Join(t.TempDir(), "nema.csv")
	for _, tt := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"seed"}, "shopctl: Komanda „shopctl seed“ prima 1 argument(a), a dobila je 0.\nUputstvo: shopctl --help\n", 2},
		{[]string{"--lang", "en", "seed"}, "shopctl: The command \"shopctl seed\" takes 1 argument(s) and got 0.\nUsage: shopctl --help\n", 2},
		{[]string{"nepostojeca"}, "shopctl: Nepoznata komanda „nepostojeca“.\nUputstvo: shopctl --help\n", 2},
		{[]string{"migrate", "up", "--force"}, "shopctl: Pogrešan poziv komande: unknown flag: --force.\nUputstvo: shopctl --help\n", 2},
		{[]string{"eoffer", "import", missing}, "shopctl: Fajl „" + missing + "“ nije dostupan: ne postoji.\n", 1},
		{[]string{"--lang", "en", "eoffer", "import", missing}, "shopctl: The file \"" + missing + "\" cannot be used: it does not exist.\n", 1},
	} {
		got, code := run(tt.args...)
		if got != tt.want || code != tt.code {
			t.Errorf("%v: exit %d\n%q\nwant exit %d\n%q", tt.args, code, got, tt.code, tt.want)
		}
	}
}
