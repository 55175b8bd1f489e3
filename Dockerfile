# Mortain's Discord bot: a static binary in a small non-root image.
#   docker build -t mortain .
#   docker run -d --name mortain -e DISCORD_TOKEN=... -v mortain-data:/data mortain

# Build stage: the Go toolchain of go.mod, no cgo (bbolt is pure Go).
FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# docker build --build-arg VERSION=v1.2.3 . sets what mortain --version says.
# Without it the binary carries the commit checked out: .dockerignore lets
# in .git/HEAD and the refs (nothing else of .git), read here with the
# shell alone as the image has no git; mortain --version then says
# "mortain devel <12 hex digits>".
ARG VERSION=""
RUN rev=""; \
    if [ -f .git/HEAD ]; then \
      read -r head < .git/HEAD; \
      case "$head" in \
        "ref: "*) ref=${head#ref: }; \
          if [ -f ".git/$ref" ]; then read -r rev < ".git/$ref"; \
          elif [ -f .git/packed-refs ]; then \
            while read -r hash name; do [ "$name" = "$ref" ] && rev=$hash; done < .git/packed-refs; \
          fi ;; \
        *) rev=$head ;; \
      esac; \
    fi; \
    CGO_ENABLED=0 go build -buildvcs=false -trimpath \
      -ldflags="-s -w -X main.version=${VERSION} -X main.revision=${rev}" -o /out/mortain ./cmd/mortain
# The data directory, owned by the distroless "nonroot" user (65532).
RUN mkdir -p /out/data && chown 65532:65532 /out/data

# Run stage: CA certificates and a non-root user, nothing else.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/mortain /usr/local/bin/mortain
COPY --from=build --chown=65532:65532 /out/data /data
# The database (mortain.db, the default database: path) lives on this volume.
VOLUME /data
WORKDIR /data
USER 65532:65532
# Settings come from DISCORD_TOKEN and, optionally, a mounted file:
#   docker run ... -v "$PWD/config.yaml:/config.yaml:ro" mortain --config /config.yaml
ENTRYPOINT ["/usr/local/bin/mortain", "bot"]
