package catalog

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"shop/internal/platform/apperr"
	"shop/internal/platform/ctrlchar"
)

// Description lengths (catalogue spec 5): they count the text a reader sees, not the rich-text
// markup around it (a Lexical state of 1,000 characters of text is about 1,300 bytes of JSON).
const (
	DescriptionMin = 2
	DescriptionMax = 1200
)

// descriptionBlocks are the Lexical nodes that start a new line of text.
var descriptionBlocks = map[string]bool{"paragraph": true, "heading": true, "quote": true, "listitem": true, "list": true}

type lexicalNode struct {
	Type     string        `json:"type"`
	Text     *string       `json:"text"`
	Children []lexicalNode `json:"children"`
}

func (n lexicalNode) text() string {
	if n.Text != nil {
		return *n.Text
	}
	if n.Type == "linebreak" {
		return "\n"
	}
	parts := make([]string, 0, len(n.Children))
	sep := ""
	for _, c := range n.Children {
		parts = append(parts, c.text())
		if descriptionBlocks[c.Type] {
			sep = "\n"
		}
	}
	return strings.Join(parts, sep)
}

// DescriptionText is the text of a stored description: the admin's Lexical editor state
// ({"root": {"children": [...]}}), an older Draft.js raw state ({"blocks": [{"text"}]}), or
// plain text. It reads them as the admin's richTextToPlain does, so both count alike.
func DescriptionText(s string) string {
	var doc struct {
		Root   *lexicalNode `json:"root"`
		Blocks []struct {
			Text string `json:"text"`
		} `json:"blocks"`
	}
	trimmed := strings.TrimSpace(s)
	if !strings.HasPrefix(trimmed, "{") || json.Unmarshal([]byte(trimmed), &doc) != nil {
		return s
	}
	switch {
	case doc.Root != nil:
		return doc.Root.text()
	case doc.Blocks != nil:
		lines := make([]string, 0, len(doc.Blocks))
		for _, b := range doc.Blocks {
			lines = append(lines, b.Text)
		}
		return strings.Join(lines, "\n")
	}
	return s
}

// checkDescription applies the 2-1200 rule to the description's text; required says whether
// an empty one is refused (the mass change) or allowed (the product form leaves it as it is).
func checkDescription(field, s string, required bool) *apperr.FieldError {
	if s == "" && !required {
		return nil
	}
	text := DescriptionText(s)
	n := utf8.RuneCountInString(strings.TrimSpace(text))
	var fe apperr.FieldError
	switch {
	case ctrlchar.Has(text, true):
		// The request layer saw only the document's JSON; a NUL escaped inside it (\u0000)
		// would reach the search text, which PostgreSQL cannot store.
		fe = apperr.Field(field, "validation.control_chars")
	case n == 0 && required:
		fe = apperr.Field(field, "validation.required")
	case n < DescriptionMin:
		fe = apperr.Field(field, "validation.min_chars", "n", DescriptionMin)
	case n > DescriptionMax:
		fe = apperr.Field(field, "validation.max_chars", "n", DescriptionMax)
	default:
		return nil
	}
	return &fe
}
