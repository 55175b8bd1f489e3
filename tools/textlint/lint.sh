#!/bin/sh
# lint.sh runs textlint over the Japanese: every message of the catalog as
# a reader sees it (go run ./tools/jatext) and rules/rules.ja.md, the
# Japanese document, under .textlintrc.yml (docs/glossary-ja.md is written
# in English around its Japanese terms and is left out). It installs the pinned
# packages with npm ci when node_modules is missing. Any finding fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
go run ./tools/jatext -out "$here/out/catalog.ja.md"
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
npx --no-install textlint "$@" out/catalog.ja.md ../../rules/rules.ja.md
