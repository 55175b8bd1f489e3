#!/bin/sh
# subset.sh regenerates mortain-gothic-jp.ttf, the Japanese glyphs of the
# map: IPAex Gothic (Debian's fonts-ipaexfont-gothic, IPA Font License
# v1.0) cut to the characters of the Japanese catalog and printable ASCII,
# and renamed as the licence requires of a derived font (Article 3.1(4)).
#
#   apt-get install fonts-ipaexfont-gothic fonttools
#   render/fonts/subset.sh
#
# Run it after adding Japanese text to internal/i18n/locales/active.ja.yaml:
# go test ./render fails while a character of the catalog has no glyph.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=${IPAEX:-/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf}
catalogs="$here/../../internal/i18n/locales"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The characters: every one of the catalog's messages (comment lines left
# out), and printable ASCII.
/usr/bin/python3 - "$catalogs" "$tmp/chars.txt" <<'PY'
import glob, os, sys
chars = {chr(c) for c in range(0x20, 0x7f)}
for name in sorted(glob.glob(os.path.join(sys.argv[1], "*.ja.yaml"))):
  for line in open(name, encoding="utf-8"):
    if not line.lstrip().startswith("#"):
        chars.update(line.rstrip("\n"))
open(sys.argv[2], "w", encoding="utf-8").write("".join(sorted(chars)))
PY

pyftsubset "$src" --text-file="$tmp/chars.txt" --output-file="$tmp/sub.ttf" \
	--no-hinting --layout-features='' --drop-tables+=GSUB,GPOS,EBDT,EBLC,EBSC,vhea,vmtx \
	--name-IDs='0,1,2,3,4,5,6' --notdef-outline

# A derived font may not keep the original's name; the date is the
# original's, so that the same catalog gives the same file.
/usr/bin/python3 - "$tmp/sub.ttf" "$here/mortain-gothic-jp.ttf" <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1], recalcTimestamp=False)
f["head"].modified = f["head"].created  # the same bytes from the same catalog
name = f["name"]
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6):
        name.removeNames(nameID=rec.nameID)
for nid, s in ((1, "Mortain Gothic JP"), (3, "MortainGothicJP-Regular"),
               (4, "Mortain Gothic JP"), (6, "MortainGothicJP")):
    name.setName(s, nid, 3, 1, 0x409)
    name.setName(s, nid, 1, 0, 0)
f.save(sys.argv[2])
PY
ls -l "$here/mortain-gothic-jp.ttf"
