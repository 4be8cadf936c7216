#!/usr/bin/env python3
"""The faces the serial-line model trains on: every font file Debian installed under /usr/share/fonts that is an
upright text face drawing every character the training lines hold, except the families of the held-out
evaluation set (TestImages/serials/gen/fonts.py, "holdout") and their design clones, so that set still measures
reading of faces the model never saw.

Run alone, it lists the families with their faces (`--tsv`: one face a line, family, path and how often it
is to be drawn (`weight` of its `plainness`), for render_lines.py --fonts):

    python3 Training/serial-model/train_fonts.py [--tsv]

Needs fontTools (`pip install fonttools`) to read each font's character map, and scipy for --tsv.
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


# Plain faces of the kind plates, labels and screens print serials in, which the others are compared with.
REFERENCE_FACES = [
    "truetype/dejavu/DejaVuSans.ttf", "truetype/dejavu/DejaVuSansMono.ttf",
    "truetype/liberation2/LiberationSans-Regular.ttf", "truetype/liberation2/LiberationMono-Regular.ttf",
    "opentype/ocr-b/OCRB.otf",
]
SHAPE_CHARACTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"


def _outlines(path, size=32):
    """Each capital's and digit's outline, scaled to a `size` square, with the distance of every pixel to it."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont
    from scipy import ndimage
    font = ImageFont.truetype(path, 96)
    shapes = []
    for c in SHAPE_CHARACTERS:
        image = Image.new("L", (192, 192), 0)
        ImageDraw.Draw(image).text((30, 20), c, font=font, fill=255)
        box = image.getbbox()
        if box is None:
            shapes.append(None)
            continue
        glyph = np.asarray(image.crop(box).resize((size, size), Image.BILINEAR)) > 127
        edge = glyph & ~ndimage.binary_erosion(glyph)
        shapes.append((edge, ndimage.distance_transform_edt(~edge)))
    return shapes


def reference_outlines():
    """The outlines (``_outlines``) of the installed REFERENCE_FACES, for ``plainness``."""
    return [_outlines(os.path.join(FONT_DIR, p)) for p in REFERENCE_FACES if os.path.exists(os.path.join(FONT_DIR, p))]


def plainness(path, references=None):
    """How much a face's capitals and digits look like plain label type, 0 to 1: for each character, the
    mean distance between its outline and the nearest reference face's (both scaled to the same box, in
    pixels of 32), taken as exp(-distance / 1.5), averaged. The reference faces score 1, plain sans and mono
    faces 0.55-0.8 (light and bold cuts lower than regular), display and script faces 0.25-0.45."""
    import numpy as np
    references = references or reference_outlines()
    shapes = _outlines(path)
    scores = []
    for index, shape in enumerate(shapes):
        best = 0.0
        for reference in references:
            if shape is None or reference[index] is None:
                continue
            distance = (reference[index][1][shape[0]].mean() + shape[1][reference[index][0]].mean()) / 2
            best = max(best, float(np.exp(-distance / 1.5)))
        scores.append(best)
    return float(np.mean(scores)) if scores else 0.0


def weight(plain):
    """How often a face of this plainness is drawn, relative to a plain one: serif and display faces rarely
    (2-10%), light and bold cuts of plain families about half as often as regular ones."""
    return max(0.02, min(1.0, (plain - 0.35) / 0.3)) ** 2


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
        references = reference_outlines()
        for key, paths in found.items():
            for path in paths:
                plain = plainness(os.path.join(FONT_DIR, path), references)
                print(f"{key}\t{path}\t{weight(plain):.3f}")
        print(f"{sum(len(p) for p in found.values())} faces in {len(found)} families", file=sys.stderr)
        sys.exit(0)
    for key, paths in found.items():
        print(f"{key:32s} {len(paths):3d}  {', '.join(os.path.basename(p) for p in paths[:4])}"
              + (" ..." if len(paths) > 4 else ""))
    print(f"{sum(len(p) for p in found.values())} faces in {len(found)} families", file=sys.stderr)
