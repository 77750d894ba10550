// Package actor carries who is acting (user and client address) through a context, so
// services can record it (the activity log) without taking it as a parameter everywhere.
package actor

import "context"

// Actor is the user behind a change and where the request came from. UserID 0 is the system
// (a job or shopctl without a user).
type Actor struct {
	UserID uint64
	IP     string
}

type key struct{}

// With returns ctx carrying a.
func With(ctx context.Context, a Actor) context.Context { return context.WithValue(ctx, key{}, a) }

// From returns the actor of ctx (the zero Actor, the system, when none).
func From(ctx context.Context) Actor {
	a, _ := ctx.Value(key{}).(Actor)
	return a
}
