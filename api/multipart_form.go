package api

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

// The admin's multipart forms (landing pages, actions): text fields, lists sent as name[n] (or
// name[] or one comma-joined value), optional files, and the method override of an update
// (POST with _method=PATCH, as a browser form cannot send PATCH with files).

// multipartForm parses the request's multipart body; a body over the limit is a 413, anything
// else unreadable a 422 (already answered when it returns false).
func multipartForm(c *gin.Context) (*multipart.Form, bool) {
	form, err := c.MultipartForm()
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpx.Fail(c, httpx.TooLarge(tooBig.Limit))
		} else {
			httpx.Fail(c, apperr.InvalidFields(apperr.Field("body", "error.multipart")))
		}
		return nil, false
	}
	if err := httpx.CheckValues(form.Value); err != nil {
		httpx.Fail(c, err)
		return nil, false
	}
	return form, true
}

// formValue is the first value of a text field ("" when absent).
func formValue(form *multipart.Form, name string) string {
	if v := form.Value[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// formIDList reads a list of ids sent as name[0], name[1], ... (in index order), name[] or
// name=1,2,3; a value that is not a positive number is a 422 on name.
func formIDList(form *multipart.Form, name string) ([]uint64, error) {
	type indexed struct {
		n int
		v string
	}
	var raw []indexed
	for k, vs := range form.Value {
		switch {
		case k == name || k == name+"[]":
			for _, v := range vs {
				for _, part := range strings.Split(v, ",") {
					raw = append(raw, indexed{n: -1, v: part})
				}
			}
		case strings.HasPrefix(k, name+"[") && strings.HasSuffix(k, "]"):
			n, err := strconv.Atoi(k[len(name)+1 : len(k)-1])
			if err != nil || n < 0 {
				return nil, apperr.InvalidFields(apperr.Field(name, "validation.number"))
			}
			for _, v := range vs {
				raw = append(raw, indexed{n: n, v: v})
			}
		}
	}
	sort.SliceStable(raw, func(i, j int) bool { return raw[i].n < raw[j].n })
	out := make([]uint64, 0, len(raw))
	for _, r := range raw {
		s := strings.TrimSpace(r.v)
		if s == "" {
			continue
		}
		id, err := strconv.ParseUint(s, 10, 64)
		if err != nil || id == 0 {
			return nil, apperr.InvalidFields(apperr.Field(name, "validation.number"))
		}
		out = append(out, id)
	}
	return out, nil
}

// formFile opens an uploaded file, nil when none was sent; the caller closes it.
func formFile(form *multipart.Form, name string) (io.ReadCloser, error) {
	fhs := form.File[name]
	if len(fhs) == 0 {
		return nil, nil
	}
	f, err := fhs[0].Open()
	if err != nil {
		return nil, apperr.Wrap(err, "open upload")
	}
	return f, nil
}

// closeAll closes the opened uploads.
func closeAll(files ...io.ReadCloser) {
	for _, f := range files {
		if f != nil {
			_ = f.Close()
		}
	}
}

// reader is f as an io.Reader, a true nil when no file came (a nil *os.File in an interface
// would not be nil).
func reader(f io.ReadCloser) io.Reader {
	if f == nil {
		return nil
	}
	return f
}

// overridesTo tells whether a POST carries _method=method (case-insensitive); a wrong or
// missing override is a 422 on _method (answered when it returns false).
func overridesTo(c *gin.Context, form *multipart.Form, method string) bool {
	if c.Request.Method == method || strings.EqualFold(strings.TrimSpace(formValue(form, "_method")), method) {
		return true
	}
	httpx.Fail(c, apperr.InvalidFields(apperr.Field("_method", "error.method_override", "method", method)))
	return false
}

type (
	multipartFormT = multipart.Form
	readCloser     = io.ReadCloser
)
