package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// doc builds a one-operation document whose 200 answer is Answer, Answer holding Item in a list,
// and whose request body is Body.
func doc(t *testing.T, schemas string) *openapi3.T {
	t.Helper()
	raw := `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/things":{"post":{
		"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Body"}}}},
		"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Answer"}}}},
		"422":{"description":"no","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}}}}},
		"components":{"schemas":` + schemas + `}}`
	var d openapi3.T
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

const (
	item   = `"Item":{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}`
	body   = `"Body":{"type":"object","properties":{"name":{"type":"string"}}}`
	errObj = `"Error":{"type":"object","properties":{"message":{"type":"string"}}}`
)

func TestCheckResponsesRequired(t *testing.T) {
	tests := []struct {
		name, answer, item string
		bad                []string
	}{
		{"everyObjectListsRequired",
			`"Answer":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}},"required":["items"]}`,
			item, nil},
		{"answerWithoutRequired",
			`"Answer":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}}}`,
			item, []string{"Answer"}},
		{"listedItemWithoutRequired",
			`"Answer":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}},"required":["items"]}`,
			`"Item":{"type":"object","properties":{"id":{"type":"integer"}}}`, []string{"Item"}},
		{"inlineObjectWithoutRequired",
			`"Answer":{"type":"object","properties":{"meta":{"type":"object","properties":{"n":{"type":"integer"}}}},"required":["meta"]}`,
			item, []string{"Answer.meta"}},
		{"objectWithoutPropertiesIsFine",
			`"Answer":{"type":"object","additionalProperties":{"type":"boolean"}}`, item, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Body and Error list nothing required: a request body and a 4xx answer are not checked.
			err := checkResponsesRequired(doc(t, "{"+strings.Join([]string{tt.answer, tt.item, body, errObj}, ",")+"}"))
			if len(tt.bad) == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want one naming %v", tt.bad)
			}
			for _, b := range tt.bad {
				if !strings.Contains(err.Error(), "\n  "+b) {
					t.Errorf("error does not name %q:\n%v", b, err)
				}
			}
		})
	}
}

// TestRequestRequired: a request-only schema takes the explicit run's list, a response schema
// keeps the by-default list, and parameters come from the explicit run.
func TestRequestRequired(t *testing.T) {
	const answer = `"Answer":{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"#/components/schemas/Item"}}},"required":["items"]}`
	byDefault := doc(t, `{`+answer+`,`+item+`,"Body":{"type":"object","properties":{"name":{"type":"string"},"note":{"type":"string"}},"required":["name","note"]},`+errObj+`}`)
	byDefault.Paths.Value("/things").Post.Parameters = openapi3.Parameters{{Value: &openapi3.Parameter{Name: "q", In: "query", Required: true, Schema: openapi3.NewStringSchema().NewRef()}}}
	explicit := doc(t, `{`+answer+`,`+item+`,"Body":{"type":"object","properties":{"name":{"type":"string"},"note":{"type":"string"}},"required":["name"]},`+errObj+`}`)
	explicit.Paths.Value("/things").Post.Parameters = openapi3.Parameters{{Value: &openapi3.Parameter{Name: "q", In: "query", Schema: openapi3.NewStringSchema().NewRef()}}}
	explicit.Components.Schemas["Item"].Value.Required = nil

	if err := requestRequired(byDefault, explicit); err != nil {
		t.Fatal(err)
	}
	s := byDefault.Components.Schemas
	if got := s["Body"].Value.Required; len(got) != 1 || got[0] != "name" {
		t.Errorf("Body required %v, want [name]", got)
	}
	if got := s["Item"].Value.Required; len(got) != 1 || got[0] != "id" {
		t.Errorf("Item (a response schema) required %v, want [id]", got)
	}
	if p := byDefault.Paths.Value("/things").Post.Parameters[0].Value; p.Required {
		t.Error("the query parameter kept the by-default run's required")
	}
}

func TestCheckSource(t *testing.T) {
	problems, err := checkSource([]string{filepath.Join("testdata", "tags")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		f := strings.Fields(strings.SplitN(p, ": ", 3)[2])
		got = append(got, strings.Trim(f[1], `"`))
	}
	want := []string{"pointer", "map", "raw", "anything", "zero,omitzero"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("named %v, want %v\n%s", got, want, strings.Join(problems, "\n"))
	}
}

// TestShopSourcePasses: the shop's own API types keep the tag rules (make openapi checks them
// too; this says so in go test).
func TestShopSourcePasses(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "api", "router.go")); err != nil {
		t.Skip("not in the shop's tree")
	}
	problems, err := checkSource([]string{filepath.Join(root, "api"), filepath.Join(root, "internal", "platform", "httpx")})
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("struct tags that would make the document lie:\n%s", strings.Join(problems, "\n"))
	}
}
