//go:build !linux

package pricelist

// lowerReaderPriority does nothing outside Linux (a thread's own priority is Linux's
// setpriority on a thread id); see import_nice_linux.go.
func lowerReaderPriority() (done func()) { return func() {} }
