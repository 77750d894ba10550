package main

import (
	"io"
	"net"
	"sync"
)

// proxy stands between the shop and one of its services: cutting it is the outage, restoring
// it the service's restart, without touching the machine's real PostgreSQL or Redis.
type proxy struct {
	ln       net.Listener
	upstream string

	mu        sync.Mutex
	down      bool
	blackhole bool // while down: new connections are held unanswered, not refused
	conns     map[net.Conn]struct{}
}

func newProxy(upstream string) (*proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &proxy{ln: ln, upstream: upstream, conns: map[net.Conn]struct{}{}}
	go p.serve()
	return p, nil
}

func (p *proxy) addr() string { return p.ln.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		down, hole := p.down, p.blackhole
		if !down || hole {
			p.conns[c] = struct{}{} // a held connection is closed by restore
		}
		p.mu.Unlock()
		switch {
		case down && hole:
			// Read and drop: the client sees a peer that never answers, as behind a dead route.
			go func() { _, _ = io.Copy(io.Discard, c) }()
		case down:
			c.Close() // a restarting server: the connection is refused at once
		default:
			go p.pipe(c)
		}
	}
}

func (p *proxy) pipe(c net.Conn) {
	u, err := net.Dial("tcp", p.upstream)
	if err != nil {
		p.drop(c)
		return
	}
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		u.Close()
		p.drop(c)
		return
	}
	p.conns[u] = struct{}{}
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(u, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, u); done <- struct{}{} }()
	<-done
	p.drop(c)
	p.drop(u)
}

func (p *proxy) drop(c net.Conn) {
	c.Close()
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
}

// cut closes every open connection; until restore new ones are refused, or with blackhole
// accepted and never answered.
func (p *proxy) cut(blackhole bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down, p.blackhole = true, blackhole
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

// restore lets connections through again; the held ones of a blackhole are closed.
func (p *proxy) restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
	p.down = false
}

func (p *proxy) close() { p.ln.Close(); p.cut(false) }
