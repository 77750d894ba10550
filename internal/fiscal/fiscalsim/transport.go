package fiscalsim

import (
	"net/http"
	"net/http/httptest"
)

// Transport serves the simulator inside the process: the shop's HTTP client talks to it
// through the same request and response bytes as to a V-SDC, with no listener to start, so
// the embedded shop fiscalises with no set-up.
func (s *Simulator) Transport() http.RoundTripper { return inProcess{s} }

type inProcess struct{ h http.Handler }

func (t inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}
