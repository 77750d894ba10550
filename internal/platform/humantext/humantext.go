// Package humantext is the one rule for text people type that other people read or that
// names an account: e-mail addresses are compared in one form, and characters that change
// how text looks without being seen (zero-width, bidirectional overrides) are dropped, so an
// account cannot be made beside an existing one with a look-alike address, and a name or a
// review cannot reorder what staff read.
package humantext

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Invisible tells whether r is a format character (Unicode category Cf): zero-width spaces
// and joiners, bidirectional marks, embeddings, overrides and isolates, the soft hyphen, the
// byte-order mark. None is typed on purpose in a name, an address or a review.
func Invisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

// Clean drops the invisible characters and trims the spaces around s.
func Clean(s string) string {
	if strings.IndexFunc(s, Invisible) >= 0 {
		s = strings.Map(func(r rune) rune {
			if Invisible(r) {
				return -1
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

// Email is an address in the form accounts are compared in: compatibility-normalised (NFKC:
// fullwidth ａ is a), without invisible characters, trimmed and in lower case.
func Email(s string) string {
	return strings.ToLower(Clean(norm.NFKC.String(s)))
}
