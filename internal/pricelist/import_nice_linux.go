//go:build linux

package pricelist

import (
	"runtime"
	"sync"
	"syscall"
)

// readerNice is the scheduling priority (nice value) of the import's reading thread: parsing a
// large XLSX is CPU work that can wait, while the API's requests on the same cores cannot.
const readerNice = 10

// readerProcs counts the reading threads running at the lower priority and remembers
// GOMAXPROCS from before the first of them.
var readerProcs struct {
	sync.Mutex
	n, base int
}

// lowerReaderPriority pins the calling goroutine (the import's reading goroutine) to its OS
// thread and gives that thread a lower scheduling priority, so the API's goroutines win the
// CPU while an import reads. A locked goroutine keeps its P (Go's right to run Go code) while
// the kernel holds its thread back, so the reading gets a P of its own: GOMAXPROCS grows by
// one per reading thread and comes back when the reading ends (the done func), and the API
// keeps every P it had. The thread is never unlocked: when the goroutine ends, Go ends the
// thread with it, so the lowered priority never reaches other goroutines. When the priority
// cannot be lowered (a sandbox forbidding it) nothing changes.
func lowerReaderPriority() (done func()) {
	runtime.LockOSThread()
	if err := syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), readerNice); err != nil {
		return func() {}
	}
	readerProcs.Lock()
	if readerProcs.n == 0 {
		readerProcs.base = runtime.GOMAXPROCS(0)
	}
	readerProcs.n++
	runtime.GOMAXPROCS(readerProcs.base + readerProcs.n)
	readerProcs.Unlock()
	return func() {
		readerProcs.Lock()
		readerProcs.n--
		runtime.GOMAXPROCS(readerProcs.base + readerProcs.n)
		readerProcs.Unlock()
	}
}
