package feeds

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"testing"
)

// TestEscape: the fast path writes what xml.EscapeText would, for plain, Serbian, special and
// forbidden text alike.
func TestEscape(t *testing.T) {
	for _, s := range []string{"", "ThinkPad X1", "Računari > Laptopovi", "a & b", `"quoted" 'x'`, "tab\there", "ctl\x01char",
		"line\nbreak", "bad \xff utf8", "nonchar \uFFFE", "Šđčćž ЖЋ", "<tag>"} {
		var got, want bytes.Buffer
		w := bufio.NewWriter(&got)
		escape(w, s)
		w.Flush()
		_ = xml.EscapeText(&want, []byte(s))
		if got.String() != want.String() {
			t.Errorf("escape(%q) = %q, want %q", s, got.String(), want.String())
		}
	}
}
