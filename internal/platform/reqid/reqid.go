// Package reqid carries a request's id through its context, into the jobs it enqueues and onto
// every log line written with that context, so one id finds a request and its jobs in the logs.
package reqid

import (
	"context"
	"log/slog"
)

// Key is the log attribute (and the job header) that holds the id.
const Key = "request_id"

type ctxKey struct{}

// With returns ctx carrying id.
func With(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// From is the id ctx carries ("" when none).
func From(ctx context.Context) string {
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}

// Handler adds the context's id to each record that does not name one itself; wrap the
// process's log handler in it.
func Handler(h slog.Handler) slog.Handler { return handler{h} }

type handler struct{ slog.Handler }

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		named := false
		r.Attrs(func(a slog.Attr) bool {
			named = a.Key == Key
			return !named
		})
		if !named {
			r.AddAttrs(slog.String(Key, id))
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h handler) WithAttrs(as []slog.Attr) slog.Handler { return handler{h.Handler.WithAttrs(as)} }
func (h handler) WithGroup(name string) slog.Handler    { return handler{h.Handler.WithGroup(name)} }
