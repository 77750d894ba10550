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

// Enabled records every level.
func (l *Recorder) Enabled(context.Context, slog.Level) bool { return true }

// Handle keeps the record as one line.
func (l *Recorder) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Level.String() + " " + r.Message)
	r.Attrs(func(a slog.Attr) bool { b.WriteString(" " + a.String()); return true })
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = append(l.msgs, b.String())
	return nil
}

// WithAttrs is the same recorder: a logger's own attributes are not kept.
func (l *Recorder) WithAttrs([]slog.Attr) slog.Handler { return l }

// WithGroup is the same recorder: groups are not kept.
func (l *Recorder) WithGroup(string) slog.Handler { return l }

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
