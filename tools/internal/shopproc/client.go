package shopproc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// Client sends the tools' requests to a shop's API as its shoppers' browsers would reach it
// through a load balancer: each as the client at an address (X-Forwarded-For, which the shop
// is configured to trust from loopback), and each checkout with its own Idempotency-Key.
type Client struct {
	HTTP   *http.Client
	Prefix string // of the Idempotency-Keys, naming the tool
	seq    atomic.Int64
}

// Form is a body sent as it is, with its content type (a multipart upload).
type Form struct {
	Data        []byte
	ContentType string
}

// Send makes one request to the API at addr and answers the status and the body. body is nil,
// a Form, or anything else sent as JSON.
func (c *Client) Send(ctx context.Context, addr, method, path, token, ip string, body any) (int, []byte, error) {
	var rd io.Reader
	ctype := ""
	switch b := body.(type) {
	case nil:
	case Form:
		rd, ctype = bytes.NewReader(b.Data), b.ContentType
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return 0, nil, err
		}
		rd, ctype = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequestWithContext(ctx, method, "http://"+addr+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	if method == http.MethodPost && path == "/api/v1/orders" {
		req.Header.Set("Idempotency-Key", fmt.Sprintf("%s-%d-%d", c.Prefix, time.Now().UnixNano(), c.seq.Add(1)))
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}
