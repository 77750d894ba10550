package apperr

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// A database that drops its connections (a restart) is an outage, 503, not a bug: the error
// pgx really returns when the server closes the connection is classified so, wrapped as the
// services wrap it.
func TestDatabaseRestartIsUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close() // a server going down: the connection closes before any answer
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, connErr := pgconn.Connect(ctx, "postgres://u@"+ln.Addr().String()+"/db?sslmode=disable")
	if connErr == nil {
		t.Fatal("connected to a server that closes every connection")
	}
	if got := As(Wrap(connErr, "find product")).Code; got != Unavailable {
		t.Errorf("wrapped connection failure: code %s, want %s (%v)", got, Unavailable, connErr)
	}
	if got := As(connErr).Code; got != Unavailable {
		t.Errorf("bare connection failure: code %s, want %s", got, Unavailable)
	}

	// A refused connection (nothing listens) likewise.
	addr := ln.Addr().String()
	ln.Close()
	_, refused := pgconn.Connect(ctx, "postgres://u@"+addr+"/db?sslmode=disable")
	if got := As(Wrap(refused, "x")).Code; got != Unavailable {
		t.Errorf("refused: code %s (%v)", got, refused)
	}
}

// Bugs stay 500, and a message of its own survives the reclassification.
func TestOtherFailuresStayInternal(t *testing.T) {
	if got := As(Wrap(errors.New("column does not exist"), "find")).Code; got != Internal {
		t.Errorf("code %s, want internal", got)
	}
	e := As(UnreachableMsg(&net.OpError{Op: "dial", Err: errors.New("refused")}, "product_image.store_unavailable", "store"))
	if e.Code != Unavailable || e.Msg.Key != "product_image.store_unavailable" {
		t.Errorf("got %s %s", e.Code, e.Msg.Key)
	}
}
