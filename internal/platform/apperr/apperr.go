// Package apperr is the one error type services return; the HTTP middleware, the worker
// and shopctl each map its Code in one place.
package apperr

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Code is the kind of an error; the HTTP middleware, the worker and shopctl each map it in
// one place.
type Code string

// The codes; without a comment the name says it (Invalid is a 422 with field messages).
const (
	Invalid         Code = "invalid"
	NotFound        Code = "not_found"
	Conflict        Code = "conflict"
	Forbidden       Code = "forbidden"
	Unauthorized    Code = "unauthorized"
	TooManyRequests Code = "too_many_requests"
	TooLarge        Code = "too_large"
	// UnsupportedMedia is a request body in a content type the endpoint does not read.
	UnsupportedMedia Code = "unsupported_media"
	Internal         Code = "internal"
	// Unavailable means a service the shop depends on (Redis) does not answer; the client may
	// try again shortly. Shown like Internal, with the generic server-error message.
	Unavailable Code = "unavailable"
)

// Msg is a message from the i18n catalogue: its key and the values for its placeholders.
type Msg struct {
	Key  string
	Args map[string]any
}

// FieldError is one message about one input field (snake_case, as on the wire).
type FieldError struct {
	Field string
	Msg   Msg
}

// Error is a failure with its code, a message for the user and, for invalid input, the
// messages per field.
type Error struct {
	Code   Code
	Msg    Msg
	Fields []FieldError
	Err    error // the cause, logged, never shown
}

func (e *Error) Error() string {
	s := string(e.Code) + ": " + e.Msg.Key
	for _, f := range e.Fields {
		s += fmt.Sprintf("; %s: %s", f.Field, f.Msg.Key)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// M builds a catalogue message; args alternate name, value.
func M(key string, args ...any) Msg {
	m := Msg{Key: key}
	if len(args) > 0 {
		m.Args = map[string]any{}
		for i := 0; i+1 < len(args); i += 2 {
			m.Args[args[i].(string)] = args[i+1]
		}
	}
	return m
}

// Field is a shorthand for a FieldError.
func Field(field, key string, args ...any) FieldError {
	return FieldError{Field: field, Msg: M(key, args...)}
}

// InvalidFields is a 422 with messages per field.
func InvalidFields(fields ...FieldError) *Error {
	return &Error{Code: Invalid, Msg: M("error.invalid"), Fields: fields}
}

// JoinInvalid merges the field errors of several checks into one 422 (a form shows them all
// at once); nil when none failed; anything that is not a 422 wins as it is.
func JoinInvalid(errs ...error) error {
	var fields []FieldError
	for _, err := range errs {
		if err == nil {
			continue
		}
		if !Is(err, Invalid) {
			return err
		}
		fields = append(fields, As(err).Fields...)
	}
	if len(fields) == 0 {
		return nil
	}
	return InvalidFields(fields...)
}

// NotFoundThing is a 404 "<Thing> ne postoji ili je izbrisan."; thing is a key under notfound.*.
func NotFoundThing(thing string) *Error {
	return &Error{Code: NotFound, Msg: M("notfound." + thing)}
}

// New is an error of code with the catalogue message key and its placeholder values.
func New(code Code, key string, args ...any) *Error {
	return &Error{Code: code, Msg: M(key, args...)}
}

// Wrap marks an unexpected failure as internal, keeping the cause for the log.
func Wrap(err error, context string) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Code: Internal, Msg: M("error.server"), Err: fmt.Errorf("%s: %w", context, err)}
}

// Unreachable marks err as a dependency's outage (Unavailable), keeping the cause for the log.
func Unreachable(err error, context string) error {
	if err == nil {
		return nil
	}
	return &Error{Code: Unavailable, Msg: M("error.server"), Err: fmt.Errorf("%s: %w", context, err)}
}

// UnreachableMsg is Unreachable with its own message for the client (key in the catalogue).
func UnreachableMsg(err error, key, context string) error {
	return &Error{Code: Unavailable, Msg: M(key), Err: fmt.Errorf("%s: %w", context, err)}
}

// IsOutage tells that err is a dependency's connection failing (refused, reset, closed under
// a query, timed out): the database restarting, Redis or the object store unreachable. Such a
// failure is the shop's Unavailable (503, try again shortly), not a bug (500).
func IsOutage(err error) bool {
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// As returns the *Error inside err, or an internal error wrapping it.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		if e.Code == Internal && e.Err != nil && IsOutage(e.Err) {
			return &Error{Code: Unavailable, Msg: e.Msg, Err: e.Err}
		}
		return e
	}
	if IsOutage(err) {
		return &Error{Code: Unavailable, Msg: M("error.server"), Err: err}
	}
	return &Error{Code: Internal, Msg: M("error.server"), Err: err}
}

// Is tells whether err carries the given code.
func Is(err error, code Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}
