package pricing

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "write testdata/*.golden from the statements rendered now")

// TestStatementGolden holds the rendered statements to what a reviewer last read in
// testdata/: a change to the formula, a rule's choice or a layer shows there as a diff. The
// text is the same on both databases (GORM turns each ? into PostgreSQL's $n when it binds),
// so each statement has one file.
func TestStatementGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		sql  string
	}{
		{"recompute_products", recomputeSQL(Products(1, 2).cond).update},
		{"recompute_products_changes", recomputeSQL(Products(1, 2).cond).changes},
		{"apply_offers", offersSQL.update},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := layout(tc.sql)
			if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(tc.sql), "") {
				t.Fatal("layout changed more than white space")
			}
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./internal/pricing -run TestStatementGolden -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the rendered statement; if the change is meant, run with -update and review the diff\n%s",
					path, firstDifference(string(want), got))
			}
		})
	}
}

// layout puts one clause a line for reading: every subquery on lines of its own, indented by
// its depth, and its select list, FROM, JOIN and WHERE each starting a line. Only white space
// is added (the test checks it), so the golden file is the statement.
func layout(sql string) string {
	var b strings.Builder
	var stack []bool // per open parenthesis: does it hold a query?
	depth := 0       // open parentheses that hold a query
	inQuery := func() bool { return len(stack) == 0 || stack[len(stack)-1] }
	newline := func() {
		b.WriteString("\n")
		b.WriteString(strings.Repeat("  ", depth))
	}
	for i := 0; i < len(sql); i++ {
		rest := sql[i:]
		switch {
		case rest[0] == '(':
			query := strings.HasPrefix(rest, "(SELECT ")
			stack = append(stack, query)
			b.WriteByte('(')
			if query {
				depth++
				newline()
			}
		case rest[0] == ')' && len(stack) > 0:
			if stack[len(stack)-1] {
				depth--
				newline()
			}
			stack = stack[:len(stack)-1]
			b.WriteByte(')')
		case rest[0] == ',' && inQuery() && strings.HasPrefix(rest, ", "):
			b.WriteByte(',')
			newline()
			i++ // the space
		case rest[0] == ' ' && inQuery() && clauseAt(rest[1:]) != "":
			k := clauseAt(rest[1:])
			newline()
			b.WriteString(k)
			i += len(k)
		default:
			b.WriteByte(rest[0])
		}
	}
	return b.String() + "\n"
}

// clauseAt is the keyword s starts with that begins a line of its own ("": none).
func clauseAt(s string) string {
	for _, k := range []string{"FROM ", "LEFT JOIN ", "JOIN ", "WHERE ", "SET ", "LIMIT ", "UPDATE "} {
		if strings.HasPrefix(s, k) {
			return k
		}
	}
	return ""
}

// firstDifference shows the first line where want and got part, with its number.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n  golden:   " + wl + "\n  rendered: " + gl
		}
	}
	return ""
}
