#!/usr/bin/env python3
"""Renders text-line images for training Legible's serial-line recogniser.

Each line is a serial number (Apple, Dell, Samsung, generic), a serial after a caption, or the text that
surrounds serials on plates, screens and labels (model and part numbers, IMEI, regulatory phrases). Lines are
drawn in the training faces (train_fonts.py: every upright text face installed, plain label-like faces far
more often than display ones), then degraded the way a phone photo and Legible's line preparation leave them: low contrast,
uneven ground, brushed streaks, embossed edges, screen moire, blur, noise, resampling and JPEG loss.

The training faces share no family (and no design clone) with the held-out evaluation set's fonts
(TestImages/serials/gen/fonts.py), so that set measures reading of faces the model never saw.

Output: DIR/NAME.tif (multi-page, one line per page), DIR/NAME.box (WordStr boxes, one per page) and
DIR/NAME.gt.txt (the lines), for `tesseract NAME.tif NAME --psm 13 lstm.train`.

    python3 render_lines.py --out DIR --name train-000 --count 400 --seed 1 [--fonts FACES.tsv]

FACES.tsv (family, path under /usr/share/fonts and weight, tab-separated, one face a line) is what
`train_fonts.py --tsv` prints; without it the faces are discovered afresh and drawn alike.
"""
import argparse
import io
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import train_fonts

FONT_DIR = "/usr/share/fonts"

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
ALNUM = UPPER + DIGITS
# Apple 12-character serials (public descriptions of the format, e.g. the "Apple serial number" articles on
# everymac.com and Wikipedia): 3 location, 1 year half, 1 week, 3 unique, 4 model; never I or O.
APPLE = "".join(c for c in ALNUM if c not in "IO")
APPLE_YEAR = "CDFGHJKLMNPQRSTVWXYZ"
APPLE_WEEK = "123456789CDFGHJKLMNPQRTVWXY"
CONFUSABLE = "0O1I5S8B2Z6G"


def apple12(r):
    return (r.choice(["C02", "C07", "F5K", "DMP", "G8W", "FVF", "C17", "W80", "DLX", "FK1", "H4T"])
            + r.choice(APPLE_YEAR) + r.choice(APPLE_WEEK)
            + "".join(r.choice(APPLE) for _ in range(3)) + "".join(r.choice(APPLE) for _ in range(4)))


def apple_random(r):
    return "".join(r.choice(APPLE) for _ in range(r.choice([8, 9, 10, 10, 10, 10, 11, 12, 13, 14])))


def apple11(r):
    return r.choice(["W8", "4H", "YM", "RM", "CK", "V7"]) + "".join(r.choice(APPLE) for _ in range(9))


def dell(r):
    return "".join(r.choice(ALNUM.replace("O", "").replace("I", "")) for _ in range(7))


def samsung(r):
    return r.choice(["R58", "R38", "RF8", "R52", "RZ8", "R9A"]) + "".join(r.choice(ALNUM) for _ in range(8))


def generic(r):
    pool = ALNUM + CONFUSABLE * 3
    return "".join(r.choice(pool) for _ in range(r.randint(6, 16)))


def imei(r):
    d = "".join(r.choice(DIGITS) for _ in range(15))
    return r.choice([d, f"{d[:2]} {d[2:8]} {d[8:14]} {d[14]}"])


def mac(r):
    return ":".join(f"{r.randrange(256):02X}" for _ in range(6))


def uuid(r):
    h = "0123456789ABCDEF"
    groups = [8, 4, 4, 4, 12] if r.random() < 0.7 else [8, 16]
    return "-".join("".join(r.choice(h) for _ in range(n)) for n in groups)


def serial(r):
    return r.choices([apple12, apple_random, apple11, dell, samsung, generic], [4, 3, 1, 1, 1, 3])[0](r)


CAPTIONS = ["Serial No.", "Serial No", "Serial Number", "Serial number", "S/N", "S/N:", "SN", "SN:", "(S)",
            "(S) Serial No.", "Serial Number (system):", "Serial:", "Serial", "SERIAL NO.", "Service Tag",
            "Service Tag:", "Serial #", "Ser. No."]
WORDS = ("Designed by Apple in California Assembled in China Model Number Capacity Version Battery Made Mexico "
         "Express Service Code Part No Made in Korea Manufactured Date Input Output Rated Class Complies with "
         "Canadian ICES FCC ID IC CMIIT EMC Regulatory Model MacBook Pro Air iPhone iPad Apple Dell Samsung "
         "Galaxy Laptop Notebook Tablet Storage Memory Processor Chip Graphics Display Software Hardware UUID "
         "Provisioning UDID Modem Firmware Carrier Network Wi-Fi Address Bluetooth SEID EID Available Songs "
         "Videos Photos Applications Limited Warranty Expires Coverage About Overview Name").split()


