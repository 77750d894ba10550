package clock_test

import (
	"testing"
	"time"

	"shop/internal/platform/clock"
)

// The nightly hour: 23:30 UTC is already the next day in Belgrade (00:30 in winter).
func TestTodayIsBelgradesDate(t *testing.T) {
	for _, tc := range []struct {
		name, utc, want string
	}{
		{"winterNight", "2026-11-23T23:30:00Z", "2026-11-24"},
		{"summerNight", "2026-06-30T22:30:00Z", "2026-07-01"},
		{"winterEvening", "2026-11-23T22:30:00Z", "2026-11-23"},
		{"noon", "2026-11-24T11:00:00Z", "2026-11-24"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at, _ := time.Parse(time.RFC3339, tc.utc)
			c := clock.Fixed(at)
			if got := c.Today(); got != tc.want {
				t.Fatalf("Today at %s = %s, want %s", tc.utc, got, tc.want)
			}
			if got := clock.Day(at); got != tc.want {
				t.Fatalf("Day(%s) = %s, want %s", tc.utc, got, tc.want)
			}
			if c.Now().Location() != time.UTC {
				t.Fatalf("Now is not UTC: %v", c.Now())
			}
		})
	}
}

func TestStartOfDay(t *testing.T) {
	got, err := clock.StartOfDay("2026-11-24")
	if err != nil {
		t.Fatal(err)
	}
	if want := "2026-11-23T23:00:00Z"; got.UTC().Format(time.RFC3339) != want {
		t.Fatalf("start of 2026-11-24 = %s, want %s", got.UTC().Format(time.RFC3339), want)
	}
}

func TestZeroClockIsSystem(t *testing.T) {
	var c clock.Clock
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Fatalf("zero clock is %v away from the system's", d)
	}
}
