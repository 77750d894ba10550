package api_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
)

// TestActivityTypesLabelled walks every activity type a mutating admin route writes and fails
// when the admin activity screen does not know it (it would show the raw type and be missing
// from the type filter): each must be listed in activityValues.ts, the invoices' list, or be
// one of the generated <subject>.created|updated|deleted of the spec's and pricing rules'
// subjects. The i18n texts of every listed type are checked by the screen's own test.
func TestActivityTypesLabelled(t *testing.T) {
	t.Parallel()
	read := func(p string) string {
		b, err := os.ReadFile("../admin-web/src/pages/" + p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	values, invoices, rules := read("activity/activityValues.ts"), read("invoices/activityTypes.ts"), read("pricing-rules/activityTypes.ts")
	specBlock := regexp.MustCompile(`(?s)const SPEC_TYPES = \[(.*?)\]`).FindStringSubmatch(values)
	rulesBlock := regexp.MustCompile(`PRICING_RULE_SUBJECTS = \[(.*?)\]`).FindStringSubmatch(rules)
	if specBlock == nil || rulesBlock == nil {
		t.Fatal("SPEC_TYPES or PRICING_RULE_SUBJECTS not found: update this test with the screen")
	}
	quoted := regexp.MustCompile(`'([a-z_]+)'`)
	var generated []string
	for _, m := range quoted.FindAllStringSubmatch(specBlock[1]+rulesBlock[1], -1) {
		generated = append(generated, m[1])
	}
	known := func(typ string) bool {
		if strings.Contains(values, "'"+typ+"'") || strings.Contains(invoices, "'"+typ+"'") {
			return true
		}
		subject, event, _ := strings.Cut(typ, ".")
		return slices.Contains(generated, subject) && slices.Contains([]string{"created", "updated", "deleted"}, event)
	}
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ts := newTestServer(t, a)
		for _, rt := range api.Routes(ts.deps) {
			types, _ := api.ActivityOf(rt)
			for _, typ := range types {
				if !known(typ) {
					t.Errorf("%s %s writes %q, which the admin activity screen does not list", rt.Method, rt.Path, typ)
				}
			}
		}
	})
}
