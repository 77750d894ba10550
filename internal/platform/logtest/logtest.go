// Package logtest records what a service logs, so a test can assert that a dropped error was
// logged (and what the line names).
package logtest

import (
	"context"
	"log/slog"
	"strings"
	"sync"
)

// Recorder is a slog.Handler keeping each record as one line: level, message and attributes.
type Recorder struct {
	mu   sync.Mutex
	msgs []string
}

func (l *Recorder) Enabled(context.Context, slog.Level) bool { return true }

func (l *Recorder) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Level.String() + " " + r.Message)
	r.Attrs(func(a slog.Attr) bool { b.WriteString(" " + a.String()); return true })
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = append(l.msgs, b.String())
	return nil
}

func (l *Recorder) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *Recorder) WithGroup(string) slog.Handler      { return l }

// All is every line so far, joined by newlines.
func (l *Recorder) All() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.msgs, "\n")
}

// Reset forgets the lines so far.
func (l *Recorder) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = nil
}
