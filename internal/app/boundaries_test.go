package app_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// access is how a package reaches a table.
type access string

const (
	read  access = "read"
	write access = "write"
)

// tableException is a package's allowed reach into a table it does not own.
type tableException struct {
	pkg, table string
	kind       access
	why        string
}

// tableExceptions is the whole list of reaches into another capability's tables; the test fails
// on one missing here and on one listed here that the code no longer makes.
var tableExceptions = []tableException{
	{"demo", "attribute_values", read, seederReads},
	{"demo", "banks", read, seederReads},
	{"demo", "banners", read, seederReads},
	{"demo", "brands", read, seederReads},
	{"demo", "catalog_sticker_types", read, seederReads},
	{"demo", "categories", read, seederReads},
	{"demo", "home_products", read, seederReads},
	{"demo", "home_sections", read, seederReads},
	{"demo", "invoice_emails", read, seederReads},
	{"demo", "news", read, seederReads},
	{"demo", "order_items", read, seederReads},
	{"demo", "product_catalog_stickers", read, seederReads},
	{"demo", "products", read, seederReads},
	{"demo", "attributes", write, seederWrites},
	{"demo", "banks", write, seederWrites},
	{"demo", "catalog_sticker_types", write, seederWrites},
	{"demo", "category_attributes", write, seederWrites},
	{"demo", "discount_types", write, seederWrites},
	{"demo", "discounts", write, seederWrites},
	{"demo", "invoice_data", write, seederWrites},
	{"demo", "invoice_emails", write, seederWrites},
	{"demo", "order_notes", write, seederWrites},
	{"demo", "orders", write, seederWrites},
	{"demo", "product_attributes", write, seederWrites},
	{"demo", "product_categories", write, seederWrites},
	{"demo", "product_images", write, seederWrites},
	{"demo", "products", write, seederWrites},
	{"demo", "supplier_products", write, seederWrites},
	{"demo", "suppliers", write, seederWrites},

	{"eoffer", "categories", read, eofferReads},
	{"eoffer", "products", read, eofferReads + "; a file's SKUs are matched in one streamed read of every product"},
	{"eoffer", "suppliers", read, eofferReads},

	{"feeds", "discounts", read, "a feed row carries its action's dates, joined in the one streamed query over product_summaries"},

	{"partners", "categories", read, "clients' and exports' categories are named and checked to exist"},

	{"pricing", "categories", read, pricingReads},
	{"pricing", "product_categories", read, pricingReads},
	{"pricing", "products", read, pricingReads},
	{"pricing", "supplier_products", read, pricingReads},
	{"pricing", "products", write, "pricing writes the derived price columns and the e-ponuda price (docs: Invariants)"},

	{"voice", "users", read, "the admin lists name the writer, joined in their page's query"},
}

// Reasons shared by several tables.
const (
	seederWrites = "the demo and bench seeders insert in bulk what the services make one at a time"
	seederReads  = "the seeders pick the rows they link among those they seeded"
	eofferReads  = "the recalculation reads the catalogue's products, categories and suppliers in one query"
	pricingReads = "pricing's one statement computes every derived price from the catalogue's tables in SQL"
)

