// Command openapi converts swag's Swagger 2.0 output to the OpenAPI 3.0 document the web apps'
// types are generated from, and validates it. (swag v2 emits wrong 3.1 for bodies and uploads.)
//
// It reads two swag runs of the same sources: one with --requiredByDefault (every field
// without omitempty is required: right for what the server sends) and one without (only
// fields tagged validate:"required" are required: right for what a client sends, as Go
// decodes a missing key to the zero value and the server's own checks say what is needed).
// Request-body schemas take their required lists from the second run, all others from the
// first. It then fails when a 2xx response's object schema lists no required field, and when
// a Go struct's tags would make the document lie (see checkSource).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
)

func main() {
	src := flag.String("src", "", "comma-separated Go package directories swag read (their struct tags are checked)")
	requests := flag.String("requests", "", "swag's Swagger 2.0 output without --requiredByDefault (request bodies' required fields)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: openapi -src DIRS -requests SWAGGER2-EXPLICIT.json SWAGGER2.json OUT.json")
	}
	flag.Parse()
	if flag.NArg() != 2 || *requests == "" {
		flag.Usage()
		os.Exit(2)
	}
	var problems []string
	if *src != "" {
		p, err := checkSource(strings.Split(*src, ","))
		if err != nil {
			fmt.Fprintln(os.Stderr, "openapi:", err)
			os.Exit(1)
		}
		problems = p
	}
	if err := convert(flag.Arg(0), *requests, flag.Arg(1)); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		fmt.Fprintln(os.Stderr, "openapi:", strings.Join(problems, "\nopenapi: "))
		os.Exit(1)
	}
}

func convert(in, requestsIn, out string) error {
	v3, err := readV3(in)
	if err != nil {
		return err
	}
	explicit, err := readV3(requestsIn)
	if err != nil {
		return err
	}
	if err := requestRequired(v3, explicit); err != nil {
		return err
	}
	if err := v3.Validate(context.Background()); err != nil {
		return fmt.Errorf("validate: %w", err)
	}
	if err := checkResponsesRequired(v3); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v3, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(b, '\n'), 0o644)
}

func readV3(in string) (*openapi3.T, error) {
	raw, err := os.ReadFile(in)
	if err != nil {
		return nil, err
	}
	var v2 openapi2.T
	if err := json.Unmarshal(raw, &v2); err != nil {
		return nil, fmt.Errorf("%s: %w", in, err)
	}
	v3, err := openapi2conv.ToV3(&v2)
	if err != nil {
		return nil, fmt.Errorf("convert %s: %w", in, err)
	}
	v3.OpenAPI = "3.0.3"
	// swag lists a field twice when an embedded struct's field of the same name is shadowed.
	for _, s := range v3.Components.Schemas {
		if s.Value != nil && s.Value.Required != nil {
			slices.Sort(s.Value.Required)
			s.Value.Required = slices.Compact(s.Value.Required)
		}
	}
	return v3, nil
}

// requestRequired gives each component schema that only request bodies use the required list of
// the explicit run. A schema both sent and received keeps the response rule: the apps see one type.
// Parameters (a query filter struct's fields) come from the explicit run too.
func requestRequired(doc, explicit *openapi3.T) error {
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			var e *openapi3.Operation
			if ei := explicit.Paths.Value(path); ei != nil {
				e = ei.GetOperation(method)
			}
			if e == nil {
				return fmt.Errorf("%s %s missing from one of the two swag runs", method, path)
			}
			op.Parameters = e.Parameters
		}
	}
	req, resp, err := schemaUse(doc)
	if err != nil {
		return err
	}
	for name := range req {
		if resp[name] {
			continue
		}
		s, e := doc.Components.Schemas[name], explicit.Components.Schemas[name]
		if s == nil || s.Value == nil || e == nil || e.Value == nil {
			return fmt.Errorf("schema %s missing from one of the two swag runs", name)
		}
		s.Value.Required = e.Value.Required
	}
	return nil
}

