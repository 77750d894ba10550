package mail

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	netmail "net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"shop/internal/platform/config"
)

const serbianSubject = "Resetovanje lozinke — ČĆŽŠĐ čćžšđ"

// readMessage parses an RFC 5322 message and returns its decoded headers and body.
func readMessage(tb testing.TB, raw []byte) (hdr map[string]string, body string) {
	tb.Helper()
	m, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		tb.Fatalf("not a readable message: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	hdr = map[string]string{}
	for _, k := range []string{"From", "To"} {
		a, err := netmail.ParseAddress(m.Header.Get(k))
		if err != nil {
			tb.Fatalf("header %s %q: %v", k, m.Header.Get(k), err)
		}
		hdr[k] = a.Address
		if a.Name != "" {
			hdr[k] = a.Name + " <" + a.Address + ">"
		}
	}
	for _, k := range []string{"Subject", "Content-Type", "Mime-Version"} {
		v, err := dec.DecodeHeader(m.Header.Get(k))
		if err != nil {
			tb.Fatalf("header %s: %v", k, err)
		}
		hdr[k] = v
	}
	if _, err := m.Header.Date(); err != nil {
		tb.Errorf("Date header: %v", err)
	}
	if m.Header.Get("Message-Id") == "" {
		tb.Error("no Message-ID")
	}
	b, err := io.ReadAll(m.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return hdr, strings.ReplaceAll(string(b), "\r\n", "\n")
}

func TestRender(t *testing.T) {
	raw := Render("Računari Đorđević <noreply@demo.local>", Message{To: "kupac@demo.local", Subject: serbianSubject,
		Body: "Poštovani,\nvaša lozinka je promenjena."}, time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC))
	for i, line := range strings.Split(strings.SplitN(string(raw), "\r\n\r\n", 2)[0], "\r\n") {
		for _, r := range line {
			if r > 127 {
				t.Errorf("header line %d is not 7-bit ASCII (RFC 5322 needs encoded words): %q", i, line)
				break
			}
		}
	}
	hdr, body := readMessage(t, raw)
	want := map[string]string{
		"From":         "Računari Đorđević <noreply@demo.local>",
		"To":           "kupac@demo.local",
		"Subject":      serbianSubject,
		"Content-Type": "text/plain; charset=utf-8",
		"Mime-Version": "1.0",
	}
	if d := cmp.Diff(want, hdr); d != "" {
		t.Errorf("headers (-want +got):\n%s", d)
	}
	if body != "Poštovani,\nvaša lozinka je promenjena.\n" {
		t.Errorf("body %q", body)
	}
}

func TestOutbox(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	cfg, err := config.Load("", []string{"SHOP_DATA_DIR=" + filepath.Dir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	s := New(cfg)
	if _, ok := s.(*Outbox); !ok {
		t.Fatalf("New with mail.driver outbox = %T", s)
	}
	ctx := context.Background()
	subjects := []string{serbianSubject, "Druga poruka", "Treća poruka"}
	for _, sub := range subjects {
		if err := s.Send(ctx, Message{To: "kupac@demo.local", Subject: sub, Body: "Zdravo, " + sub}); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".eml") || strings.HasPrefix(e.Name(), ".") {
			t.Errorf("unexpected file in the outbox: %s", e.Name())
		}
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) != len(subjects) {
		t.Fatalf("outbox holds %v, want %d messages", names, len(subjects))
	}
	// Names sort in sending order.
	for i, n := range names {
		raw, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		hdr, body := readMessage(t, raw)
		got := []string{hdr["From"], hdr["To"], hdr["Subject"], body}
		want := []string{"noreply@demo.local", "kupac@demo.local", subjects[i], "Zdravo, " + subjects[i] + "\n"}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", n, d)
		}
	}
}

// smtpServer is a minimal SMTP server for tests: it accepts every message (or refuses
// recipients it is told to) and records what it received.
type smtpServer struct {
	ln       net.Listener
	user     string // when set, AUTH PLAIN with user/pass is required
	pass     string
	refuseTo string

	mu       sync.Mutex
	received []received
}

type received struct {
	From string
	To   []string
	Data string
	Auth string
}

func startSMTP(tb testing.TB, user, pass string) *smtpServer {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &smtpServer{ln: ln, user: user, pass: pass}
	var wg sync.WaitGroup
	tb.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { s.serve(c) })
		}
	})
	return s
}

