package catalog

import "strings"

// GTIN is a product's EAN as a GTIN (what schema.org's gtin8/12/13/14 and the shopping feeds'
// g:gtin take) when it is one, digits of such a length; else "".
func GTIN(ean string) string {
	ean = strings.TrimSpace(ean)
	switch len(ean) {
	case 8, 12, 13, 14:
	default:
		return ""
	}
	for _, r := range ean {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return ean
}
