//go:build linux

package procnice

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestSet: in a child process (the test process keeps its priority), every thread takes the
// nice value, and so does a thread Go starts afterwards.
func TestSet(t *testing.T) {
	t.Parallel()
	if os.Getenv("PROCNICE_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSetChild$", "-test.v")
	cmd.Env = append(os.Environ(), "PROCNICE_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "NICE OK") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func TestSetChild(t *testing.T) {
	if os.Getenv("PROCNICE_CHILD") != "1" {
		t.Skip("run by TestSet")
	}
	if err := Set(7); err != nil {
		t.Fatal(err)
	}
	if n, err := Of(); err != nil || n != 7 {
		t.Fatalf("this thread: nice %d, %v", n, err)
	}
	// Goroutines locked to threads of their own: Go starts new threads for them.
	const threads = 4
	got := make(chan int, threads)
	release := make(chan struct{})
	for i := 0; i < threads; i++ {
		go func() {
			runtime.LockOSThread()
			n, _ := Of()
			got <- n
			<-release // keep the thread busy so the next goroutine gets another
		}()
	}
	for i := 0; i < threads; i++ {
		if n := <-got; n != 7 {
			t.Fatalf("a thread started later: nice %d", n)
		}
	}
	close(release)
	os.Stdout.WriteString("NICE OK\n")
}
