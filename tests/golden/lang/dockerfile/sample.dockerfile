# syntax=docker/dockerfile:1.6
# Multi-stage build for the invoicing web service: Node front-end assets,
# a Go API binary, and a small distroless runtime image.

ARG GO_VERSION=1.22
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-alpine AS assets
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
ENV CGO_ENABLED=0 \
    GOOS=linux
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod \
    go mod download
COPY cmd/ cmd/
COPY internal/ internal/
COPY --from=assets /src/web/dist internal/web/static
ARG VERSION=dev
RUN --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath \
      -ldflags "-s -w -X main.version=${VERSION}" \
      -o /out/invoicer ./cmd/invoicer

FROM build AS test
RUN go vet ./... && go test ./...

# Local debugging: docker build --target debug -t invoicer:debug .
FROM build AS debug
ARG DELVE_VERSION=1.22.1
RUN go install github.com/go-delve/delve/cmd/dlv@v${DELVE_VERSION}
EXPOSE 2345
ENTRYPOINT ["/go/bin/dlv", "exec", "/out/invoicer", "--headless", "--listen=:2345", "--"]

FROM alpine:3.19 AS certs
RUN apk add --no-cache ca-certificates tzdata

FROM gcr.io/distroless/static-debian12:nonroot
LABEL org.opencontainers.image.title="invoicer" \
      org.opencontainers.image.source="https://example.com/acme/invoicer"
COPY --from=certs /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/
COPY --from=certs /usr/share/zoneinfo /usr/share/zoneinfo
COPY --from=build /out/invoicer /usr/local/bin/invoicer
COPY --from=docker.io/library/busybox:1.36 /bin/wget /usr/local/bin/wget
COPY config/invoicer.yaml /etc/invoicer/config.yaml

ENV INVOICER_CONFIG=/etc/invoicer/config.yaml \
    TZ=UTC
EXPOSE 8080
USER nonroot:nonroot

HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
    CMD ["/usr/local/bin/wget", "-q", "-O-", "http://127.0.0.1:8080/healthz"]

ENTRYPOINT ["/usr/local/bin/invoicer"]
CMD ["serve", "--config", "/etc/invoicer/config.yaml"]