func (s *smtpServer) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.received...)
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	tp := textproto.NewConn(c)
	reply := func(format string, args ...any) { _ = tp.PrintfLine(format, args...) }
	reply("220 test ESMTP")
	var cur received
	authed := s.user == ""
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			if s.user != "" {
				reply("250-test")
				reply("250 AUTH PLAIN")
			} else {
				reply("250 test")
			}
		case "AUTH":
			mech, resp, _ := strings.Cut(arg, " ")
			b, _ := base64.StdEncoding.DecodeString(resp)
			if mech == "PLAIN" && string(b) == "\x00"+s.user+"\x00"+s.pass {
				authed = true
				cur.Auth = s.user
				reply("235 ok")
			} else {
				reply("535 bad credentials")
			}
		case "MAIL":
			if !authed {
				reply("530 authentication required")
				continue
			}
			cur.From = strings.Trim(strings.TrimPrefix(strings.ToUpper(arg[:5])+arg[5:], "FROM:"), "<>")
			reply("250 ok")
		case "RCPT":
			to := strings.Trim(arg[len("TO:"):], "<>")
			if to == s.refuseTo {
				reply("550 no such user")
				continue
			}
			cur.To = append(cur.To, to)
			reply("250 ok")
		case "DATA":
			reply("354 go ahead")
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			cur.Data = string(data)
			s.mu.Lock()
			s.received = append(s.received, cur)
			s.mu.Unlock()
			cur = received{Auth: cur.Auth}
			reply("250 queued")
		case "RSET":
			cur = received{Auth: cur.Auth}
			reply("250 ok")
		case "NOOP":
			reply("250 ok")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 not implemented")
		}
	}
}

func smtpConfig(tb testing.TB, srv *smtpServer, user, pass string) *config.Config {
	tb.Helper()
	cfg, err := config.Load("", []string{
		"SHOP_DATA_DIR=" + tb.TempDir(),
		"SHOP_MAIL_DRIVER=smtp",
		"SHOP_MAIL_FROM=Prodavnica <noreply@shop.example.rs>",
		"SHOP_MAIL_SMTP_HOST=127.0.0.1",
		fmt.Sprintf("SHOP_MAIL_SMTP_PORT=%d", srv.port()),
		"SHOP_MAIL_SMTP_USERNAME=" + user,
		"SHOP_MAIL_SMTP_PASSWORD=" + pass,
	})
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

func TestSMTP(t *testing.T) {
	tests := []struct {
		name       string
		user, pass string
	}{
		{"no auth", "", ""},
		{"auth plain", "relay-user", "relay-pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startSMTP(t, tt.user, tt.pass)
			s := New(smtpConfig(t, srv, tt.user, tt.pass))
			if _, ok := s.(*SMTP); !ok {
				t.Fatalf("New with mail.driver smtp = %T", s)
			}
			err := s.Send(context.Background(), Message{To: "kupac@demo.local", Subject: serbianSubject,
				Body: "Link: http://localhost:8080/reset?token=abc\n.\nKraj."})
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.messages()
			if len(got) != 1 {
				t.Fatalf("server received %d messages, want 1", len(got))
			}
			envelope := []any{got[0].From, got[0].To, got[0].Auth}
			if d := cmp.Diff([]any{"noreply@shop.example.rs", []string{"kupac@demo.local"}, tt.user}, envelope); d != "" {
				t.Errorf("envelope (-want +got):\n%s", d)
			}
			hdr, body := readMessage(t, []byte(got[0].Data))
			if hdr["Subject"] != serbianSubject || hdr["To"] != "kupac@demo.local" || hdr["From"] != "Prodavnica <noreply@shop.example.rs>" {
				t.Errorf("headers %v", hdr)
			}
			// A line with a lone dot must survive dot-stuffing.
			if body != "Link: http://localhost:8080/reset?token=abc\n.\nKraj.\n" {
				t.Errorf("body %q", body)
			}
		})
	}
}

func TestSMTPFailures(t *testing.T) {
	t.Run("recipient refused", func(t *testing.T) {
		srv := startSMTP(t, "", "")
		srv.refuseTo = "nobody@demo.local"
		err := New(smtpConfig(t, srv, "", "")).Send(context.Background(), Message{To: "nobody@demo.local", Subject: "x", Body: "x"})
		if err == nil || !strings.Contains(err.Error(), "550") {
			t.Errorf("Send to a refused recipient: %v, want the 550 reply", err)
		}
		if n := len(srv.messages()); n != 0 {
			t.Errorf("server received %d messages", n)
		}
	})
	t.Run("wrong password", func(t *testing.T) {
		srv := startSMTP(t, "relay-user", "relay-pass")
		err := New(smtpConfig(t, srv, "relay-user", "wrong")).Send(context.Background(), Message{To: "kupac@demo.local", Subject: "x", Body: "x"})
		if err == nil {
			t.Error("Send with a wrong password succeeded")
		}
	})
	t.Run("relay down", func(t *testing.T) {
		srv := startSMTP(t, "", "")
		cfg := smtpConfig(t, srv, "", "")
		srv.ln.Close()
		if err := New(cfg).Send(context.Background(), Message{To: "kupac@demo.local", Subject: "x", Body: "x"}); err == nil {
			t.Error("Send with the relay down succeeded")
		}
	})
	t.Run("bad from", func(t *testing.T) {
		srv := startSMTP(t, "", "")
		cfg := smtpConfig(t, srv, "", "")
		cfg.Mail.From = "not an address"
		err := New(cfg).Send(context.Background(), Message{To: "kupac@demo.local", Subject: "x", Body: "x"})
		if err == nil || !strings.Contains(err.Error(), "mail.from") {
			t.Errorf("Send with a bad mail.from: %v, want an error naming mail.from", err)
		}
	})
}

