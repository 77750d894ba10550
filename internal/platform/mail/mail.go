// Package mail sends the shop's e-mail: over SMTP in production, into an outbox folder of
// .eml files in the embedded set-up (the admin and developers read them there).
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"errors"
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

// Message is one mail: recipient, subject, plain-text body and optionally HTML and
// attachments.
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	// ReplyTo, when set, is where a reply goes instead of From (a visitor's message to the shop).
	ReplyTo string `json:"reply_to,omitempty"`
	Body    string `json:"body"` // plain text
	// HTML, when set, is sent beside Body as multipart/alternative (mail readers show the
	// HTML, text-only readers and filters read Body).
	HTML string `json:"html,omitempty"`
	// Attachments go after the body as parts of a multipart/mixed message (a proforma
	// invoice's PDF). Data travels base64 in the queue's JSON, so keep them small.
	Attachments []Attachment `json:"attachments,omitempty"`
	// FromName, when set, is the sender's display name beside mail.from's address (the
	// shop's name, which staff may change, where mail.from is config).
	FromName string `json:"from_name,omitempty"`
}

// Attachment is one file sent with a message.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Data        []byte `json:"data"`
}

// Sender sends a message (the outbox or SMTP).
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

// Render builds the RFC 5322 message: text, or text and HTML as multipart/alternative; with
// attachments, that body is the first part of a multipart/mixed message and each file follows
// base64-encoded.
func Render(from string, m Message, now time.Time) []byte {
	var b bytes.Buffer
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	if a, err := netmail.ParseAddress(from); err == nil && m.FromName != "" {
		a.Name = m.FromName
		from = a.String()
	}
	fmt.Fprintf(&b, "From: %s\r\n", headerAddress(from))
	fmt.Fprintf(&b, "To: %s\r\n", headerAddress(m.To))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	if m.ReplyTo != "" {
		fmt.Fprintf(&b, "Reply-To: %s\r\n", headerAddress(m.ReplyTo))
	}
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@shop>\r\n", hex.EncodeToString(id))
	b.WriteString("MIME-Version: 1.0\r\n")
	if len(m.Attachments) == 0 {
		writeBody(&b, m, id)
		return b.Bytes()
	}
	mixed := "mix-" + hex.EncodeToString(id)
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%q\r\n\r\n", mixed)
	fmt.Fprintf(&b, "--%s\r\n", mixed)
	writeBody(&b, m, id)
	for _, a := range m.Attachments {
		typ := a.ContentType
		if typ == "" {
			typ = "application/octet-stream"
		}
		name := mime.QEncoding.Encode("utf-8", strings.NewReplacer("\r", "", "\n", "", "\"", "").Replace(a.Name))
		fmt.Fprintf(&b, "--%s\r\nContent-Type: %s; name=\"%s\"\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=\"%s\"\r\n\r\n",
			mixed, typ, name, name)
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			b.WriteString(enc[:76])
			b.WriteString("\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc)
		b.WriteString("\r\n")
	}
	fmt.Fprintf(&b, "--%s--\r\n", mixed)
	return b.Bytes()
}

// writeBody writes the body's Content-Type header and content: plain text, or text and HTML.
func writeBody(b *bytes.Buffer, m Message, id []byte) {
	if m.HTML == "" {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
		b.WriteString(m.Body)
		b.WriteString("\r\n")
		return
	}
	boundary := "alt-" + hex.EncodeToString(id)
	fmt.Fprintf(b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", boundary)
	for _, part := range []struct{ typ, body string }{{"text/plain", m.Body}, {"text/html", m.HTML}} {
		fmt.Fprintf(b, "--%s\r\nContent-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n", boundary, part.typ)
		b.WriteString(part.body)
		b.WriteString("\r\n")
	}
	fmt.Fprintf(b, "--%s--\r\n", boundary)
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

// Send writes m as a file in the outbox folder.
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

// SMTP sends through a relay, with STARTTLS when the server offers it. Every send is bounded:
// the dial by mail.smtp.dial_timeout, the whole conversation by mail.smtp.timeout (and by ctx),
// so a relay that accepts and then never answers costs one failed attempt, not a goroutine and
// a connection left behind for ever on every retry.
type SMTP struct {
	cfg  config.SMTPConfig
	from string
}

// Send sends m through the relay.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	env, err := mailAddress(s.from)
	if err != nil {
		return err
	}
	if s.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.Timeout)
		defer cancel()
	}
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	d := net.Dialer{Timeout: s.cfg.DialTimeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("smtp dial %s: %w", addr, err)
	}
	defer conn.Close()
	// The deadline cuts off a relay that stops answering mid-conversation; closing the
	// connection when ctx ends (a cancelled job, a shutdown) unblocks a read at once.
	if dl, ok := ctx.Deadline(); ok {
		if err := conn.SetDeadline(dl); err != nil {
			return fmt.Errorf("smtp %s: %w", addr, err)
		}
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	err = s.converse(conn, env, m)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		// The connection's deadline and ctx's timer are the same instant; either may fire first.
		return fmt.Errorf("smtp %s: no answer within the send's deadline: %w (%v)", addr, context.DeadlineExceeded, err)
	case ctx.Err() != nil:
		return fmt.Errorf("smtp %s: %w (%v)", addr, ctx.Err(), err)
	}
	return err
}

// converse is smtp.SendMail's conversation on an open connection.
func (s *SMTP) converse(conn net.Conn, env string, m Message) error {
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.cfg.Host}); err != nil {
			return err
		}
	}
	if s.cfg.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return errors.New("smtp: server doesn't support AUTH")
		}
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return err
		}
	}
	if err := c.Mail(env); err != nil {
		return err
	}
	if err := c.Rcpt(m.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(Render(s.from, m, time.Now())); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

func mailAddress(from string) (string, error) {
	a, err := parseAddress(from)
	if err != nil {
		return "", fmt.Errorf("mail.from %q: %w", from, err)
	}
	return a, nil
}
