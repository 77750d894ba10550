package api_test

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"testing"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/openapi"
)

// TestEveryRouteDocumented: each route of the table is in the OpenAPI document under its
// method, so the generated clients and the published document cover the whole API.
func TestEveryRouteDocumented(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(openapi.Document, &doc); err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`:([A-Za-z_]+)`)
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		var missing []string
		for _, rt := range api.Routes(ts.deps) {
			p := param.ReplaceAllString(rt.Path, "{$1}")
			ops := doc.Paths["/api/v1"+p]
			if ops == nil {
				ops = doc.Paths[p]
			}
			if _, ok := ops[strings.ToLower(rt.Method)]; !ok {
				missing = append(missing, rt.Method+" "+rt.Path)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("routes missing from the OpenAPI document:\n%s", strings.Join(missing, "\n"))
		}
	})
}