// schemaUse names the component schemas reachable from request bodies and from 2xx responses.
func schemaUse(doc *openapi3.T) (req, resp map[string]bool, err error) {
	g, err := generic(doc)
	if err != nil {
		return nil, nil, err
	}
	schemas, _ := dig(g, "components", "schemas").(map[string]any)
	req, resp = map[string]bool{}, map[string]bool{}
	for _, op := range operations(g) {
		refs(op["requestBody"], req)
		for code, r := range asMap(op["responses"]) {
			if strings.HasPrefix(code, "2") {
				refs(r, resp)
			}
		}
	}
	return closure(req, schemas), closure(resp, schemas), nil
}

// checkResponsesRequired fails for each object schema with properties, reachable from a 2xx
// response, that lists no required property: without the list every field of the generated
// TypeScript type is optional, and the apps would have to guess what the server always sends.
func checkResponsesRequired(doc *openapi3.T) error {
	g, err := generic(doc)
	if err != nil {
		return err
	}
	schemas, _ := dig(g, "components", "schemas").(map[string]any)
	var bad []string
	seen := map[string]bool{}
	var walk func(where string, s any)
	walk = func(where string, s any) {
		m := asMap(s)
		if m == nil {
			return
		}
		if ref, ok := m["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/components/schemas/")
			if !seen[name] {
				seen[name] = true
				walk(name, schemas[name])
			}
			return
		}
		props := asMap(m["properties"])
		if req, _ := m["required"].([]any); len(props) > 0 && len(req) == 0 {
			bad = append(bad, where)
		}
		for p, v := range props {
			walk(where+"."+p, v)
		}
		walk(where+"[]", m["items"])
		walk(where+"{}", m["additionalProperties"])
		for _, k := range []string{"allOf", "oneOf", "anyOf"} {
			for i, v := range asSlice(m[k]) {
				walk(fmt.Sprintf("%s.%s[%d]", where, k, i), v)
			}
		}
	}
	for _, op := range operations(g) {
		for code, r := range asMap(op["responses"]) {
			if !strings.HasPrefix(code, "2") {
				continue
			}
			for mt, c := range asMap(asMap(r)["content"]) {
				walk(fmt.Sprintf("%s %s response %s %s", op["x-method"], op["x-path"], code, mt), asMap(c)["schema"])
			}
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return errors.New("response schemas without a required list (a field the server always " +
		"sends is neither a pointer nor omitempty, and then swag marks it required):\n  " + strings.Join(sorted(bad), "\n  "))
}

var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// operations lists the document's operations, each tagged with x-method and x-path for messages.
func operations(g map[string]any) []map[string]any {
	var ops []map[string]any
	for _, p := range sorted(keys(asMap(g["paths"]))) {
		item := asMap(asMap(g["paths"])[p])
		for _, m := range methods {
			if op := asMap(item[m]); op != nil {
				op["x-method"], op["x-path"] = strings.ToUpper(m), p
				ops = append(ops, op)
			}
		}
	}
	return ops
}

func generic(doc *openapi3.T) (map[string]any, error) {
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	var g map[string]any
	return g, json.Unmarshal(b, &g)
}

// refs adds the component schema names that v references anywhere inside to acc.
func refs(v any, acc map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" {
				if name, ok := strings.CutPrefix(s, "#/components/schemas/"); ok {
					acc[name] = true
				}
				continue
			}
			refs(x, acc)
		}
	case []any:
		for _, x := range v {
			refs(x, acc)
		}
	}
}

func closure(start map[string]bool, schemas map[string]any) map[string]bool {
	seen := map[string]bool{}
	todo := keys(start)
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		next := map[string]bool{}
		refs(schemas[n], next)
		todo = append(todo, keys(next)...)
	}
	return seen
}

func dig(v any, path ...string) any {
	for _, p := range path {
		v = asMap(v)[p]
	}
	return v
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }
func asSlice(v any) []any        { s, _ := v.([]any); return s }

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	slices.Sort(out)
	return out
}
