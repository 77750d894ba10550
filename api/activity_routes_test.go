package api_test

import (
	"strings"
	"testing"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestMutatingRoutesClassified walks the route table: every mutating back-office route either
// writes activity entries of known types, or is exempt with a reason. A new mutation that is
// in neither fails here.
func TestMutatingRoutesClassified(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		walked := 0
		for _, rt := range api.Routes(ts.deps) {
			if rt.Method == "GET" || !rt.Admin() {
				continue
			}
			walked++
			name := rt.Method + " " + rt.Path
			types, exempt := api.ActivityOf(rt)
			switch {
			case len(types) > 0:
				for _, typ := range types {
					if !strings.Contains(typ, ".") {
						t.Errorf("%s: activity type %q is not <subject>.<event>", name, typ)
					}
				}
			case exempt != "":
			default:
				t.Errorf("%s: a mutation with no activity mapping and no documented exemption", name)
			}
		}
		if walked == 0 {
			t.Fatal("no mutating admin routes walked")
		}
	})
}
