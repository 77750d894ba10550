package mail

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"strings"
	"testing"
	"time"
)

// TestRenderAttachments: a message with HTML and a file is multipart/mixed whose first part is
// the text/HTML alternative and whose second is the file, byte for byte, with its name; the
// attachment survives the queue's JSON.
func TestRenderAttachments(t *testing.T) {
	pdf := []byte("%PDF-1.4\n" + strings.Repeat("\x00\xffbinary", 40))
	in := Message{To: "kupac@example.rs", Subject: "Profaktura PR-2026-000001", Body: "U prilogu je profaktura.",
		HTML: "<p>U prilogu je profaktura.</p>", Attachments: []Attachment{{Name: "profaktura-PR-2026-000001.pdf", ContentType: "application/pdf", Data: pdf}}}
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(strings.NewReader(string(Render("Prodavnica <shop@example.rs>", m, time.Now()))))
	if err != nil {
		t.Fatal(err)
	}
	typ, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || typ != "multipart/mixed" {
		t.Fatalf("Content-Type %q: %v", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	first, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if ft, _, _ := mime.ParseMediaType(first.Header.Get("Content-Type")); ft != "multipart/alternative" {
		t.Errorf("first part %q, want the text/HTML alternative", first.Header.Get("Content-Type"))
	}
	body, _ := io.ReadAll(first)
	if !strings.Contains(string(body), "U prilogu je profaktura.") || !strings.Contains(string(body), "<p>U prilogu") {
		t.Errorf("body part lacks the text or HTML:\n%s", body)
	}
	file, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if file.FileName() != "profaktura-PR-2026-000001.pdf" {
		t.Errorf("file name %q", file.FileName())
	}
	if ct, _, _ := mime.ParseMediaType(file.Header.Get("Content-Type")); ct != "application/pdf" {
		t.Errorf("file type %q", ct)
	}
	enc, _ := io.ReadAll(file)
	for _, line := range strings.Split(strings.TrimSpace(string(enc)), "\r\n") {
		if len(line) > 76 {
			t.Fatalf("base64 line of %d characters (RFC 2045: at most 76)", len(line))
		}
	}
	got, err := base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(enc)))
	if err != nil || string(got) != string(pdf) {
		t.Errorf("attachment changed on the way: %v", err)
	}
	if _, err := r.NextPart(); err != io.EOF {
		t.Errorf("more parts than body and file: %v", err)
	}
}
