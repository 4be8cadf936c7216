#!/usr/bin/env python3
"""The faces the serial-line model trains on: every font file Debian installed under /usr/share/fonts that is an
upright text face drawing every character the training lines hold, except the families of the held-out
evaluation set (TestImages/serials/gen/fonts.py, "holdout") and their design clones, so that set still measures
reading of faces the model never saw.

Run alone, it lists the families with their faces (`--tsv`: one face a line, family and path, for
render_lines.py --fonts):

    python3 Training/serial-model/train_fonts.py [--tsv]

Needs fontTools (`pip install fonttools`) to read each font's character map.
"""
import collections
import logging
import os
import re
import sys

FONT_DIR = "/usr/share/fonts"

# Every character render_lines.py draws: capitals, digits, the lower-case letters of captions and the
# punctuation of IDs.
NEEDED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz:/-.#()")

# The held-out set's families, and faces drawn from the same outlines: TeX Gyre Heros, Adventor and Cursor
# and GNU FreeFont are derived from URW's Nimbus Sans, URW Gothic and Nimbus Mono; Fira Code from Fira Mono.
HELD_OUT = re.compile(
    r"roboto|cantarell|urw-base35|nimbus|urwgothic|texgyre|freefont|free(sans|mono|serif)|jetbrains|fira|"
    r"/go/|fonts-go|/go-|inconsolata|notosansmono|noto.*mono",
    re.IGNORECASE)

# Faces that are not letters though their character map says so (symbols, icons, bar codes).
NOT_TEXT = re.compile(r"icon|symbol|dingbat|emoji|awesome|barcode|braille|wingding|ornament", re.IGNORECASE)


def family(path):
    """A face's family for balancing: its folder under the font tree (one Debian package each, mostly)."""
    parts = os.path.relpath(path, FONT_DIR).split(os.sep)
    return parts[1] if len(parts) > 2 else parts[0]


def is_upright_text_face(path):
    """True for an upright text face that draws every character of NEEDED.

    Serials are printed in upright text faces: a face its OS/2 table calls hand-written, decorative or
    symbolic (PANOSE family kind 3, 4 or 5), and italic or oblique faces (OS/2 fsSelection bit 0 or 9, or
    head macStyle bit 1), are left out.
    """
    from fontTools.ttLib import TTFont, TTLibError
    try:
        font = TTFont(path, fontNumber=0, lazy=True)
        cmap = font.getBestCmap() or {}
        if not all(ord(c) in cmap for c in NEEDED):
            return False
        os2 = font["OS/2"] if "OS/2" in font else None
        if os2 is not None:
            if getattr(os2.panose, "bFamilyType", 0) in (3, 4, 5):
                return False
            if os2.fsSelection & 0x0201:
                return False
        return not font["head"].macStyle & 0x02
    except (TTLibError, OSError, AssertionError, KeyError, ValueError, AttributeError, TypeError):
        return False


def draws_plain_letters(path):
    """True when a face draws capitals and digits at the full cap height and lower case smaller, as the type on
    plates, screens and labels does. Faces that draw their capitals as lower case or small capitals (unicase
    and display faces), old-style figures (a 0 no taller than an o) or a lower case of capitals would teach the
    model shapes serials are never printed in."""
    from PIL import ImageFont
    try:
        font = ImageFont.truetype(path, 100)
    except OSError:
        return False

    def height(c):
        box = font.getbbox(c)
        return box[3] - box[1]

    cap = height("H")
    if cap <= 0:
        return False
    capitals = [height(c) for c in "ABCDEFGHIKLMNOPRSTUVWXYZ"]
    digits = [height(c) for c in "0123456789"]
    x = height("x")
    return min(capitals) >= 0.85 * cap and min(digits) >= 0.85 * cap and x <= 0.85 * cap


def discover():
    """{family: [paths]} of the training faces, paths relative to FONT_DIR, sorted."""
    faces = collections.defaultdict(list)
    for root, _, files in os.walk(FONT_DIR):
        for name in sorted(files):
            if not name.lower().endswith((".ttf", ".otf")):
                continue
            path = os.path.join(root, name)
            if HELD_OUT.search(path) or NOT_TEXT.search(path):
                continue
            if not is_upright_text_face(path) or not draws_plain_letters(path):
                continue
            faces[family(path)].append(os.path.relpath(path, FONT_DIR))
    return {key: sorted(value) for key, value in sorted(faces.items())}


if __name__ == "__main__":
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    found = discover()
    if "--tsv" in sys.argv[1:]:
        for key, paths in found.items():
            for path in paths:
                print(f"{key}\t{path}")
        print(f"{sum(len(p) for p in found.values())} faces in {len(found)} families", file=sys.stderr)
        sys.exit(0)
    for key, paths in found.items():
        print(f"{key:32s} {len(paths):3d}  {', '.join(os.path.basename(p) for p in paths[:4])}"
              + (" ..." if len(paths) > 4 else ""))
    print(f"{sum(len(p) for p in found.values())} faces in {len(found)} families", file=sys.stderr)
