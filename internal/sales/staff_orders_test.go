package sales

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNextStatuses: the transitions of shared decisions.md "Orders", status by status.
func TestNextStatuses(t *testing.T) {
	cancels := []string{StatusCancelled, StatusCancelledDeliveryTime, StatusCancelledReturned}
	want := map[string][]string{
		StatusPending:               append([]string{StatusContacted, StatusOnHold}, cancels...),
		StatusContacted:             append([]string{StatusCompleted, StatusOnHold}, cancels...),
		StatusOnHold:                append([]string{StatusPending, StatusContacted}, cancels...),
		StatusCompleted:             {},
		StatusCancelled:             {},
		StatusCancelledDeliveryTime: {},
		StatusCancelledReturned:     {},
	}
	for _, st := range Statuses {
		if d := cmp.Diff(want[st], NextStatuses(st)); d != "" {
			t.Errorf("NextStatuses(%s) (-want +got):\n%s", st, d)
		}
		for _, to := range Statuses {
			if got, w := CanTransition(st, to), oneOf(to, want[st]); got != w {
				t.Errorf("CanTransition(%s, %s) = %v, want %v", st, to, got, w)
			}
		}
	}
	// The answer is a copy: a caller cannot change the table.
	NextStatuses(StatusPending)[0] = StatusCompleted
	if CanTransition(StatusPending, StatusCompleted) {
		t.Error("NextStatuses handed out the table itself")
	}
}

func TestDigitsOf(t *testing.T) {
	for in, want := range map[string]string{"064/111-22 33": "0641112233", "+381 (64) 1.2": "3816412", "ana": "", "2026-000012": "2026000012", "12a": ""} {
		if got := digitsOf(in); got != want {
			t.Errorf("digitsOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCleanFileName(t *testing.T) {
	long := strings.Repeat("ž", 300) + ".pdf"
	//nolint:gocritic // mapKey: keys with spaces are the input under test
	for in, want := range map[string]string{
		"../../etc/passwd.txt":   "passwd.txt",
		`C:\Users\ana\račun.pdf`: "račun.pdf",
		"a\x00b\"c.png":          "abc.png",
		"  ponuda.xlsx ":         "ponuda.xlsx",
		long:                     strings.Repeat("ž", 251) + ".pdf",
	} {
		if got := cleanFileName(in); got != want {
			t.Errorf("cleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}
