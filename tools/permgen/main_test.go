package main

import (
	"bytes"
	"os"
	"testing"
)

// The committed web-shared/src/permissions.ts must be what the generator writes from the
// current constants: a permission added or renamed on the server fails here until
// `make openapi` (or go generate) is run and the result committed.
func TestCommittedPermissionsAreCurrent(t *testing.T) {
	want, err := generate("../../internal/identity/permissions.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web-shared/src/permissions.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web-shared/src/permissions.ts is stale: run `make openapi` and commit it")
	}
}

func TestGenerateReadsRolesAndPermissionsInOrder(t *testing.T) {
	src := t.TempDir() + "/p.go"
	code := "package x\n\nconst (\n\tRoleAdmin = \"admin\"\n\tPermViewA = \"view-a\"\n\tPermEditA = \"edit_a\"\n\tother = \"x\"\n)\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := generate(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"  Admin: 'admin',\n", "  ViewA: 'view-a',\n  EditA: 'edit_a',\n", "export type Permission = (typeof Perm)[keyof typeof Perm]\n"} {
		if !bytes.Contains(got, []byte(line)) {
			t.Errorf("generated module lacks %q:\n%s", line, got)
		}
	}
	if bytes.Contains(got, []byte("'x'")) {
		t.Errorf("a constant without the Role/Perm prefix was written:\n%s", got)
	}
}
