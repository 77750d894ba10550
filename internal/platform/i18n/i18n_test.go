package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFromHeader(t *testing.T) {
	tests := []struct {
		name, header string
		want         Lang
	}{
		{"emptyIsSerbian", "", SR},
		{"serbian", "sr", SR},
		{"serbianLatin", "sr-Latn-RS", SR},
		{"english", "en", EN},
		{"englishRegionUpper", "EN-us", EN},
		{"browserEnglish", "en-US,en;q=0.9", EN},
		{"browserSerbian", "sr-Latn-RS,sr;q=0.9,en-US;q=0.8,en;q=0.7", SR},
		{"croatianReadsSerbian", "hr-HR,hr;q=0.9", SR},
		{"bosnianReadsSerbian", "bs", SR},
		{"unsupportedThenEnglish", "de-DE,de;q=0.9,en;q=0.8", EN},
		{"unsupportedOnly", "fr-FR,de", SR},
		{"wildcard", "*", SR},
		{"weightsOverOrder", "sr;q=0.5, en;q=0.9", EN},
		{"weightsOverOrderSerbian", "en;q=0.4,sr", SR},
		{"englishRefused", "en;q=0, de", SR},
		{"spacesAndCase", "  En-Gb ; q=1.0 ,sr;q=0.1", EN},
		{"malformedWeightIgnored", "en;q=abc", EN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromHeader(tt.header); got != tt.want {
				t.Errorf("FromHeader(%q) = %s, want %s", tt.header, got, tt.want)
			}
		})
	}
}

func TestT(t *testing.T) {
	tests := []struct {
		name string
		lang Lang
		key  string
		args map[string]any
		want string
	}{
		{"serbian", SR, "validation.required", nil, "Polje je obavezno"},
		{"english", EN, "validation.required", nil, "The field is required"},
		{"placeholderNumber", SR, "validation.min_chars", map[string]any{"n": 8}, "Polje mora sadržati minimum 8 karaktera"},
		{"placeholderString", EN, "validation.include", map[string]any{"name": "orders"}, "Unknown relation: orders"},
		{"unknownKeyShowsItself", SR, "no.such.key", nil, "no.such.key"},
		{"forbiddenIsUnauthorized", SR, "error.forbidden", nil, "Unauthorized"},
		{"serverError", SR, "error.server", nil, "Doslo je do greske na serveru pokusajte ponovo."},
		{"serverErrorEnglish", EN, "error.server", nil, "There was a server error, please try again."},
		{"bannerNotFound", SR, "notfound.banner", nil, "Izabrani baner ne postoji ili je izbrisan."},
		{"unusedArgIgnored", SR, "error.invalid", map[string]any{"x": 1}, "Podaci nisu ispravni."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := T(tt.lang, tt.key, tt.args); got != tt.want {
				t.Errorf("T(%s, %s) = %q, want %q", tt.lang, tt.key, got, tt.want)
			}
		})
	}
}

var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// TestCatalogueComplete: every message has both languages and the same placeholders in each.
func TestCatalogueComplete(t *testing.T) {
	for key, e := range catalogue {
		if strings.TrimSpace(e[0]) == "" || strings.TrimSpace(e[1]) == "" {
			t.Errorf("%s: a language is missing: %q", key, e)
		}
		sr, en := placeholder.FindAllString(e[0], -1), placeholder.FindAllString(e[1], -1)
		sort.Strings(sr)
		sort.Strings(en)
		if diff := cmp.Diff(sr, en); diff != "" {
			t.Errorf("%s: placeholders differ between sr and en (-sr +en):\n%s", key, diff)
		}
	}
	// The specifications' not-found messages all read "... ne postoji ili je izbrisan(a)."
	for key, e := range catalogue {
		if strings.HasPrefix(key, "notfound.") && !strings.Contains(e[0], " ne postoji ili je izbrisan") {
			t.Errorf("%s: %q does not follow the not-found pattern", key, e[0])
		}
	}
}

// TestEveryUsedKeyExists walks the Go code under api/ and internal/ for message keys (string
// literals in the catalogue's namespaces, and the things NotFoundThing and pathID name) and
// checks that each is in the catalogue, so a user never sees a raw key.
func TestEveryUsedKeyExists(t *testing.T) {
	namespaces := map[string]bool{}
	for key := range catalogue {
		ns, _, _ := strings.Cut(key, ".")
		namespaces[ns] = true
	}
	var names []string
	for ns := range namespaces {
		names = append(names, regexp.QuoteMeta(ns))
	}
	keyLike := regexp.MustCompile(`^(` + strings.Join(names, "|") + `)\.[a-z0-9_]+$`)

	root := filepath.Join("..", "..", "..")
	// Configuration keys (auth.secret, ...) share the look of message keys but are not messages.
	skip := map[string]bool{filepath.Join(root, "internal", "platform", "config"): true}
	// Literals that look like keys and are not messages: the generated secret's file name, the
	// storefront's include names (spec 7).
	notMessages := map[string]bool{"auth.secret": true, "discount.type": true}
	used := map[string][]string{} // key -> where
	fset := token.NewFileSet()
	for _, dir := range []string{"api", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if skip[path] {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GenDecl:
					// The activity package's constants are entry types (PricelistUploaded =
					// "supplier.pricelist_uploaded"): events, not messages, though they look alike.
					if n.Tok == token.CONST && f.Name.Name == "activity" {
						return false
					}
				case *ast.ValueSpec:
					// ... and so are other capabilities' Activity* constants (ActivityPageUpdated).
					if len(n.Names) > 0 && strings.HasPrefix(n.Names[0].Name, "Activity") {
						return false
					}
				case *ast.BasicLit:
					if s, ok := stringLit(n); ok && keyLike.MatchString(s) && !notMessages[s] {
						used[s] = append(used[s], fset.Position(n.Pos()).String())
					}
				case *ast.CallExpr:
					// NotFoundThing("user") and pathID(c, "user") mean notfound.user.
					name := ""
					switch fn := n.Fun.(type) {
					case *ast.Ident:
						name = fn.Name
					case *ast.SelectorExpr:
						name = fn.Sel.Name
					}
					if name == "NotFoundThing" || name == "pathID" {
						if lit, ok := n.Args[len(n.Args)-1].(*ast.BasicLit); ok {
							if s, ok := stringLit(lit); ok {
								used["notfound."+s] = append(used["notfound."+s], fset.Position(n.Pos()).String())
							}
						}
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(used) < 20 || used["auth.failed"] == nil || used["notfound.user"] == nil {
		t.Fatalf("found only %d keys in the code: is the walk looking in the right place?", len(used))
	}
	for key, where := range used {
		if !Has(key) {
			t.Errorf("message key %q is not in the catalogue (used at %s)", key, strings.Join(where, ", "))
		}
	}
	// The keys the platform builds at run time, which no literal shows whole.
	for _, key := range []string{"error.server", "error.invalid", "error.route", "validation.password_match", "validation.min_chars",
		"validation.max_chars", "validation.email", "validation.required", "validation.gt", "validation.lt", "validation.oneof"} {
		if !Has(key) {
			t.Errorf("%s missing", key)
		}
	}
}

func stringLit(n *ast.BasicLit) (string, bool) {
	if n.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(n.Value)
	return s, err == nil
}
