package migrations

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// During a rolling release the previous binary keeps serving against the migrated database
// until every copy is replaced. A migration must therefore leave what that binary reads and
// writes in place: drops and renames of tables and columns, column type changes and NOT NULL
// without a default (its INSERTs name no such column) break it. Such a migration states why it
// is safe anyway in its constructor's doc comment, on a line starting with rolloutSafeMarker
// followed by the reason (e.g. the table was new in the same release, or nothing reads it).
const rolloutSafeMarker = "Rollout-safe:"

// rolloutRisks are what breaks the previous binary, matched in the source a migration's Migrate
// runs (its function and the package-level declarations it uses; Rollback is left out: it runs
// only to undo a release).
var rolloutRisks = []struct {
	name string
	re   *regexp.Regexp
}{
	{"drops a table", regexp.MustCompile(`(?i)\bDROP\s+TABLE\b|\.DropTable\(`)},
	{"drops a column", regexp.MustCompile(`(?i)\bDROP\s+COLUMN\b|\.DropColumn\(`)},
	{"renames", regexp.MustCompile(`(?i)\bRENAME\s+(TO|COLUMN)\b|\.Rename(Table|Column)\(`)},
	{"changes a column's type", regexp.MustCompile(`(?i)\bALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE\b|\.AlterColumn\(`)},
	{"sets NOT NULL on a column", regexp.MustCompile(`(?i)\bSET\s+NOT\s+NULL\b`)},
	// An added column that is NOT NULL needs a DEFAULT in the same clause.
	{"adds a NOT NULL column without a default", regexp.MustCompile(`(?i)\bADD\s+COLUMN\b[^,;"` + "`" + `]*\bNOT\s+NULL\b`)},
}

var addColumnClause = regexp.MustCompile(`(?i)\bADD\s+COLUMN\b[^,;"` + "`" + `]*`)

// TestMigrationsKeepThePreviousReleaseWorking refuses a migration that would break the previous
// release's binary during a rolling restart unless its doc comment says why it is safe.
func TestMigrationsKeepThePreviousReleaseWorking(t *testing.T) {
	files := map[string]string{}
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = string(b)
	}
	found, err := risksOf(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(found.migrations) != len(all()) {
		t.Fatalf("found the Migrate of %d migrations, registered %d: the scan misses some", len(found.migrations), len(all()))
	}
	for _, id := range slices.Sorted(maps.Keys(found.risks)) {
		r := found.risks[id]
		if len(r.risks) > 0 && r.reason == "" {
			t.Errorf("migration %s %s, which breaks the release before it while both run; make it additive "+
				"(add, backfill, drop in a later release) or say why it is safe on a %q line of %s's doc comment",
				id, strings.Join(r.risks, ", "), rolloutSafeMarker, r.fn)
		}
	}
}

// TestRolloutRisksSeen: the scan sees each kind of risk in Migrate (directly and through a
// package-level statement list), ignores Rollback and accepts a stated reason.
func TestRolloutRisksSeen(t *testing.T) {
	src := `package migrations

var stmts0900 = []string{
	"ALTER TABLE products ADD COLUMN a int NOT NULL DEFAULT 0",
	"ALTER TABLE products ADD COLUMN b int NOT NULL",
}

func m0900() *gormigrate.Migration {
	return &gormigrate.Migration{ID: "0900_risky",
		Migrate: func(tx *gorm.DB) error {
			for _, q := range stmts0900 {
				tx.Exec(q)
			}
			tx.Exec("ALTER TABLE orders RENAME COLUMN total TO sum")
			tx.Exec("ALTER TABLE orders ALTER COLUMN note TYPE text")
			return tx.Migrator().DropColumn(&x{}, "Old")
		},
		Rollback: func(tx *gorm.DB) error { return tx.Migrator().DropTable("orders") },
	}
}

// m0901 builds a table in steps.
//
// Rollout-safe: the table is new in this release; no binary before it reads it.
func m0901() *gormigrate.Migration {
	return &gormigrate.Migration{ID: "0901_stated",
		Migrate: func(tx *gorm.DB) error { return tx.Exec("DROP TABLE staging_0901").Error },
	}
}

func m0902() *gormigrate.Migration {
	return &gormigrate.Migration{ID: "0902_additive",
		Migrate: func(tx *gorm.DB) error { return tx.Exec("ALTER TABLE products ADD COLUMN c text NOT NULL DEFAULT ''").Error },
		Rollback: func(tx *gorm.DB) error { return tx.Exec("ALTER TABLE products DROP COLUMN c").Error },
	}
}
`
	got, err := risksOf(map[string]string{"m0900.go": src})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]migrationRisks{
		"0900_risky": {fn: "m0900", risks: []string{"drops a column", "renames", "changes a column's type", "adds a NOT NULL column without a default"}},
		"0901_stated": {fn: "m0901", risks: []string{"drops a table"},
			reason: "the table is new in this release; no binary before it reads it."},
		"0902_additive": {fn: "m0902"},
	}
	if d := cmp.Diff(want, got.risks, cmp.AllowUnexported(migrationRisks{})); d != "" {
		t.Errorf("risks (-want +got):\n%s", d)
	}
}

