package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDrain: on the signal /readyz answers 503 while requests are still served (with
// Connection: close), the listener closes only after http.drain_period, an event stream ends
// then (its client reconnects elsewhere), and a request in flight at that moment is answered.
func TestDrain(t *testing.T) {
	const period = 1500 * time.Millisecond
	s := start(t, testConfig(t, "sqlite", "SHOP_HTTP_DRAIN_PERIOD="+period.String(), "SHOP_HTTP_SHUTDOWN_TIMEOUT=30s"))
	code, body := s.post(t, "/api/v1/login", `{"email":"admin@demo.local","password":"demo1234"}`)
	var login struct {
		Data struct {
			AccessToken string `json:"token"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &login); err != nil || code != http.StatusOK || login.Data.AccessToken == "" {
		t.Fatalf("login: %d %s", code, body)
	}
	req, _ := http.NewRequest("GET", s.base+"/api/v1/admin/realtime?last_event_id=0", nil)
	req.Header.Set("Authorization", "Bearer "+login.Data.AccessToken)
	stream, err := http.DefaultClient.Do(req)
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("event stream: %v %v", err, stream)
	}
	streamEnded := make(chan time.Time, 1)
	go func() {
		defer stream.Body.Close()
		_, _ = io.Copy(io.Discard, bufio.NewReader(stream.Body))
		streamEnded <- time.Now()
	}()

	signalled := time.Now()
	stop := s.cancel
	s.cancel = nil // stopped here, not by the cleanup
	stop()
	waitFor(t, "/readyz to answer 503", func() bool {
		resp, err := http.Get(s.base + "/readyz")
		if err != nil {
			t.Fatalf("/readyz while draining: %v", err)
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusServiceUnavailable
	})
	if code, body := s.get(t, "/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, `"draining"`) {
		t.Errorf("/readyz while draining: %d %s", code, body)
	}
	resp, err := http.Get(s.base + "/api/v1/modules")
	if err != nil {
		t.Fatalf("a request while draining: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !resp.Close {
		t.Errorf("a request while draining: %d, Connection: close %v", resp.StatusCode, resp.Close)
	}

	// A request whose body is still coming when the drain ends is in flight: it is answered.
	pr, pw := io.Pipe()
	answered := make(chan *http.Response, 1)
	go func() {
		resp, err := http.Post(s.base+"/api/v1/login", "application/json", pr)
		if err != nil {
			t.Errorf("in-flight request: %v", err)
			answered <- nil
			return
		}
		answered <- resp
	}()
	if _, err := io.WriteString(pw, `{"email":"admin@demo.local",`); err != nil {
		t.Fatal(err)
	}
	select {
	case at := <-streamEnded:
		if at.Sub(signalled) < period {
			t.Errorf("the event stream ended %v after the signal, before the drain's %v", at.Sub(signalled), period)
		}
	case <-time.After(period + 5*time.Second):
		t.Fatal("the event stream was not ended after the drain")
	}
	waitFor(t, "the listener to close", func() bool {
		c, err := net.DialTimeout("tcp", strings.TrimPrefix(s.base, "http://"), time.Second)
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	if d := time.Since(signalled); d < period {
		t.Errorf("the listener closed %v after the signal, before the drain's %v", d, period)
	}
	if _, err := io.WriteString(pw, `"password":"demo1234"}`); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if resp := <-answered; resp == nil || resp.StatusCode != http.StatusOK {
		t.Errorf("in-flight request after the listener closed: %+v", resp)
	} else {
		resp.Body.Close()
	}
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("run = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("shopd did not stop")
	}
}
