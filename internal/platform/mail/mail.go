// Package mail sends the shop's e-mail: over SMTP in production, into an outbox folder of
// .eml files in the embedded set-up (the admin and developers read them there).
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"net"
	netmail "net/mail"
	"net/smtp"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"shop/internal/platform/config"
)

type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Body    string `json:"body"` // plain text
}

type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns the configured sender.
func New(cfg *config.Config) Sender {
	if cfg.Mail.Driver == "smtp" {
		return &SMTP{cfg: cfg.Mail.SMTP, from: cfg.Mail.From}
	}
	return &Outbox{Dir: filepath.Join(cfg.DataDir, "outbox"), From: cfg.Mail.From}
}

// Render builds the RFC 5322 message.
func Render(from string, m Message, now time.Time) []byte {
	var b bytes.Buffer
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	fmt.Fprintf(&b, "From: %s\r\n", headerAddress(from))
	fmt.Fprintf(&b, "To: %s\r\n", headerAddress(m.To))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@shop>\r\n", hex.EncodeToString(id))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(m.Body)
	b.WriteString("\r\n")
	return b.Bytes()
}

// headerAddress formats an address for a header: a display name outside ASCII ("Računari
// Đorđević") becomes an encoded word, and a line break can never start another header.
func headerAddress(s string) string {
	if a, err := netmail.ParseAddress(s); err == nil {
		if a.Name == "" {
			return a.Address
		}
		if plainPhrase(a.Name) {
			return a.Name + " <" + a.Address + ">"
		}
		return a.String()
	}
	return strings.NewReplacer("\r", "", "\n", "").Replace(s)
}

// plainPhrase tells whether a display name needs neither quotes nor encoding.
func plainPhrase(name string) bool {
	for _, r := range name {
		if !(r == ' ' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Outbox writes each message as a file; the name sorts by time.
type Outbox struct {
	Dir  string
	From string
}

func (o *Outbox) Send(_ context.Context, m Message) error {
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return err
	}
	now := time.Now().UTC()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	name := fmt.Sprintf("%s-%s.eml", now.Format("20060102T150405.000000000"), hex.EncodeToString(suffix))
	tmp := filepath.Join(o.Dir, "."+name)
	if err := os.WriteFile(tmp, Render(o.From, m, now), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(o.Dir, name))
}

// SMTP sends through a relay, with STARTTLS when the server offers it.
type SMTP struct {
	cfg  config.SMTPConfig
	from string
}

func (s *SMTP) Send(ctx context.Context, m Message) error {
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	var auth smtp.Auth
	if s.cfg.Username != "" {
		auth = smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)
	}
	env, err := mailAddress(s.from)
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(addr, auth, env, []string{m.To}, Render(s.from, m, time.Now())) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func mailAddress(from string) (string, error) {
	a, err := parseAddress(from)
	if err != nil {
		return "", fmt.Errorf("mail.from %q: %w", from, err)
	}
	return a, nil
}