# Region codes seen in Apple part numbers (MYS7LL/A, MGN63B/A, MLPF3ZP/A...).
APPLE_REGIONS = ["LL", "LL", "LL", "B", "ZP", "CH", "J", "X", "ZA", "FN", "D", "T", "Y", "C", "E", "KH", "TA",
                 "HN", "AE", "ZD", "RU", "PL", "LZ", "AM", "VC", "CL"]


def other_text(r):
    kind = r.randrange(10)
    if kind == 0:
        return f"Model A{r.randint(1000, 3100)}"
    if kind == 1:
        return f"EMC {r.randint(2000, 4000)}"
    if kind == 2:
        return f"FCC ID: BCG-E{r.randint(1000, 4000)}A"
    if kind in (3, 9):  # twice as often: an About screen shows one beside every serial
        # Apple part numbers end in a region code and "/A"; only the slash tells them from a serial.
        region = r.choice(APPLE_REGIONS)
        caption = r.choice(["Part No.", "Part Number", "Model Number", "Model", ""])
        body = "M" + "".join(r.choice(APPLE) for _ in range(r.randint(3, 5)))
        return f"{caption} {body}{region}/A".strip()
    if kind == 4:
        return f"IMEI {imei(r)}"
    if kind == 5:
        return r.choice(["Wi-Fi Address", "Bluetooth", "Hardware UUID:", "Provisioning UDID:"]) + " " + r.choice([mac, uuid])(r)
    if kind == 6:
        return f"{r.choice(['Model Number', 'Model', 'MODEL'])} {r.choice(['M', 'S', 'A', 'SM-'])}{''.join(r.choice(ALNUM) for _ in range(r.randint(4, 7)))}"
    words = [r.choice(WORDS) for _ in range(r.randint(2, 7))]
    return " ".join(words)


def line_text(r):
    kind = r.random()
    if kind < 0.5:
        return serial(r)
    if kind < 0.8:
        sep = r.choice([" ", "  ", ": ", " "])
        cap = r.choice(CAPTIONS)
        return cap + (" " if cap.endswith(":") else sep) + serial(r)
    if kind < 0.85:
        return f"{other_text(r)}  {r.choice(CAPTIONS)} {serial(r)}"
    return other_text(r)


def pick_font(r, fonts):
    """A training face: a family, then one of its faces, each drawn by weight (train_fonts.py: how much the
    face looks like plain label type). A family weighs the mean of its faces, so that a family of many cuts
    counts no more than a family of one."""
    families = sorted(fonts)
    family = r.choices(families, [sum(w for _, w in fonts[f]) / len(fonts[f]) for f in families])[0]
    faces = fonts[family]
    return r.choices([path for path, _ in faces], [w for _, w in faces])[0]


def font(path, size, cache={}):
    key = (path, size)
    if key not in cache:
        cache[key] = ImageFont.truetype(os.path.join(FONT_DIR, path), size)
    return cache[key]


def cap_height(path, size):
    f = font(path, size)
    box = f.getbbox("H")
    return box[3] - box[1]


