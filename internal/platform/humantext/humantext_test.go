package humantext

import "testing"

func TestEmailLookAlikes(t *testing.T) {
	for _, in := range []string{
		"kupac@demo.local",
		" Kupac@Demo.Local ",
		"ｋｕｐａｃ@ｄｅｍｏ.ｌｏｃａｌ",             // fullwidth
		"ku\u200bpac@demo.local",       // zero-width space
		"kupac\u2060@demo.local\ufeff", // word joiner, byte-order mark
		"\u202ekupac@demo.local\u202c", // right-to-left override
		"kupac@demo\u00ad.local",       // soft hyphen
	} {
		if got := Email(in); got != "kupac@demo.local" {
			t.Errorf("Email(%q) = %q", in, got)
		}
	}
}

func TestCleanKeepsWhatPeopleWrite(t *testing.T) {
	cases := map[string]string{
		"Đorđe Čavić":               "Đorđe Čavić",
		"Ђорђе Чавић":               "Ђорђе Чавић",
		"Ana\u202e Anić":            "Ana Anić",
		"  Odličan\u200b laptop!  ": "Odličan laptop!",
		"red 1\nred 2":              "red 1\nred 2",
	}
	for in, want := range cases {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}
