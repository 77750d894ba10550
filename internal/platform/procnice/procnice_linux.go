//go:build linux

// Package procnice sets a process's CPU scheduling priority (its nice value) at start, so a
// process of background jobs yields the CPU to the API's processes on the same machine. It is
// a decision of the process's set-up (cmd/shopd), never of the packages whose work it runs.
package procnice

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// Set gives every thread of the process the nice value n. Linux keeps a nice value per thread,
// and a new thread takes its creator's: with every thread set, the threads Go starts later
// have it too.
func Set(n int) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return fmt.Errorf("nice %d: %w", n, err)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		// A thread that has ended since the listing is no error.
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, n); err != nil && err != syscall.ESRCH {
			return fmt.Errorf("nice %d: %w", n, err)
		}
	}
	return nil
}

// Of is the nice value of the calling thread.
func Of() (int, error) {
	// The raw system call answers 20 - nice (so that it is never negative).
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return 0, err
	}
	return 20 - p, nil
}
