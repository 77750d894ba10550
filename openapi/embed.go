// Package openapi embeds the generated OpenAPI 3 document (make openapi writes openapi.json;
// never edit it by hand).
package openapi

import _ "embed"

// Document is the API's OpenAPI 3 document (openapi.json).
//
//go:embed openapi.json
var Document []byte
