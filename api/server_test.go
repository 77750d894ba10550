package api_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"shop/api"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/config"
	"shop/internal/platform/httpx"
)

// TestSlowBody: a client trickling its body is cut off at http.read_timeout (it held the
// connection for ever with only a header timeout), while a handler that runs past the timeout
// after reading its body keeps its context (net/http lifts the deadline once the body is read;
// the event streams depend on it).
func TestSlowBody(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		handlerCtxErr := make(chan error, 1)
		slow := api.Route{Method: "POST", Path: "/slow", Handler: func(c *gin.Context) {
			var body map[string]any
			if !httpx.BindJSON(c, &body) {
				return
			}
			time.Sleep(600 * time.Millisecond) // past the read timeout below
			handlerCtxErr <- c.Request.Context().Err()
			c.String(http.StatusOK, "done")
		}}
		deps := newTestServer(t, a).deps
		deps.Registry = prometheus.NewRegistry()
		deps.ExtraRoutes = []api.Route{slow}
		cfg := config.HTTPConfig{ReadTimeout: 300 * time.Millisecond, IdleTimeout: time.Second}
		srv := httptest.NewUnstartedServer(nil)
		srv.Config = api.NewServer(cfg, api.New(deps))
		srv.Start()
		defer srv.Close()
		slowBody(t, srv.Listener.Addr().String())

		res, err := http.Post(srv.URL+"/api/v1/slow", "application/json", strings.NewReader(`{"a":1}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if err := <-handlerCtxErr; err != nil || res.StatusCode != 200 {
			t.Errorf("a handler running past the read timeout after reading its body: %d, context %v", res.StatusCode, err)
		}
	})
}

// slowBody sends a login body one byte at a time and fails unless the server cuts it off.
func slowBody(t *testing.T, addr string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"email":"admin@demo.local","password":"demo1234"}`
	body += strings.Repeat(" ", 200-len(body)) // 200 bytes: 10 s at one byte per 50 ms
	size := len(body)
	fmt.Fprintf(conn, "POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", size)
	sent := make(chan int, 1)
	go func() {
		n := 0
		for ; n < size; n++ {
			if _, err := conn.Write([]byte{body[n]}); err != nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		sent <- n
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil && resp.StatusCode == http.StatusOK {
		t.Errorf("a trickled body was read whole: %d", resp.StatusCode)
	}
	conn.Close()
	if n := <-sent; n >= size {
		t.Errorf("the server waited for all %d bytes of a trickled body", n)
	}
}
