package csvcell

import (
	"bytes"
	"testing"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"":                           "",
		"Laptop Lenovo":              "Laptop Lenovo",
		"ana@example.rs":             "ana@example.rs",
		"=cmd|' /C calc'!A0@x.rs":    "'=cmd|' /C calc'!A0@x.rs",
		`=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`,
		"+381 64 123":                "'+381 64 123",
		"-2+3+cmd|' /C calc'!A0":     "'-2+3+cmd|' /C calc'!A0",
		"@SUM(A1:A9)":                "'@SUM(A1:A9)",
		"\t=1+1":                     "'\t=1+1",
		"\r=1+1":                     "'\r=1+1",
		"-12.50":                     "-12.50",
		"+7":                         "+7",
		"12":                         "12",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	rec := []string{"=1+1", "ok", "-3"}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if got, want := b.String(), "'=1+1,ok,-3\n"; got != want {
		t.Errorf("written %q, want %q", got, want)
	}
	if rec[0] != "=1+1" {
		t.Errorf("the caller's record changed: %q", rec)
	}
}
