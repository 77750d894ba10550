// Package richtext cleans the HTML that staff write in the admin's rich-text editor before it is
// stored and shown on the storefront: user-generated-content tags only, plus the editor's
// alignment and font size.
package richtext

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowStyles("text-align").MatchingEnum("left", "right", "center", "justify").Globally()
	p.AllowStyles("font-size").Matching(regexp.MustCompile(`^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$`)).Globally()
	return p
}()

// Sanitize answers html with everything but the allowed tags, attributes and styles removed.
func Sanitize(html string) string { return policy.Sanitize(html) }
