//go:build !linux

// Package procnice sets a process's CPU scheduling priority (its nice value) at start; outside
// Linux it does nothing (see procnice_linux.go).
package procnice

import "errors"

var errUnsupported = errors.New("nice: only on Linux")

// Set does nothing outside Linux.
func Set(n int) error { return errUnsupported }

// Of answers 0 outside Linux.
func Of() (int, error) { return 0, errUnsupported }
