// Command oidcdev serves the local test sign-in provider (internal/social/socialtest) on a
// port, for the browser tests and for trying social sign-in on a developer's machine. TEST
// ONLY: it approves every sign-in at once as the person given by the flags; never point a
// real shop at it.
//
//	go run ./tools/oidcdev -addr 127.0.0.1:9099 -email kupac.google@example.com -name "Marko Marković"
//
// Then start shopd with Google pointed at it (the printed lines):
//
//	SHOP_AUTH_GOOGLE_CLIENT_ID=shop-dev SHOP_AUTH_GOOGLE_CLIENT_SECRET=dev-secret SHOP_AUTH_GOOGLE_ISSUER=http://127.0.0.1:9099
//
// and, for Facebook, SHOP_AUTH_FACEBOOK_CLIENT_ID/_CLIENT_SECRET with _AUTH_URL=<url>/authorize,
// _TOKEN_URL=<url>/token and _GRAPH_URL=<url>. The shop's http.public_url must be the address
// the browser uses (the provider sends the browser back to <public_url>/api/v1/auth/...).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"shop/internal/social/socialtest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9099", "listen address (host:port; port 0 picks a free one)")
	clientID := flag.String("client-id", "shop-dev", "the shop's client id")
	secret := flag.String("client-secret", "dev-secret", "the shop's client secret")
	subject := flag.String("subject", "dev-1001", "the person's id at the provider")
	email := flag.String("email", "kupac.google@example.com", "the person's e-mail")
	name := flag.String("name", "Marko Marković", "the person's name")
	unverified := flag.Bool("unverified", false, "the e-mail is not verified (email_verified false; Graph leaves it out)")
	flag.Parse()
	person := socialtest.Person{Subject: *subject, Email: *email, EmailVerified: !*unverified, Name: *name}
	if err := run(*addr, *clientID, *secret, person); err != nil {
		fmt.Fprintln(os.Stderr, "oidcdev:", err)
		os.Exit(1)
	}
}

// run serves the provider until SIGINT or SIGTERM.
func run(addr, clientID, secret string, person socialtest.Person) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	p := socialtest.New(clientID, secret)
	p.SetIssuer(url)
	p.SignIn(person)
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}

	fmt.Printf("OIDC test provider (TEST ONLY): %s\n", url)
	fmt.Printf("SHOP_AUTH_GOOGLE_CLIENT_ID=%s SHOP_AUTH_GOOGLE_CLIENT_SECRET=%s SHOP_AUTH_GOOGLE_ISSUER=%s\n", clientID, secret, url)
	fmt.Printf("SHOP_AUTH_FACEBOOK_CLIENT_ID=%s SHOP_AUTH_FACEBOOK_CLIENT_SECRET=%s SHOP_AUTH_FACEBOOK_AUTH_URL=%s/authorize SHOP_AUTH_FACEBOOK_TOKEN_URL=%s/token SHOP_AUTH_FACEBOOK_GRAPH_URL=%s\n",
		clientID, secret, url, url, url)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
