// Package httpx is the HTTP contract in one place: the JSON envelopes, the mapping of
// apperr codes to statuses and localized bodies, and the one list-parameter parser.
package httpx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
)

// Context keys set by the middleware.
const (
	KeyLang      = "lang"
	KeyRequestID = "request_id"
	KeyPrincipal = "principal"
)

// Lang is the request's language (Serbian unless the client asked for English).
func Lang(c *gin.Context) i18n.Lang {
	if l, ok := c.Get(KeyLang); ok {
		return l.(i18n.Lang)
	}
	return i18n.SR
}

// T localizes a catalogue message for this request.
func T(c *gin.Context, key string, args map[string]any) string { return i18n.T(Lang(c), key, args) }

// Meta is the pagination block of every list. TotalBounded: counting stopped at total and
// there are more matches than that (shown as "more than total"); last_page then counts the
// pages that surely exist.
type Meta struct {
	Total        int64 `json:"total"`
	TotalBounded bool  `json:"total_bounded"`
	PerPage      int   `json:"per_page"`
	CurrentPage  int   `json:"current_page"`
	LastPage     int   `json:"last_page"`
}

// ListResponse is `{data, meta}`.
type ListResponse[T any] struct {
	Data []T  `json:"data"`
	Meta Meta `json:"meta"`
}

// DataResponse is `{data}`.
type DataResponse[T any] struct {
	Data T `json:"data"`
}

// ChangeResponse is `{message, data}`; the message is shown to the user as it is.
type ChangeResponse[T any] struct {
	Message string `json:"message"`
	Data    T      `json:"data,omitempty"`
}

// MessageResponse is `{message}`.
type MessageResponse struct {
	Message string `json:"message"`
}

// ErrorResponse is every error body: `{message}`, and `errors` on 422 (always there on a 422,
// even empty, so a client can rely on it).
type ErrorResponse struct {
	Message string              `json:"message"`
	Errors  map[string][]string `json:"errors,omitzero" validate:"optional"`
}

// List answers a page of items with the list meta (total, page size, current and last page).
func List[T any](c *gin.Context, items []T, total int64, page listing.Page) {
	ListOf(c, items, listing.Total{N: total}, page)
}

// ListOf is List with a total that may be bounded.
func ListOf[T any](c *gin.Context, items []T, total listing.Total, page listing.Page) {
	if items == nil {
		items = []T{}
	}
	c.JSON(http.StatusOK, ListResponse[T]{Data: items, Meta: Meta{Total: total.N, TotalBounded: total.Bounded,
		PerPage: page.Size, CurrentPage: page.Number, LastPage: page.LastPageOf(total)}})
}

// Data answers v as `{data}`.
func Data[T any](c *gin.Context, v T) { c.JSON(http.StatusOK, DataResponse[T]{Data: v}) }

// Changed answers a change with its localized message.
func Changed[V any](c *gin.Context, status int, msgKey string, v V) {
	c.JSON(status, ChangeResponse[V]{Message: T(c, msgKey, nil), Data: v})
}

// Message answers `{message}` with the localized message of msgKey.
func Message(c *gin.Context, msgKey string) {
	c.JSON(http.StatusOK, MessageResponse{Message: T(c, msgKey, nil)})
}

var statusOf = map[apperr.Code]int{
	apperr.Invalid:          http.StatusUnprocessableEntity,
	apperr.NotFound:         http.StatusNotFound,
	apperr.Conflict:         http.StatusConflict,
	apperr.Forbidden:        http.StatusForbidden,
	apperr.Unauthorized:     http.StatusUnauthorized,
	apperr.TooManyRequests:  http.StatusTooManyRequests,
	apperr.TooLarge:         http.StatusRequestEntityTooLarge,
	apperr.UnsupportedMedia: http.StatusUnsupportedMediaType,
	apperr.Internal:         http.StatusInternalServerError,
	apperr.Unavailable:      http.StatusServiceUnavailable,
}