type migrationRisks struct {
	fn     string   // the constructor
	risks  []string // what its Migrate does that breaks the previous binary
	reason string   // the doc comment's Rollout-safe line
}

type scan struct {
	migrations []string
	risks      map[string]migrationRisks // by migration id
}

// risksOf finds every gormigrate.Migration literal in the files and what its Migrate reaches.
func risksOf(files map[string]string) (scan, error) {
	fset := token.NewFileSet()
	decls := map[string]ast.Node{} // package-level functions, vars and consts by name
	var parsed []*ast.File
	for name, src := range files {
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return scan{}, err
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					decls[d.Name.Name] = d.Body
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok {
						for i, n := range vs.Names {
							if i < len(vs.Values) {
								decls[n.Name] = vs.Values[i]
							}
						}
					}
				}
			}
		}
	}
	out := scan{risks: map[string]migrationRisks{}}
	for _, f := range parsed {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || !isMigrationType(lit.Type) {
					return true
				}
				var id string
				var migrate ast.Node
				for _, e := range lit.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch key, _ := kv.Key.(*ast.Ident); {
					case key == nil:
					case key.Name == "ID":
						if s, ok := kv.Value.(*ast.BasicLit); ok {
							id = strings.Trim(s.Value, "\"`")
						}
					case key.Name == "Migrate":
						migrate = kv.Value
					}
				}
				if migrate == nil {
					return false
				}
				if id == "" {
					id = fn.Name.Name
				}
				out.migrations = append(out.migrations, id)
				text := reachable(fset, migrate, decls)
				r := migrationRisks{fn: fn.Name.Name, reason: statedReason(fn.Doc)}
				for _, risk := range rolloutRisks {
					if !risk.re.MatchString(text) {
						continue
					}
					if strings.HasPrefix(risk.name, "adds a NOT NULL") && !addsNotNullWithoutDefault(text) {
						continue
					}
					r.risks = append(r.risks, risk.name)
				}
				out.risks[id] = r
				return false
			})
		}
	}
	return out, nil
}

func isMigrationType(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Migration"
}

// reachable prints the Migrate function and, transitively, the package-level declarations it
// names, without comments (a comment explaining a DROP is no DROP).
func reachable(fset *token.FileSet, root ast.Node, decls map[string]ast.Node) string {
	var buf bytes.Buffer
	seen := map[string]bool{}
	queue := []ast.Node{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if err := printer.Fprint(&buf, fset, n); err != nil {
			fmt.Fprintf(&buf, "<%v>", err)
		}
		buf.WriteByte('\n')
		ast.Inspect(n, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok && !seen[id.Name] {
				if d, ok := decls[id.Name]; ok {
					seen[id.Name] = true
					queue = append(queue, d)
				}
			}
			return true
		})
	}
	return buf.String()
}

func addsNotNullWithoutDefault(text string) bool {
	for _, clause := range addColumnClause.FindAllString(text, -1) {
		up := strings.ToUpper(clause)
		if strings.Contains(up, "NOT NULL") && !strings.Contains(up, "DEFAULT") {
			return true
		}
	}
	return false
}

func statedReason(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	for _, line := range strings.Split(doc.Text(), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), rolloutSafeMarker); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
