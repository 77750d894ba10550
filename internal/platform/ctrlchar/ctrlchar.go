// Package ctrlchar is the one rule for control characters in text the shop takes in: PostgreSQL
// cannot store NUL in text (SQLite stores it silently), and the other C0 characters are never
// typed by a person. Text written in a text area (and a rich-text document) has tabs and line
// breaks; a name, a filter or a path has none.
package ctrlchar

// Bad tells whether r is refused; multiline lets tab, line feed and carriage return through.
func Bad(r rune, multiline bool) bool {
	if r == '\t' || r == '\n' || r == '\r' {
		return !multiline
	}
	return r < 0x20 || r == 0x7f
}

// Has tells whether s holds a refused control character.
func Has(s string, multiline bool) bool {
	for _, r := range s {
		if Bad(r, multiline) {
			return true
		}
	}
	return false
}

// Strip drops every control character (a parameter's name, so an error can name it).
func Strip(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if !Bad(r, false) {
			out = append(out, r)
		}
	}
	return string(out)
}
