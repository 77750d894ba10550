// Package tags holds struct fields for checkSource's test: the comments say which it names.
package tags

import "encoding/json"

type Answer struct {
	Plain    string         `json:"plain"`
	Listed   []int          `json:"listed"`
	Optional *string        `json:"optional,omitempty"`
	Nullable *string        `json:"nullable" extensions:"x-nullable"`
	Filled   map[string]int `json:"filled" validate:"required"`
	Skipped  *string        `json:"-"`
	Untagged *string
	Kept     []int           `json:"kept,omitzero" validate:"optional"`
	Pointer  *int            `json:"pointer"`       // named: null without x-nullable
	Map      map[string]bool `json:"map"`           // named
	Raw      json.RawMessage `json:"raw"`           // named
	Anything any             `json:"anything"`      // named
	Zero     []int           `json:"zero,omitzero"` // named: swag would call it required
}