// Status is the HTTP status of an error.
func Status(err error) int {
	if s, ok := statusOf[apperr.As(err).Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Body localizes an error for the client. Internal causes never reach it.
func Body(lang i18n.Lang, err error) ErrorResponse {
	e := apperr.As(err)
	if e.Code == apperr.Internal || (e.Code == apperr.Unavailable && e.Msg.Key == "") {
		return ErrorResponse{Message: i18n.T(lang, "error.server", nil)}
	}
	resp := ErrorResponse{Message: i18n.T(lang, e.Msg.Key, e.Msg.Args)}
	if e.Code == apperr.Invalid {
		resp.Errors = map[string][]string{}
		for _, f := range e.Fields {
			resp.Errors[f.Field] = append(resp.Errors[f.Field], i18n.T(lang, f.Msg.Key, f.Msg.Args))
		}
	}
	return resp
}

// Errors is the one middleware that writes error responses: handlers call c.Error(err)
// and return. Internal errors are logged with the request id.
func Errors(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 {
			return
		}
		err := c.Errors.Last().Err
		if errors.Is(err, context.Canceled) && c.Request.Context().Err() != nil {
			// The client went away (a closed tab, a cancelled fetch): nothing failed here and
			// nobody is left to answer.
			log.DebugContext(c.Request.Context(), "client gone", "request_id", c.GetString(KeyRequestID),
				"method", c.Request.Method, "path", c.Request.URL.Path)
			c.Abort()
			return
		}
		status := Status(err)
		if status >= 500 {
			log.ErrorContext(c.Request.Context(), "request failed", "request_id", c.GetString(KeyRequestID),
				"method", c.Request.Method, "path", c.Request.URL.Path, "error", err.Error())
		}
		if c.Writer.Written() {
			return
		}
		if s, ok := apperr.As(err).Msg.Args["seconds"]; ok && status == http.StatusTooManyRequests {
			// Clients and proxies read the wait from the header; the message says it to people.
			c.Header("Retry-After", fmt.Sprint(s))
		}
		c.AbortWithStatusJSON(status, Body(Lang(c), err))
	}
}

// Fail records err for the error middleware and stops the chain.
func Fail(c *gin.Context, err error) {
	_ = c.Error(err)
	c.Abort()
}

// BindJSON decodes the body into v; a malformed body is a 422 naming the body (or the
// field whose type is wrong), a string holding a control character a 422 naming its field,
// a body over the size limit a 413.
func BindJSON(c *gin.Context, v any) bool {
	if err := c.ShouldBindJSON(v); err != nil {
		Fail(c, bodyError(err))
		return false
	}
	if err := checkDecoded(v); err != nil {
		Fail(c, err)
		return false
	}
	return true
}

func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return TooLarge(tooBig.Limit)
	}
	if f := jsonTypeField(err); f != "" {
		return apperr.InvalidFields(apperr.Field(f, "validation.type"))
	}
	return apperr.InvalidFields(apperr.Field("body", "error.body"))
}

// FormFile opens one uploaded file of a multipart request; a missing one is a 422 on field,
// an oversized body a 413 (already answered when it returns false). The caller closes it.
func FormFile(c *gin.Context, field string) (multipart.File, bool) {
	fh, err := c.FormFile(field)
	if err != nil {
		Fail(c, FormFileError(err, field))
		return nil, false
	}
	f, err := fh.Open()
	if err != nil {
		Fail(c, apperr.Wrap(err, "open upload"))
		return nil, false
	}
	return f, true
}

// FormFileError maps a failed multipart read: too large is a 413, a missing file a 422 on field.
func FormFileError(err error, field string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return TooLarge(tooBig.Limit)
	}
	return apperr.InvalidFields(apperr.Field(field, "validation.file_required"))
}

// TooLarge is the 413 for a body over limit bytes, naming the limit in a readable unit
// (a limit under 1 MB must not read "0 MB").
func TooLarge(limit int64) error {
	return apperr.New(apperr.TooLarge, "error.too_large", "max", humanBytes(limit))
}
