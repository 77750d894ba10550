// Command sefsim serves the SEF simulator on a port, for a shop started with einvoice.mode sef
// and einvoice.url pointing at it (the buyer's approve and reject under /sim/).
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"shop/internal/einvoice/sefsim"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18121", "listen address")
	key := flag.String("api-key", "simulator", "the ApiKey the simulator accepts")
	flag.Parse()
	srv := &http.Server{Addr: *addr, Handler: sefsim.New(*key), ReadHeaderTimeout: 10 * time.Second}
	log.Printf("SEF simulator on http://%s (ApiKey %q)", *addr, *key)
	log.Fatal(srv.ListenAndServe())
}
