package fiscal_test

import (
	"encoding/json"
	"net/http"

	"shop/internal/fiscal/fiscalsim"
)

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

func httpClient(sim *fiscalsim.Simulator) *http.Client {
	return &http.Client{Transport: sim.Transport()}
}
