package httpx

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// ListSpec says what one list endpoint accepts besides its filter struct.
type ListSpec struct {
	DefaultSize int
	MaxSize     int
	// Includes are the relations `include=` may name (dotted paths allowed).
	Includes []string
}

// Includes is the parsed `include=` set.
type Includes map[string]bool

// Has tells whether the include parameter names name.
func (i Includes) Has(name string) bool { return i[name] }

// BindList is the one list-parameter parser: `page`, `paginate`, `include` and the filter
// struct's `form`-tagged fields. Unknown parameters and bad values are a 422 naming them.
// filter may be nil for lists without filters.
func BindList(c *gin.Context, filter any, spec ListSpec) (listing.Page, Includes, bool) {
	page, inc, err := parseList(c.Request.URL.Query(), filter, spec)
	if err != nil {
		Fail(c, err)
		return listing.Page{}, nil, false
	}
	return page, inc, true
}

// BindIncludes parses only `include=` for single-resource endpoints; any other parameter is a 422.
func BindIncludes(c *gin.Context, allowed ...string) (Includes, bool) {
	q := c.Request.URL.Query()
	var fields []apperr.FieldError
	for k := range q {
		if k != "include" {
			fields = append(fields, apperr.Field(k, "validation.unknown_field"))
		}
	}
	inc, err := parseIncludes(q.Get("include"), allowed)
	if err != nil {
		fields = append(fields, err.(*apperr.Error).Fields...)
	}
	if len(fields) > 0 {
		Fail(c, apperr.InvalidFields(sortFields(fields)...))
		return nil, false
	}
	return inc, true
}

func parseList(q map[string][]string, filter any, spec ListSpec) (listing.Page, Includes, error) {
	if spec.DefaultSize == 0 {
		spec.DefaultSize = 20
	}
	if spec.MaxSize == 0 {
		spec.MaxSize = 5000
	}
	page := listing.Page{Number: 1, Size: spec.DefaultSize}
	var fields []apperr.FieldError
	known := map[string]bool{"page": true, "paginate": true, "include": true}
	var ffs []formField
	if filter != nil {
		ffs = formFields(reflect.ValueOf(filter).Elem())
		for _, f := range ffs {
			known[f.name] = true
		}
	}
	for k := range q {
		if !known[k] {
			fields = append(fields, apperr.Field(k, "validation.unknown_field"))
		}
	}
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[len(v)-1]
		}
		return ""
	}
	if s := get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if errors.Is(err, strconv.ErrRange) {
			// Beyond int, n is clamped to the nearest end: the bounds below name the limit.
			err = nil
		}
		switch {
		case err != nil:
			fields = append(fields, apperr.Field("page", "validation.number"))
		case n < 1:
			fields = append(fields, apperr.Field("page", "validation.min", "n", 1))
		default:
			page.Number = n
		}
	}
	if s := get("paginate"); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil:
			fields = append(fields, apperr.Field("paginate", "validation.number"))
		case n < 1:
			fields = append(fields, apperr.Field("paginate", "validation.min", "n", 1))
		case n > spec.MaxSize:
			fields = append(fields, apperr.Field("paginate", "validation.max", "n", spec.MaxSize))
		default:
			page.Size = n
		}
	}
	// Checked against the size the request ends up with: a page past the end is an empty page,
	// but one whose offset would overflow is refused.
	if maxPage := listing.MaxPage(page.Size); page.Number > maxPage {
		fields = append(fields, apperr.Field("page", "validation.max", "n", maxPage))
	}
	inc, err := parseIncludes(get("include"), spec.Includes)
	if err != nil {
		fields = append(fields, err.(*apperr.Error).Fields...)
	}
	for _, f := range ffs {
		raw := q[f.name]
		if len(raw) == 0 {
			continue
		}
		if err := setField(f.v, raw); err != nil {
			fields = append(fields, apperr.Field(f.name, err.Error()))
		}
	}
	if len(fields) > 0 {
		return page, nil, apperr.InvalidFields(sortFields(fields)...)
	}
	return page, inc, nil
}

func sortFields(f []apperr.FieldError) []apperr.FieldError {
	sort.SliceStable(f, func(i, j int) bool { return f[i].Field < f[j].Field })
	return f
}

type formField struct {
	name string
	v    reflect.Value
}

// formFields are a filter struct's fields with a form name; an embedded struct without one
// adds its own (a list that extends another's filter embeds it).
func formFields(fv reflect.Value) []formField {
	var out []formField
	for i := 0; i < fv.NumField(); i++ {
		sf := fv.Type().Field(i)
		name := formName(sf)
		if name == "" && sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			out = append(out, formFields(fv.Field(i))...)
			continue
		}
		if name != "" {
			out = append(out, formField{name: name, v: fv.Field(i)})
		}
	}
	return out
}

func formName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("form"), ",")
	if name == "-" {
		return ""
	}
	return name
}

func parseIncludes(raw string, allowed []string) (Includes, error) {
	inc := Includes{}
	if strings.TrimSpace(raw) == "" {
		return inc, nil
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var fields []apperr.FieldError
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !ok[name] {
			fields = append(fields, apperr.Field("include", "validation.include", "name", name))
			continue
		}
		inc[name] = true
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	return inc, nil
}

// setField parses raw into a filter field; lists come comma-joined (`categories=1,2,3`) or repeated.
// An empty value leaves the field unset (a form's untouched select sends `brand=`); a pointer
// field is how a filter tells "not given" from false or 0. The returned error's text is the
// catalogue key of the message.
func setField(v reflect.Value, raw []string) error {
	last := raw[len(raw)-1]
	if v.Kind() != reflect.Slice && strings.TrimSpace(last) == "" {
		return nil
	}
	// Types that parse themselves (money.Para: "1.234,56") take the raw text.
	if v.Kind() != reflect.Pointer && v.CanAddr() {
		if tu, ok := v.Addr().Interface().(encoding.TextUnmarshaler); ok {
			if err := tu.UnmarshalText([]byte(strings.TrimSpace(last))); err != nil {
				return errors.New("validation.number")
			}
			return nil
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := setField(p.Elem(), raw); err != nil {
			return err
		}
		v.Set(p)
	case reflect.String:
		v.SetString(last)
	case reflect.Bool:
		switch last {
		case "1", "true":
			v.SetBool(true)
		case "0", "false":
			v.SetBool(false)
		default:
			return errors.New("validation.type")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(strings.TrimSpace(last), 10, v.Type().Bits())
		if err != nil {
			return errors.New("validation.number")
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(strings.TrimSpace(last), 10, v.Type().Bits())
		if err != nil {
			return errors.New("validation.number")
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(strings.Replace(strings.TrimSpace(last), ",", ".", 1), v.Type().Bits())
		if err != nil {
			return errors.New("validation.number")
		}
		v.SetFloat(n)
	case reflect.Slice:
		var parts []string
		for _, r := range raw {
			for _, p := range strings.Split(r, ",") {
				if p = strings.TrimSpace(p); p != "" {
					parts = append(parts, p)
				}
			}
		}
		if len(parts) == 0 {
			return nil
		}
		out := reflect.MakeSlice(v.Type(), len(parts), len(parts))
		for i, p := range parts {
			if err := setField(out.Index(i), []string{p}); err != nil {
				return err
			}
		}
		v.Set(out)
	default:
		return fmt.Errorf("validation.type")
	}
	return nil
}

// jsonTypeField names the field of a JSON type mismatch ("" when the error is another kind).
func jsonTypeField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	return ""
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}
