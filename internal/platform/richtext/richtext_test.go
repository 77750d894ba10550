package richtext

import (
	"strings"
	"testing"
)

func TestSanitizeKeepsTheEditorsOutput(t *testing.T) {
	t.Parallel()
	keep := []string{
		`<p>Običan <strong>podebljan</strong> <em>kurziv</em> <u>podvučen</u> <s>precrtan</s></p>`,
		`<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>`,
		`<blockquote><p>citat</p></blockquote>`,
		`<ul><li><p>jedan</p></li></ul><ol><li><p>dva</p></li></ol>`,
		`<p style="text-align: center">sredina</p>`,
		`<p><span style="font-size: 18px">veliko</span></p>`,
		`<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">link</a></p>`,
		`<p><a href="/uslovi-isporuke#shipment_tracking">praćenje</a></p>`,
		`<h2 id="shipment_tracking">Praćenje pošiljke</h2>`,
		`<img src="/media/images/news/a.png" alt="slika">`,
	}
	for _, in := range keep {
		got := Sanitize(in)
		for _, want := range []string{"strong", "text-align", "font-size", "href", "id=\"shipment_tracking\"", "<img", "<h4>", "<blockquote>", "<ol>"} {
			if strings.Contains(in, want) && !strings.Contains(got, want) {
				t.Errorf("Sanitize(%q) = %q: lost %q", in, got, want)
			}
		}
	}
}

func TestSanitizeRemovesDangerousMarkup(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		`<p>ok</p><script>alert(1)</script>`:                           {"<script", "alert"},
		`<p onclick="alert(1)">x</p>`:                                  {"onclick"},
		`<a href="javascript:alert(1)">x</a>`:                          {"javascript:"},
		`<img src="x" onerror="alert(1)">`:                             {"onerror"},
		`<iframe src="https://evil"></iframe><p>x</p>`:                 {"iframe"},
		`<p style="position: fixed; top: 0">x</p>`:                     {"position", "style"},
		`<span style="font-size: expression(alert(1))">x</span>`:       {"expression"},
		`<p style="text-align: url(javascript:1)">x</p>`:               {"url("},
		`<img src="data:image/svg+xml;base64,PHN2Zz4=">`:               {"data:"},
		`<style>body{display:none}</style><p>x</p>`:                    {"<style", "display"},
		`<form action="/x"><input name="a"></form>`:                    {"<form", "<input"},
		`<a href="https://x" target="top">x</a>`:                       {"target"},
		`<p id="1bad onmouseover">x</p>`:                               {"onmouseover"},
		`<svg><a xlink:href="javascript:alert(1)">x</a></svg><p>k</p>`: {"javascript", "<svg"},
	}
	for in, banned := range cases {
		got := Sanitize(in)
		for _, b := range banned {
			if strings.Contains(got, b) {
				t.Errorf("Sanitize(%q) = %q: still has %q", in, got, b)
			}
		}
	}
}

func TestBlankAndExcerpt(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "<p></p>", "<p><br></p>", " <p>&nbsp;</p> ", "<script>x</script>"} {
		if got := Sanitize(in); got != "" {
			t.Errorf("Sanitize(%q) = %q, want empty", in, got)
		}
	}
	if IsBlank(`<p><img src="/media/a.png"></p>`) {
		t.Error("an image alone is not blank")
	}
	if got := PlainText("<h2>Naslov</h2><p>Prvi&nbsp;red &amp; drugi</p>"); got != "Naslov Prvi red & drugi" {
		t.Errorf("PlainText = %q", got)
	}
	got := Excerpt("<p>"+strings.Repeat("reč ", 100)+"</p>", 50)
	if n := len([]rune(got)); n > 51 || !strings.HasSuffix(got, "…") {
		t.Errorf("Excerpt = %q (%d runes)", got, n)
	}
	if got := Excerpt("<p>kratko</p>", 50); got != "kratko" {
		t.Errorf("Excerpt short = %q", got)
	}
}
