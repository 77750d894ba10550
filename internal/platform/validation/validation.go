// Package validation checks a service's input struct against its `validate` tags and turns
// the failures into field errors with catalogue messages, so every transport reports them alike.
package validation

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/go-playground/validator/v10"

	"shop/internal/platform/apperr"
)

var (
	once sync.Once
	v    *validator.Validate
)

func instance() *validator.Validate {
	once.Do(func() {
		v = validator.New(validator.WithRequiredStructEnabled())
		// Report fields by their wire (json) names.
		v.RegisterTagNameFunc(func(f reflect.StructField) string {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || name == "" {
				return f.Name
			}
			return name
		})
		// maxbytes bounds a string's UTF-8 length where a consumer counts bytes, not letters
		// (bcrypt reads only a password's first 72 bytes and refuses longer ones).
		_ = v.RegisterValidation("maxbytes", func(fl validator.FieldLevel) bool {
			n, err := strconv.Atoi(fl.Param())
			return err == nil && len(fl.Field().String()) <= n
		})
	})
	return v
}

// Check validates s; nil, or an *apperr.Error (Invalid) with the first failure per field.
func Check(s any) error {
	err := instance().Struct(s)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return apperr.Wrap(err, "validate")
	}
	var fields []apperr.FieldError
	seen := map[string]bool{}
	for _, fe := range verrs {
		name := fieldPath(fe)
		if seen[name] {
			continue
		}
		seen[name] = true
		fields = append(fields, apperr.FieldError{Field: name, Msg: message(fe)})
	}
	return apperr.InvalidFields(fields...)
}

// fieldPath drops the top struct's name: "CreateUser.email" -> "email".
func fieldPath(fe validator.FieldError) string {
	ns := fe.Namespace()
	if _, rest, ok := strings.Cut(ns, "."); ok {
		return rest
	}
	return fe.Field()
}

func message(fe validator.FieldError) apperr.Msg {
	isString := fe.Kind() == reflect.String
	switch fe.Tag() {
	case "required", "required_with", "required_without", "required_with_all", "required_without_all",
		"required_if", "required_unless":
		return apperr.M("validation.required")
	case "min", "gte":
		if isString {
			return apperr.M("validation.min_chars", "n", fe.Param())
		}
		return apperr.M("validation.min", "n", fe.Param())
	case "max", "lte":
		if isString {
			return apperr.M("validation.max_chars", "n", fe.Param())
		}
		return apperr.M("validation.max", "n", fe.Param())
	case "maxbytes":
		return apperr.M("validation.max_bytes", "n", fe.Param())
	case "email":
		return apperr.M("validation.email")
	case "gt":
		return apperr.M("validation.gt", "n", fe.Param())
	case "lt":
		return apperr.M("validation.lt", "n", fe.Param())
	case "oneof":
		return apperr.M("validation.oneof")
	case "eqfield":
		return apperr.M("validation.password_match")
	}
	return apperr.M("validation.type")
}