def draw_text_mask(r, text, path, cap):
    """White-on-black coverage mask of `text`, caps about `cap` px high, with random tracking."""
    size = max(6, int(cap * 1.45))
    for _ in range(4):
        h = cap_height(path, size)
        if h <= 0:
            break
        size = max(6, int(round(size * cap / h)))
    f = font(path, size)
    tracking = r.choice([0, 0, 0, r.uniform(0.02, 0.25)]) * cap
    widths = [f.getlength(c) for c in text]
    width = int(sum(widths) + tracking * len(text) + cap * 2)
    ascent, descent = f.getmetrics()
    height = ascent + descent + cap
    mask = Image.new("L", (max(8, width), height), 0)
    d = ImageDraw.Draw(mask)
    x = cap
    if tracking == 0:
        d.text((x, cap // 2), text, font=f, fill=255)
    else:
        for c, w in zip(text, widths):
            d.text((x, cap // 2), c, font=f, fill=255)
            x += w + tracking
    box = mask.getbbox()
    if box is None:
        return None
    return mask.crop(box)


def clutter(r, mask, path, cap, fonts):
    """What a band cut around a line also holds: slices of the lines above and below (their letters cut
    off), barcode bars, a label's border at an end. None of it belongs to the line's text."""
    m = np.asarray(mask, np.float32)
    h, w = m.shape
    top, bottom, left, right = [], [], 0, 0
    for side in ("above", "below"):
        k = r.random()
        if k < 0.22:  # a neighbouring line, only a slice of it inside the band
            text = other_text(r) if r.random() < 0.7 else serial(r)
            face = path if r.random() < 0.5 else pick_font(r, fonts)
            other = draw_text_mask(r, text, face, max(8, int(cap * r.uniform(0.6, 1.2))))
            if other is None:
                continue
            o = np.asarray(other, np.float32)[:, : w + int(cap * 2)]
            keep = max(2, int(o.shape[0] * r.uniform(0.12, 0.4)))
            o = o[-keep:] if side == "above" else o[:keep]
            gap = int(cap * r.uniform(0.15, 0.6))
            strip = np.zeros((keep + gap, w), np.float32)
            shift = r.randint(-int(cap), int(cap))
            x0, x1 = max(0, shift), min(w, shift + o.shape[1])
            if x1 > x0:
                piece = o[:, max(0, -shift): max(0, -shift) + (x1 - x0)]
                if side == "above":
                    strip[:keep, x0:x0 + piece.shape[1]] = piece
                else:
                    strip[gap:, x0:x0 + piece.shape[1]] = piece
            (top if side == "above" else bottom).append(strip)
        elif k < 0.32:  # barcode bars
            keep = max(2, int(cap * r.uniform(0.2, 0.8)))
            gap = int(cap * r.uniform(0.2, 0.6))
            strip = np.zeros((keep + gap, w), np.float32)
            x = r.randint(0, max(1, w // 4))
            end = r.randint(x + w // 3, w) if w // 3 > 0 else w
            while x < end:
                bar = r.randint(1, max(1, cap // 8))
                if r.random() < 0.5:
                    rows = slice(0, keep) if side == "above" else slice(gap, gap + keep)
                    strip[rows, x:x + bar] = 255
                x += bar + r.randint(1, max(1, cap // 6))
            (top if side == "above" else bottom).append(strip)
    if r.random() < 0.08:
        left = 1
    if r.random() < 0.08:
        right = 1
    if not top and not bottom and not left and not right:
        return mask
    m = np.concatenate(top + [m] + bottom, axis=0)
    if left or right:  # a border line at the end of the band, a little way from the text
        gap = int(cap * r.uniform(0.3, 1.0))
        thick = r.randint(1, 3)
        col = np.zeros((m.shape[0], gap + thick), np.float32)
        col[:, :thick] = 255
        parts = ([col] if left else []) + [m] + ([col[:, ::-1]] if right else [])
        m = np.concatenate(parts, axis=1)
    return Image.fromarray(m.clip(0, 255).astype(np.uint8))


def weight(r, mask):
    k = r.random()
    if k < 0.15:
        return mask.filter(ImageFilter.MaxFilter(3))
    if k < 0.25:
        return mask.filter(ImageFilter.MinFilter(3))
    return mask


def background(r, w, h):
    base = r.uniform(110, 250)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.full((h, w), base, np.float32)
    if r.random() < 0.5:  # gradient or vignette
        g += r.uniform(-40, 40) * (x / max(1, w) - 0.5) + r.uniform(-25, 25) * (y / max(1, h) - 0.5)
    if r.random() < 0.35:  # brushed metal: streaks along the rows
        streak = np.random.default_rng(r.randrange(1 << 30)).normal(0, r.uniform(2, 10), (h, 1))
        g += np.repeat(streak, w, axis=1) * np.random.default_rng(r.randrange(1 << 30)).uniform(0.6, 1.0, (h, w))
    return g


def shadow(r, out):
    """A shadow edge across the line: ground and ink darken together (the ink stays the darker)."""
    h, w = out.shape
    x = np.mgrid[0:h, 0:w][1].astype(np.float32)
    edge = r.uniform(0, w)
    return out * (1 - np.clip((x - edge) / max(1, w * 0.1), 0, 1) * r.uniform(0.1, 0.45))


def compose(r, mask):
    m = np.asarray(mask, np.float32) / 255.0
    pad_x, pad_y = r.randint(2, 14), r.randint(2, 10)
    m = np.pad(m, ((pad_y, pad_y), (pad_x, pad_x)))
    h, w = m.shape
    g = background(r, w, h)
    ground = float(np.median(g))
    contrast = r.choice([r.uniform(18, 50), r.uniform(50, 120), r.uniform(120, 220)])
    ink = max(0.0, min(ground - 18, ground - contrast))
    out = g * (1 - m) + (ink + (g - ground) * 0.3) * m
    if r.random() < 0.25:  # engraved edge: a highlight beside the strokes, a shadow on the other side
        dy, dx = r.choice([(1, 1), (-1, 1), (1, 0), (0, 1)])
        shifted = np.roll(np.roll(m, dy, axis=0), dx, axis=1)
        out += (shifted - m).clip(0, 1) * r.uniform(15, 60)
    if r.random() < 0.25:  # screen: sub-pixel grid beating against the camera's sampling
        period = r.uniform(2.2, 5.0)
        angle = r.uniform(-0.4, 0.4)
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        out += r.uniform(4, 18) * np.sin((x * math.cos(angle) + y * math.sin(angle)) * 2 * math.pi / period)
    if r.random() < 0.2:
        out = shadow(r, out)
    return out


def degrade(r, img):
    h, w = img.shape
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    if r.random() < 0.4:  # lost resolution: shrunk, then scaled back up
        f = r.uniform(0.35, 0.8)
        small = pil.resize((max(4, int(w * f)), max(4, int(h * f))), Image.BILINEAR)
        pil = small.resize((w, h), r.choice([Image.BILINEAR, Image.BICUBIC]))
    if r.random() < 0.6:
        pil = pil.filter(ImageFilter.GaussianBlur(r.uniform(0.3, 1.6)))
    if r.random() < 0.3:  # a little rotation and shear
        pil = pil.rotate(r.uniform(-3, 3), resample=Image.BILINEAR, expand=True, fillcolor=int(np.median(img)))
    if r.random() < 0.2:
        s = r.uniform(-0.15, 0.15)
        pil = pil.transform((w, h), Image.AFFINE, (1, s, -s * h / 2, 0, 1, 0), resample=Image.BILINEAR,
                            fillcolor=int(np.median(img)))
    a = np.asarray(pil, np.float32)
    if r.random() < 0.6:
        a = a + np.random.default_rng(r.randrange(1 << 30)).normal(0, r.uniform(2, 16), a.shape)
    pil = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if r.random() < 0.5:
        buf = io.BytesIO()
        pil.save(buf, "JPEG", quality=r.randint(25, 90))
        pil = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return pil


def prepared(r, pil):
    """What Legible's line preparation gives Tesseract: the crop as it is, stretched, or a stretched top-hat."""
    k = r.random()
    a = np.asarray(pil, np.float32)
    if k < 0.35:
        return pil
    if k < 0.7:
        lo, hi = np.percentile(a, 1), np.percentile(a, 99)
        return Image.fromarray(np.clip((a - lo) * 255 / max(8, hi - lo), 0, 255).astype(np.uint8))
    # black top-hat: a closing larger than the strokes, minus the crop; then stretched and inverted
    size = max(3, int(pil.height * 0.8)) | 1
    closed = pil.filter(ImageFilter.MaxFilter(min(size, 31))).filter(ImageFilter.MinFilter(min(size, 31)))
    hat = np.asarray(closed, np.float32) - a
    if r.random() < 0.5:
        hat = np.asarray(Image.fromarray(np.clip(hat, 0, 255).astype(np.uint8)).filter(ImageFilter.BoxBlur(1)), np.float32)
    lo, hi = np.percentile(hat, 50), max(np.percentile(hat, 99.5), np.percentile(hat, 50) + 8)
    return Image.fromarray((255 - np.clip((hat - lo) * 255 / (hi - lo), 0, 255)).astype(np.uint8))


def render(r, fonts):
    while True:
        text = line_text(r)
        path = pick_font(r, fonts)
        cap = r.choice([r.randint(14, 22), r.randint(22, 34), r.randint(28, 44)])
        mask = draw_text_mask(r, text, path, cap)
        if mask is None or mask.width > 2400:
            continue
        mask = weight(r, clutter(r, mask, path, cap, fonts))
        img = degrade(r, compose(r, mask))
        img = prepared(r, img)
        # Tesseract's line normaliser works best near 36 px; Legible scales crops to ~32 px caps.
        target = r.uniform(26, 38) / cap
        img = img.resize((max(8, int(img.width * target)), max(8, int(img.height * target))), Image.BILINEAR)
        return text, img


def load_fonts(path):
    """{family: [(path, weight)]} from train_fonts.py --tsv (a line without a weight weighs 1)."""
    fonts = {}
    with open(path) as f:
        for line in f:
            family, face, *rest = line.rstrip("\n").split("\t")
            fonts.setdefault(family, []).append((face, float(rest[0]) if rest else 1.0))
    return fonts


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--count", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fonts", help="faces to draw with, as train_fonts.py --tsv prints them")
    args = p.parse_args()
    fonts = (load_fonts(args.fonts) if args.fonts
             else {family: [(path, 1.0) for path in paths] for family, paths in train_fonts.discover().items()})
    if not fonts:
        sys.exit("no training faces found: see train_fonts.py")
    r = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    pages, texts, boxes = [], [], []
    for page in range(args.count):
        text, img = render(r, fonts)
        pages.append(img)
        texts.append(text)
        w, h = img.size
        boxes.append(f"WordStr 0 0 {w} {h} {page} #{text}\n\t {w} 0 {w + 1} {h} {page}\n")
    base = os.path.join(args.out, args.name)
    pages[0].save(base + ".tif", save_all=True, append_images=pages[1:], compression="tiff_lzw")
    with open(base + ".box", "w") as f:
        f.writelines(boxes)
    with open(base + ".gt.txt", "w") as f:
        f.write("\n".join(texts) + "\n")


if __name__ == "__main__":
    main()