func TestRenderRefusesHeaderInjection(t *testing.T) {
	raw := Render("Prodavnica <noreply@demo.local>", Message{To: "kupac@demo.local\r\nBcc: spy@example.com",
		Subject: "Zdravo\r\nBcc: spy@example.com", Body: "x"}, time.Now())
	m, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if bcc := m.Header.Get("Bcc"); bcc != "" {
		t.Errorf("a Bcc header was injected: %q", bcc)
	}
}

func TestHeaderAddress(t *testing.T) {
	tests := []struct{ in, want string }{
		{"kupac@demo.local", "kupac@demo.local"},
		{"<kupac@demo.local>", "kupac@demo.local"},
		{"Prodavnica <noreply@demo.local>", "Prodavnica <noreply@demo.local>"},
		{`"Shop, Inc." <noreply@demo.local>`, `"Shop, Inc." <noreply@demo.local>`},
		{"Računari <noreply@demo.local>", "=?utf-8?q?Ra=C4=8Dunari?= <noreply@demo.local>"},
		{"not an address\r\nBcc: x", "not an addressBcc: x"},
	}
	for _, tt := range tests {
		if got := headerAddress(tt.in); got != tt.want {
			t.Errorf("headerAddress(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// hungRelay accepts connections and then says nothing (or only the greeting), as a relay
// that hangs does; accepted reports each connection, closed each one the sender gave up
// (the relay's read ends).
func hungRelay(tb testing.TB, greet bool) (port int, accepted, closed <-chan struct{}) {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	acc, done := make(chan struct{}, 16), make(chan struct{}, 16)
	var wg sync.WaitGroup
	tb.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			acc <- struct{}{}
			wg.Go(func() {
				defer c.Close()
				if greet {
					io.WriteString(c, "220 test ESMTP\r\n")
				}
				// Read until the sender closes its end; the test's cleanup ends a stuck one.
				_ = c.SetReadDeadline(time.Now().Add(time.Minute))
				buf := make([]byte, 512)
				for {
					if _, err := c.Read(buf); err != nil {
						if !errors.Is(err, os.ErrDeadlineExceeded) {
							done <- struct{}{}
						}
						return
					}
				}
			})
		}
	})
	return ln.Addr().(*net.TCPAddr).Port, acc, done
}

// TestSMTPHungRelay: a relay that accepts and never answers (or stops after its greeting) fails
// the send within mail.smtp.timeout, and the connection is closed, not left behind. Before the
// bound, Send waited for ever (with a background context) or returned on the context's end while
// smtp.SendMail's goroutine and connection stayed.
func TestSMTPHungRelay(t *testing.T) {
	for _, greet := range []bool{false, true} {
		t.Run(fmt.Sprintf("greeting=%v", greet), func(t *testing.T) {
			port, _, closed := hungRelay(t, greet)
			cfg, err := config.Load("", []string{
				"SHOP_DATA_DIR=" + t.TempDir(),
				"SHOP_MAIL_DRIVER=smtp",
				"SHOP_MAIL_SMTP_HOST=127.0.0.1",
				fmt.Sprintf("SHOP_MAIL_SMTP_PORT=%d", port),
				"SHOP_MAIL_SMTP_TIMEOUT=300ms",
			})
			if err != nil {
				t.Fatal(err)
			}
			err = New(cfg).Send(context.Background(), Message{To: "kupac@demo.local", Subject: "x", Body: "x"})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("Send to a hung relay: %v, want the send's deadline", err)
			}
			<-closed // the sender closed its connection (the relay's read ended before its own minute)
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		port, accepted, closed := hungRelay(t, true)
		cfg, err := config.Load("", []string{
			"SHOP_DATA_DIR=" + t.TempDir(),
			"SHOP_MAIL_DRIVER=smtp",
			"SHOP_MAIL_SMTP_HOST=127.0.0.1",
			fmt.Sprintf("SHOP_MAIL_SMTP_PORT=%d", port),
		})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		res := make(chan error, 1)
		go func() { res <- New(cfg).Send(ctx, Message{To: "kupac@demo.local", Subject: "x", Body: "x"}) }()
		<-accepted
		cancel() // a job cancelled (asynq's own timeout, a shutdown) while the relay hangs
		if err := <-res; !errors.Is(err, context.Canceled) {
			t.Fatalf("Send cancelled: %v, want context.Canceled", err)
		}
		<-closed
	})
}
