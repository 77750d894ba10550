package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
)

// checkSource reads the struct types of the Go packages in dirs (tests aside) and names each
// field whose tags would make the document lie about what the JSON holds:
//
//   - a field that encodes as null when unset (pointer, map, interface, json.RawMessage) and is
//     not omitempty must carry extensions:"x-nullable", so that the document says null (or
//     validate:"required" where the server always fills it);
//   - a field that is omitzero but not omitempty must carry validate:"optional", as swag only
//     reads omitempty and would otherwise call the field required.
//
// Slices are left to the contract tests: a list the server builds is never nil.
func checkSource(dirs []string) ([]string, error) {
	fset := token.NewFileSet()
	var problems []string
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return nil, err
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				return nil, err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fld := range st.Fields.List {
						if msg := checkField(fld); msg != "" {
							problems = append(problems, fmt.Sprintf("%s: %s: %s", fset.Position(fld.Pos()), ts.Name.Name, msg))
						}
					}
				}
				return true
			})
		}
	}
	slices.Sort(problems)
	return problems, nil
}

func checkField(fld *ast.Field) string {
	if fld.Tag == nil {
		return ""
	}
	tag := reflect.StructTag(strings.Trim(fld.Tag.Value, "`"))
	js, ok := tag.Lookup("json")
	if !ok || js == "-" {
		return ""
	}
	opts := strings.Split(js, ",")[1:]
	if slices.Contains(opts, "omitempty") {
		return ""
	}
	if slices.Contains(opts, "omitzero") {
		if !hasOption(tag, "validate", "optional") && !hasOption(tag, "binding", "optional") {
			return fmt.Sprintf("json %q is omitzero: add validate:\"optional\" (swag reads only omitempty)", js)
		}
		return ""
	}
	if nilable(fld.Type) && !hasOption(tag, "extensions", "x-nullable") &&
		!hasOption(tag, "validate", "required") && !hasOption(tag, "binding", "required") {
		return fmt.Sprintf("json %q can be null: add extensions:\"x-nullable\" (or omitempty)", js)
	}
	return ""
}

func hasOption(tag reflect.StructTag, key, opt string) bool {
	return slices.Contains(strings.Split(tag.Get(key), ","), opt)
}

// nilable: the type's zero value encodes as JSON null (slices aside).
func nilable(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.StarExpr, *ast.MapType, *ast.InterfaceType:
		return true
	case *ast.Ident:
		return t.Name == "any"
	case *ast.SelectorExpr:
		x, _ := t.X.(*ast.Ident)
		return x != nil && x.Name == "json" && t.Sel.Name == "RawMessage"
	}
	return false
}
