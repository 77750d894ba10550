package httpx

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/ctrlchar"
)

// Control characters are refused where input is decoded, once for every endpoint (the rule is
// ctrlchar's): a JSON string may hold tabs and line breaks (text areas, rich text), a query
// parameter or a path none.

// RefuseControl is the middleware that checks what every request carries before any handler
// reads it: a path with a control character names nothing (404), a query parameter holding one
// is a 422 naming it. JSON bodies are checked where they are decoded (BindJSON).
func RefuseControl() gin.HandlerFunc {
	return func(c *gin.Context) {
		if ctrlchar.Has(c.Request.URL.Path, false) {
			Fail(c, apperr.New(apperr.NotFound, "error.route"))
			return
		}
		if c.Request.URL.RawQuery != "" {
			if err := CheckValues(c.Request.URL.Query()); err != nil {
				Fail(c, err)
				return
			}
		}
		c.Next()
	}
}

// controlField is the 422 for a field holding control characters.
func controlField(field string) apperr.FieldError {
	return apperr.Field(field, "validation.control_chars")
}

// CheckValues refuses control characters in query parameters or form values, naming each
// parameter once.
func CheckValues(values map[string][]string) error {
	var fields []apperr.FieldError
	for k, vs := range values {
		bad := ctrlchar.Has(k, false)
		for _, v := range vs {
			bad = bad || ctrlchar.Has(v, false)
		}
		if bad {
			fields = append(fields, controlField(ctrlchar.Strip(k)))
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(sortFields(fields)...)
	}
	return nil
}

// checkDecoded walks a decoded JSON body and names every string (or map key) holding a
// refused control character by its path on the wire (`name`, `skus.0`, `attributes.color`).
func checkDecoded(v any) error {
	var fields []apperr.FieldError
	walkStrings(reflect.ValueOf(v), "", func(path string) {
		if path == "" {
			path = "body"
		}
		fields = append(fields, controlField(path))
	})
	if len(fields) > 0 {
		return apperr.InvalidFields(sortFields(fields)...)
	}
	return nil
}

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

func walkStrings(v reflect.Value, path string, bad func(path string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkStrings(v.Elem(), path, bad)
		}
	case reflect.String:
		if ctrlchar.Has(v.String(), true) {
			bad(path)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if f.Anonymous && name == "" {
				// Embedded structs' fields are on the wire at the outer level.
				walkStrings(v.Field(i), path, bad)
				continue
			}
			if name == "" {
				name = f.Name
			}
			walkStrings(v.Field(i), join(path, name), bad)
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == rawMessageType || v.Type().Elem().Kind() == reflect.Uint8 {
			// Raw JSON and bytes are not text the shop stores as given.
			return
		}
		for i := 0; i < v.Len(); i++ {
			walkStrings(v.Index(i), join(path, strconv.Itoa(i)), bad)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := iter.Key()
			name := ""
			if key.Kind() == reflect.String {
				name = key.String()
				if ctrlchar.Has(name, false) {
					bad(join(path, ctrlchar.Strip(name)))
					continue
				}
			} else {
				name = fmt.Sprint(key.Interface())
			}
			walkStrings(iter.Value(), join(path, name), bad)
		}
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
