# Production image of shopd and shopctl: web build, Go build, small non-root runtime.
# Build from the repository root: docker build -t shop .
# (deploy/compose.yaml builds it too; deploy/deploy_test.go checks every path and stage it names.)

FROM node:20-bookworm-slim AS web
WORKDIR /src
COPY web-shared/ web-shared/
COPY openapi/ openapi/
COPY admin-web/package.json admin-web/package-lock.json admin-web/
COPY store-web/package.json store-web/package-lock.json store-web/
RUN cd admin-web && npm ci --no-audit --no-fund && cd ../store-web && npm ci --no-audit --no-fund
COPY admin-web/ admin-web/
COPY store-web/ store-web/
RUN cd admin-web && npm run build && cd ../store-web && npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/shopd ./cmd/shopd \
 && CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/shopctl ./cmd/shopctl

FROM gcr.io/distroless/static-debian12:nonroot
WORKDIR /app
COPY --from=go /out/shopd /out/shopctl /app/
COPY --from=web /src/admin-web/dist /app/admin-web/dist
COPY --from=web /src/store-web/dist /app/store-web/dist
COPY configs/ /app/configs/
ENV SHOP_DATA_DIR=/tmp/shop \
    SHOP_WEB_ADMIN_DIR=/app/admin-web/dist \
    SHOP_WEB_STORE_DIR=/app/store-web/dist
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/app/shopd"]
CMD ["serve"]
