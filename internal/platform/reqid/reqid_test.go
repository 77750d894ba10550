package reqid

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestHandlerAddsTheID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler(slog.NewJSONHandler(&buf, nil)))
	ctx := With(context.Background(), "abc-1")
	log.InfoContext(ctx, "with")
	log.InfoContext(ctx, "named", Key, "abc-1")
	log.With("part", "x").InfoContext(ctx, "derived")
	log.Info("without")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	for i, want := range []int{1, 1, 1, 0} {
		if got := strings.Count(lines[i], `"request_id":"abc-1"`); got != want {
			t.Errorf("line %d carries the id %d times, want %d: %s", i, got, want, lines[i])
		}
	}
}
