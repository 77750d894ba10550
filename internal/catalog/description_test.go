package catalog

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDescriptionText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"plain", "Frižider, 300 l", "Frižider, 300 l"},
		{"empty", "", ""},
		{"lexicalParagraphs", `{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Prvi "},{"type":"text","text":"red","format":1}]},{"type":"paragraph","children":[{"type":"text","text":"Drugi"}]}]}}`, "Prvi red\nDrugi"},
		{"lexicalList", `{"root":{"children":[{"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"a"}]},{"type":"listitem","children":[{"type":"text","text":"b"}]}]}]}}`, "a\nb"},
		{"lexicalLineBreak", `{"root":{"children":[{"type":"paragraph","children":[{"type":"text","text":"a"},{"type":"linebreak"},{"type":"text","text":"b"}]}]}}`, "a\nb"},
		{"lexicalEmpty", `{"root":{"children":[]}}`, ""},
		{"draftRaw", `{"blocks":[{"type":"paragraph","text":"Inkjet"},{"text":"A4"}]}`, "Inkjet\nA4"},
		{"braceButNotJSON", "{ne baš JSON", "{ne baš JSON"},
		{"otherJSONObject", `{"a":1}`, `{"a":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, DescriptionText(tt.in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckDescription(t *testing.T) {
	t.Parallel()
	lexical := func(text string) string {
		return `{"root":{"children":[{"type":"paragraph","children":[{"type":"text","text":"` + text + `"}]}]}}`
	}
	tests := []struct {
		name     string
		in       string
		required bool
		want     string // message key, "" when accepted
	}{
		{"absentOnForm", "", false, ""},
		{"absentOnMass", "", true, "validation.required"},
		{"emptyEditorOnMass", lexical("  "), true, "validation.required"},
		{"emptyEditorOnForm", lexical(""), false, "validation.min_chars"},
		{"oneChar", "x", false, "validation.min_chars"},
		{"twoChars", "ab", true, ""},
		// 1200 characters of text in about 1,260 bytes of JSON: the text counts
		{"richTextAtMax", lexical(strings.Repeat("ž", DescriptionMax)), true, ""},
		{"richTextOverMax", lexical(strings.Repeat("ž", DescriptionMax+1)), true, "validation.max_chars"},
		{"plainOverMax", strings.Repeat("a", DescriptionMax+1), false, "validation.max_chars"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if fe := checkDescription("description", tt.in, tt.required); fe != nil {
				got = fe.Msg.Key
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
