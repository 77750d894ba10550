package main

import (
	"strings"
	"testing"
	"time"
)

// A figure missing at either size is listed as not measured and counted as missed, so a part
// that failed cannot make the table look better.
func TestGrowthTableCountsMissingFigures(t *testing.T) {
	base := []figure{pageP95("page", 10*time.Millisecond), batchTime("import", time.Second)}
	scale := []figure{pageP95("page", 15*time.Millisecond), batchTime("export", time.Second)}
	table := growthTable(100, 1000, base, scale)
	for _, want := range []string{"page", "import", "export", "2 of 3 figures missed their goal or were not measured"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if n := strings.Count(table, "NOT MEASURED"); n != 2 {
		t.Errorf("%d rows not measured, want 2:\n%s", n, table)
	}
}
