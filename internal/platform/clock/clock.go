// Package clock is the shop's one clock: the instant now and the shop's calendar day, in the
// shop's zone (Europe/Belgrade). Every date rule (stickers, discounts, activity filters,
// schedules) asks a Clock, so a test can pin the time, and "today" is never the process's UTC
// date (which differs from Belgrade's for one or two hours every night).
package clock

import (
	"time"
	_ "time/tzdata" // the shop's zone even on a machine without a zone database
)

// Zone is the shop's time zone: its days, its schedules and every time staff are shown.
var Zone = func() *time.Location {
	z, err := time.LoadLocation("Europe/Belgrade")
	if err != nil {
		return time.UTC
	}
	return z
}()

// Clock answers the current instant. The zero value is the system clock.
type Clock struct {
	now func() time.Time
}

// System is the process's clock.
func System() Clock { return Clock{} }

// Fixed is a clock stopped at t (tests).
func Fixed(t time.Time) Clock { return Clock{now: func() time.Time { return t }} }

// Func is a clock that asks fn (tests that move time along).
func Func(fn func() time.Time) Clock { return Clock{now: fn} }

// Now is the current instant in UTC (what the database stores).
func (c Clock) Now() time.Time {
	if c.now == nil {
		return time.Now().UTC()
	}
	return c.now().UTC()
}

// Local is the current instant in the shop's zone.
func (c Clock) Local() time.Time { return c.Now().In(Zone) }

// Today is the shop's current date, YYYY-MM-DD.
func (c Clock) Today() string { return c.Local().Format(time.DateOnly) }

// Day is the shop's date of the instant t, YYYY-MM-DD.
func Day(t time.Time) string { return t.In(Zone).Format(time.DateOnly) }

// StartOfDay is the first instant of day (YYYY-MM-DD) in the shop's zone.
func StartOfDay(day string) (time.Time, error) {
	return time.ParseInLocation(time.DateOnly, day, Zone)
}