// TestTableOwners: a capability reads and writes another's tables only through the owner's
// functions, so a renamed column fails to compile in one package, not at run time in another.
// The owners come from docs/architecture.md's capability table; the SQL text (string literals,
// gorm's Table, Model and Find calls, TableName methods, writes of a model value) of each
// package's code is searched for tables it does not own.
func TestTableOwners(t *testing.T) {
	owners, readModels := tableOwners(t)
	models := modelTables(t)
	type use struct {
		pkg, table string
		kind       access
	}
	seen := map[use][]string{}
	for _, root := range []string{"../../internal", "../../api", "../../worker", "../../cli"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "migrations" || d.Name() == "testdata") {
				return filepath.SkipDir // migrations build every table
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			pkg := owningPackage(path)
			for _, r := range tableRefs(t, path, models) {
				owner, ok := owners[r.table]
				if !ok || owner == pkg || r.kind == read && readModels[r.table] {
					continue
				}
				u := use{pkg, r.table, r.kind}
				seen[u] = append(seen[u], fmt.Sprintf("%s:%d", strings.TrimPrefix(path, "../../"), r.line))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	allowed := map[use]bool{}
	for _, e := range tableExceptions {
		u := use{e.pkg, e.table, e.kind}
		if allowed[u] {
			t.Errorf("exception %s %s %s listed twice", e.pkg, e.kind, e.table)
		}
		allowed[u] = true
		if e.why == "" {
			t.Errorf("exception %s %s %s gives no reason", e.pkg, e.kind, e.table)
		}
		if _, ok := seen[u]; !ok {
			t.Errorf("exception %s %s %s is no longer needed: remove it", e.pkg, e.kind, e.table)
		}
	}
	var missing []string
	for u, at := range seen {
		if !allowed[u] {
			missing = append(missing, fmt.Sprintf("%s %ss %s (owned by %s) at %s", u.pkg, u.kind, u.table, owners[u.table], strings.Join(at, ", ")))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Error(m)
	}
}

// owningPackage: the capability a file belongs to (its sub-packages included), or the
// transport (api, worker, cli), which owns no table.
func owningPackage(path string) string {
	parts := strings.Split(filepath.ToSlash(strings.TrimPrefix(path, "../../")), "/")
	if parts[0] == "internal" {
		return parts[1]
	}
	return parts[0]
}

// tableOwners reads the capability table of docs/architecture.md: its "tables" column names
// each table its package owns (a parenthesis comments on the table, text after ";" on the row).
// A view whose parenthesis begins "read model" is the owner's to write and anyone's to read.
func tableOwners(t *testing.T) (owners map[string]string, readModels map[string]bool) {
	t.Helper()
	b, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "### Capabilities (`internal/`)")
	if start < 0 {
		t.Fatal("docs/architecture.md: no capability table")
	}
	doc = doc[start:]
	if end := strings.Index(doc[1:], "\n### "); end >= 0 {
		doc = doc[:end+1]
	}
	comment := regexp.MustCompile(`\([^)]*\)`)
	name := regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	readModel := regexp.MustCompile(`([a-z][a-z0-9_]*) \(read model`)
	owners, readModels = map[string]string{}, map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 || strings.TrimSpace(cells[1]) == "package" || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		pkg := strings.TrimSpace(cells[1])
		for _, m := range readModel.FindAllStringSubmatch(cells[3], -1) {
			readModels[m[1]] = true
		}
		tables, _, _ := strings.Cut(comment.ReplaceAllString(cells[3], ""), ";")
		for _, table := range strings.Split(tables, ",") {
			table = strings.TrimSpace(table)
			if table == "none" || table == "" {
				continue
			}
			if !name.MatchString(table) {
				t.Errorf("docs/architecture.md: %s owns %q, not a table name", pkg, table)
				continue
			}
			if prev, ok := owners[table]; ok {
				t.Errorf("docs/architecture.md: %s owned by both %s and %s", table, prev, pkg)
			}
			owners[table] = pkg
		}
	}
	migrated := map[string]bool{}
	for _, table := range migratedTables(t) {
		migrated[table] = true
		if _, ok := owners[table]; !ok {
			t.Errorf("table %s has no owner in docs/architecture.md's capability table", table)
		}
	}
	for table, pkg := range owners {
		if !migrated[table] {
			t.Errorf("docs/architecture.md: %s owns %s, which no migration creates", pkg, table)
		}
	}
	return owners, readModels
}

// migratedTables: every table and view the migrations create (frozen models' TableName, CREATE TABLE and CREATE VIEW).
func migratedTables(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../internal/migrations/*.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`TableName\(\) string \{ return "([a-z0-9_]+)" \}|CREATE (?:UNLOGGED )?(?:TABLE|VIEW) (?:IF NOT EXISTS )?([a-z0-9_]+) `)
	set := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			set[m[1]+m[2]] = true
		}
	}
	var out []string
	for table := range set {
		out = append(out, table)
	}
	sort.Strings(out)
	return out
}

// modelTables maps each model type ("internal/catalog.Product") to its table, from the
// TableName methods of every package.
func modelTables(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir("../../internal", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
		for _, decl := range f.Decls {
			if typ, table, ok := tableNameMethod(decl); ok {
				out[dir+"."+typ] = table
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tableNameMethod recognises `func (T) TableName() string { return "table" }`.
func tableNameMethod(decl ast.Decl) (typ, table string, ok bool) {
	fn, isFn := decl.(*ast.FuncDecl)
	if !isFn || fn.Name.Name != "TableName" || fn.Recv == nil || len(fn.Recv.List) != 1 || fn.Body == nil || len(fn.Body.List) != 1 {
		return "", "", false
	}
	ret, isRet := fn.Body.List[0].(*ast.ReturnStmt)
	if !isRet || len(ret.Results) != 1 {
		return "", "", false
	}
	lit, isLit := ret.Results[0].(*ast.BasicLit)
	if !isLit || lit.Kind != token.STRING {
		return "", "", false
	}
	recv := fn.Recv.List[0].Type
	if star, isStar := recv.(*ast.StarExpr); isStar {
		recv = star.X
	}
	id, isID := recv.(*ast.Ident)
	if !isID {
		return "", "", false
	}
	table, err := strconv.Unquote(lit.Value)
	return id.Name, table, err == nil
}

type tableRef struct {
	table string
	kind  access
	line  int
}

// sqlTable finds the tables a SQL text names after a keyword; the writing keywords come first
// so "DELETE FROM x" is one write, not a read too. "IS DISTINCT FROM" compares values.
var sqlTable = regexp.MustCompile(`(?i)\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE|TRUNCATE(?:\s+TABLE)?|DISTINCT\s+FROM|FROM|JOIN)\s+([a-z_][a-z0-9_]*)\b`)

// gormWrites are gorm's writing methods: a Table or Model call in their chain, or a model
// value passed to them, is a write.
var gormWrites = map[string]bool{
	"Create": true, "CreateInBatches": true, "Save": true, "FirstOrCreate": true, "Delete": true,
	"Update": true, "Updates": true, "UpdateColumn": true, "UpdateColumns": true,
}

// gormReads are gorm's reading methods whose argument names the model read.
var gormReads = map[string]bool{"Find": true, "First": true, "Take": true, "Last": true}

// tableRefs lists the tables one Go file names in SQL or through gorm.
func tableRefs(t *testing.T, path string, models map[string]string) []tableRef {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
	imports := map[string]string{} // local name -> "internal/x"
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		rel, ok := strings.CutPrefix(p, "shop/")
		if !ok {
			continue
		}
		local := rel[strings.LastIndex(rel, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		imports[local] = rel
	}
	// modelOf names the model type of a gorm argument: &T{}, []T{}, pkg.T{}, or a variable or
	// parameter declared with one of those in this file.
	var modelOf func(e ast.Expr) string
	modelOf = func(e ast.Expr) string {
		switch x := e.(type) {
		case *ast.ParenExpr:
			return modelOf(x.X)
		case *ast.UnaryExpr:
			return modelOf(x.X)
		case *ast.StarExpr:
			return modelOf(x.X)
		case *ast.ArrayType:
			return modelOf(x.Elt)
		case *ast.CompositeLit:
			return modelOf(x.Type)
		case *ast.SelectorExpr:
			if pkg, ok := x.X.(*ast.Ident); ok && imports[pkg.Name] != "" {
				return imports[pkg.Name] + "." + x.Sel.Name
			}
		case *ast.Ident:
			if x.Obj == nil {
				return ""
			}
			switch d := x.Obj.Decl.(type) {
			case *ast.TypeSpec:
				return dir + "." + d.Name.Name
			case *ast.Field:
				return modelOf(d.Type)
			case *ast.ValueSpec:
				if d.Type != nil {
					return modelOf(d.Type)
				}
				for i, n := range d.Names {
					if n.Obj == x.Obj && i < len(d.Values) {
						return modelOf(d.Values[i])
					}
				}
			case *ast.AssignStmt:
				for i, l := range d.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Obj == x.Obj && i < len(d.Rhs) && len(d.Lhs) == len(d.Rhs) {
						return modelOf(d.Rhs[i])
					}
				}
			}
		}
		return ""
	}
	// Table and Model calls in a writing call's chain write.
	writes := map[*ast.CallExpr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !gormWrites[sel.Sel.Name] {
			return true
		}
		for x := sel.X; ; {
			inner, ok := x.(*ast.CallExpr)
			if !ok {
				break
			}
			writes[inner] = true
			s, ok := inner.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			x = s.X
		}
		return true
	})
	var out []tableRef
	add := func(table string, kind access, pos token.Pos) {
		out = append(out, tableRef{table, kind, fset.Position(pos).Line})
	}
	for _, decl := range f.Decls {
		if _, table, ok := tableNameMethod(decl); ok {
			add(table, read, decl.Pos())
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(x.Value)
			if err != nil {
				return true
			}
			for _, m := range sqlTable.FindAllStringSubmatch(s, -1) {
				kw := strings.ToUpper(strings.Fields(m[1])[0])
				switch kw {
				case "DISTINCT":
				case "FROM", "JOIN":
					add(m[2], read, x.Pos())
				default:
					add(m[2], write, x.Pos())
				}
			}
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || len(x.Args) == 0 {
				return true
			}
			kind := read
			if writes[x] || gormWrites[sel.Sel.Name] {
				kind = write
			}
			switch {
			case sel.Sel.Name == "Table":
				if lit, ok := x.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					if fields := strings.Fields(s); len(fields) > 0 {
						add(fields[0], kind, x.Pos())
					}
				}
			case sel.Sel.Name == "Model" || gormReads[sel.Sel.Name] || gormWrites[sel.Sel.Name]:
				if table, ok := models[modelOf(x.Args[0])]; ok {
					add(table, kind, x.Pos())
				}
			}
		}
		return true
	})
	return out
}
