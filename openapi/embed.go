// Package openapi embeds the generated OpenAPI 3 document (make openapi writes openapi.json;
// never edit it by hand).
package openapi

import _ "embed"

//go:embed openapi.json
var Document []byte
