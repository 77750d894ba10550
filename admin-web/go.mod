// Not Go: this file makes admin-web its own module so that `go build/vet/test ./...` and
// golangci-lint in the repository root skip its node_modules, where a JavaScript package
// (flatted, pulled in by ESLint) ships Go source.
module shop/admin-web

go 1.26.8
