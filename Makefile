# The two commands of the README are the contract: `make run` and `make test`.
SHELL := /bin/bash
GO    ?= go
BIN   := bin
WEB   := admin-web store-web
export SHOP_DATA_DIR ?= ./var

.PHONY: run build build-go web web-deps openapi openapi-check lint lint-go lint-web test test-go test-web test-e2e e2e-deps bench bench-bundle soak drills clean

## run: build both web apps and the binaries, then serve the shop on the embedded set-up
run: build
	./$(BIN)/shopd serve

build: web build-go

build-go:
	$(GO) build -o $(BIN)/shopd ./cmd/shopd
	$(GO) build -o $(BIN)/shopctl ./cmd/shopctl

web-deps:
	@for app in $(WEB); do \
	  if [ ! -d $$app/node_modules ] || [ $$app/package-lock.json -nt $$app/node_modules/.package-lock.json ]; then \
	    (cd $$app && npm ci --no-audit --no-fund) || exit 1; \
	  fi; \
	done

web: web-deps
	@for app in $(WEB); do (cd $$app && npm run build) || exit 1; done

## openapi: swag (Swagger 2) -> OpenAPI 3.0 -> openapi/openapi.json -> the TypeScript types both
## apps import from web-shared (one file, written with admin-web's openapi-typescript), and the
## server's permission names for the admin (tools/permgen)
## swag runs twice: with --requiredByDefault for what the server sends (a field that is neither
## omitempty nor omitzero is required), without it for request bodies (required only where tagged
## validate:"required"); tools/openapi merges the two and checks the rules (docs/architecture.md).
SHARED_GEN := web-shared/src/api/schema.d.ts web-shared/src/permissions.ts
SWAG_DIRS := api,internal/platform/httpx
SWAG := $(GO) tool swag init -q -g router.go -d $(SWAG_DIRS) --outputTypes json --parseInternal
openapi:
	$(SWAG) -o var/swag --requiredByDefault
	$(SWAG) -o var/swag-requests
	$(GO) run ./tools/openapi -src $(SWAG_DIRS) -requests var/swag-requests/swagger.json var/swag/swagger.json openapi/openapi.json
	$(GO) run ./tools/permgen
	@if [ -d admin-web/node_modules ]; then (cd admin-web && npm run gen:api) || exit 1; fi

## openapi-check: fail when the committed document or the generated web files are stale
openapi-check: web-deps
	@$(MAKE) -s openapi >/dev/null
	@git diff --exit-code --stat -- openapi $(SHARED_GEN) \
	  || { echo "openapi/ or the generated web files (web-shared) are stale: run 'make openapi' and commit"; exit 1; }

## lint: golangci-lint (.golangci.yml) and ESLint (each app's eslint.config.js); both must
## report nothing. The pinned golangci-lint is installed into GOPATH/bin when it is missing;
## its first run on a busy 2-core machine (no cache yet) takes many minutes, hence the time-out.
GOLANGCI_LINT_VERSION := 2.15.0
GOLANGCI_LINT = $(shell $(GO) env GOPATH)/bin/golangci-lint
lint: lint-go lint-web

lint-go:
	@$(GOLANGCI_LINT) version 2>/dev/null | grep -q 'version $(GOLANGCI_LINT_VERSION) ' \
	  || $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v$(GOLANGCI_LINT_VERSION)
	$(GOLANGCI_LINT) run --timeout 30m ./...

lint-web: web-deps
	@for app in $(WEB); do (cd $$app && npm run lint) || exit 1; done

## test: every test (Go on SQLite, plus PostgreSQL/Redis when SHOP_TEST_* are set; web unit; browser)
test: openapi-check lint test-go test-web test-e2e

test-go:
	$(GO) vet ./...
	# The api package's hundreds of tests, each on SQLite and PostgreSQL, outlast go test's
	# default 10 minutes on a busy 2-core machine; a hung test still fails at 20.
	$(GO) test -count=1 -timeout 20m ./...

test-web: web-deps
	@for app in $(WEB); do (cd $$app && npm test) || exit 1; done

e2e-deps:
	@cd e2e && { [ -d node_modules ] || npm ci --no-audit --no-fund; }

test-e2e: web build-go e2e-deps
	cd e2e && npm test

## bench: speed figures, each beside its baseline from the same run. The catalogue figures
## need PostgreSQL (a throw-away database is created on this server and dropped).
## SCALE=1000000: instead, the growth table of the figures at 100,000 products and at SCALE.
SHOP_BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
bench: build e2e-deps
	SHOP_BENCH_DATABASE_URL='$(SHOP_BENCH_DATABASE_URL)' $(GO) run ./tools/bench $(if $(SCALE),-scale $(SCALE))

## soak: two APIs, a worker and a scheduler on PostgreSQL and Redis under a mixed load for SOAK
## (default 60m; SOAK=10m for a short run), with imports and feed exports; prints the table and
## writes var/soak/report.html. Needs SHOP_SOAK_DATABASE_URL and SHOP_SOAK_REDIS_URL (or SHOP_TEST_*).
SOAK ?= 60m
soak: build
	$(GO) run ./tools/soak -duration $(SOAK)

## drills: PostgreSQL restarted, Redis restarted and the object store unreachable, each under a
## light load through a proxy of the tool (the machine's servers are not touched); prints what
## the shop answered meanwhile and what was lost. Needs SHOP_DRILLS_DATABASE_URL and
## SHOP_DRILLS_REDIS_URL (or SHOP_TEST_*).
drills: build-go
	$(GO) run ./tools/drills

## bench-bundle: only the admin bundle figure (JavaScript before the login screen and the products list)
bench-bundle: build e2e-deps
	$(GO) run ./tools/bench -only bundle

clean:
	rm -rf $(BIN) var admin-web/dist store-web/dist
