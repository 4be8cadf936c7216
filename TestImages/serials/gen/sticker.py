"""Preset `sticker`: a printed label (Apple box label, Dell service tag,
Samsung label, generic equipment label) stuck on a box or a device.

The serial is printed once, next to / under a Code128-like barcode and among
distractors (part numbers, model numbers, EAN/UPC, dates). Paper texture, a
slight curl, a drop shadow and a cast shadow are added. Units are millimetres.
"""
import numpy as np
from PIL import Image, ImageFilter

from . import fonts, serials, textures
from .scene import Bars, Painter, Rect, Shot, Text, barcode_widths, serial_text

ORIGINS = ["China", "Vietnam", "Malaysia", "Mexico", "Taiwan", "Thailand"]
SURFACES = {  # name -> rgb
    "black plastic": (38, 38, 40), "grey plastic": (110, 112, 115), "cardboard": (170, 130, 90),
    "white box": (232, 232, 228), "silver": (180, 182, 186),
}
LABEL_STOCK = [(245, 245, 240), (250, 248, 235), (236, 238, 240), (200, 202, 205)]  # last: silver foil


def _date(rng):
    y, m, d = rng.integers(2016, 2025), rng.integers(1, 13), rng.integers(1, 29)
    return [f"{y}-{m:02d}-{d:02d}", f"{y}.{m:02d}.{d:02d}", f"{m:02d}/{y}"][rng.integers(3)]


class Layout:
    """A vertical stack of label lines and barcodes (millimetre units)."""

    def __init__(self, rng, font, bold, size):
        self.rng, self.font, self.bold, self.size = rng, font, bold, size
        self.items, self.y, self.right = [], 0.0, 0.0
        self.serial_box = None
        self.context = None

    def text(self, text, scale=1.0, bold=False, x=0.0):
        size = self.size * scale
        self.y += size * 1.25
        font = self.bold if bold else self.font
        self.items.append(Text(x, self.y, text, font, size, 0))
        self.right = max(self.right, x + fonts.text_width(font, text, size))
        self.y += size * 0.3

    def serial(self, caption, serial, sep=" ", x=0.0):
        size = self.size * self.rng.uniform(1.0, 1.3)
        self.y += size * 1.25
        before = caption + sep if caption else ""
        it, box = serial_text(x, self.y, before, serial, "", self.font, size, 0)
        self.items.append(it)
        self.serial_box = box
        self.context = (x, box[1], box[2], box[3])
        self.right = max(self.right, box[2])
        self.y += size * 0.3
        return box

    def barcode(self, n_symbols, height, x=0.0, y=None):
        module = self.size * self.rng.uniform(0.09, 0.13)
        widths = barcode_widths(self.rng, n_symbols)
        top = self.y + self.size * 0.6 if y is None else y
        self.items.append(Bars(x, top, module, height, widths, 0))
        width = module * sum(widths)
        self.right = max(self.right, x + width)
        if y is None:
            self.y = top + height
        return width

    def gap(self, k=0.6):
        self.y += self.size * k


def _apple_box(rng, lay, serial, caption):
    name = ["MacBook Pro 13-inch", "MacBook Air 13-inch", "iPhone 13 128GB", "iPad Air Wi-Fi 64GB",
            "MacBook Pro 14-inch"][rng.integers(5)]
    device = "macbook" if "Mac" in name else ("iphone" if "iPhone" in name else "ipad")
    lay.text(name, 1.3, True)
    lay.text(["Space Gray", "Silver", "Midnight", "Starlight", "Gold"][rng.integers(5)])
    lay.gap()
    lay.text(f"(1P) Part No. {serials.apple_part(rng)}")
    lay.barcode(8, lay.size * 2.2)
    lay.gap()
    if rng.random() < 0.5:
        lay.serial(caption, serial)
        lay.barcode(10, lay.size * 2.2)
    else:
        lay.barcode(10, lay.size * 2.2)
        lay.serial(caption, serial)
    lay.gap()
    lay.text("(Q) 1")
    lay.text(f"Designed by Apple in California  Assembled in {ORIGINS[rng.integers(3)]}", 0.8)
    return device


def _dell(rng, lay, serial, caption):
    lay.text("DELL", 1.8, True)
    lay.text(f"Model: P{rng.integers(50, 130)}G   Type: P{rng.integers(50, 130)}G00{rng.integers(1, 9)}", 0.9)
    lay.gap(0.4)
    bw = lay.barcode(6, lay.size * 2.4)
    lay.serial(caption, serial)
    # The code is the tag's own value, as Dell prints it. The eleven digits an earlier generator printed
    # here are still drawn (and dropped) so that every later draw, and every photo, stays as it was.
    for count in (3, 3, 3, 2):
        serials.digits(rng, count)
    lay.text(f"Express Service Code: {serials.express_service_code(serial)}", 0.9)
    lay.gap(0.4)
    lay.text(f"DP/N 0{serials.dell(rng)[:5]}   Rev A0{rng.integers(0, 6)}", 0.9)
    lay.text(f"Mfg Date {_date(rng)}   Made in {ORIGINS[rng.integers(len(ORIGINS))]}", 0.8)
    return "other"


def _samsung(rng, lay, serial, caption):
    lay.text("SAMSUNG", 1.6, True)
    lay.text(f"MODEL: SM-{'GAN'[rng.integers(3)]}{rng.integers(100, 999)}{'UBFN'[rng.integers(4)]}")
    if rng.random() < 0.5:
        lay.serial(caption, serial)
        lay.barcode(9, lay.size * 2.0)
    else:
        lay.barcode(9, lay.size * 2.0)
        lay.serial(caption, serial)
    lay.gap(0.4)
    lay.text(f"IMEI: {serials.imei(rng, spaced=False)}")
    lay.barcode(11, lay.size * 1.8)
    lay.text(f"Date {_date(rng)}   Made in {ORIGINS[rng.integers(2)]}", 0.85)
    return "other"


def _generic(rng, lay, serial, caption):
    brand = ["ACME", "NORTEK", "ZYNTRA", "Kestrel", "OMNIX", "Fennec"][rng.integers(6)]
    lay.text(brand, 1.5, True)
    lay.text(f"Model: {serials.generic(rng)[:6]}-{rng.integers(100, 999)}")
    lay.text(f"P/N: {serials.generic(rng)[:10]}   Rev. {'ABCD'[rng.integers(4)]}")
    if rng.random() < 0.6:  # barcode to the right of the serial line
        lay.gap(0.3)
        box = lay.serial(caption, serial)
        lay.barcode(7, lay.size * 1.6, x=box[2] + lay.size * 1.5, y=box[1] - lay.size * 0.3)
    else:
        lay.barcode(10, lay.size * 2.0)
        lay.serial(caption, serial)
    lay.gap(0.4)
    if rng.random() < 0.5:
        lay.text(f"EAN {serials.digits(rng, 1)} {serials.digits(rng, 6)} {serials.digits(rng, 6)}")
    else:
        lay.text(f"UPC {serials.digits(rng, 1)} {serials.digits(rng, 5)} {serials.digits(rng, 5)} "
                 f"{serials.digits(rng, 1)}")
    lay.text(f"Input: {rng.choice([5, 12, 19, 20])}V DC {rng.choice([1.5, 2, 3.42, 4.62])}A   "
             f"Mfg. {_date(rng)}", 0.85)
    lay.text(f"Made in {ORIGINS[rng.integers(len(ORIGINS))]}", 0.85)
    return "other"


KINDS = {
    "apple": (_apple_box, ["apple12", "apple10", "apple11"],
              ["(S) Serial No.", "Serial No.", "(S)", "Serial Number"]),
    "dell": (_dell, ["dell"], ["Service Tag:", "Service Tag (S/N):", "S/N:", "Service Tag"]),
    "samsung": (_samsung, ["samsung"], ["S/N:", "SN", "S/N", "Serial No:"]),
    "generic": (_generic, ["generic", "generic", "generic", "dell"],
                ["S/N:", "SN:", "(S)", "SN", "Serial Number:", "Serial No.", None]),
}


def cast_shadow(rng, a, strength):
    """Darken a soft-edged polygonal region (hand / phone shadow)."""
    h, w = a.shape[:2]
    mask = Image.new("L", (w, h), 0)
    from PIL import ImageDraw
    cx, cy = rng.uniform(-0.2, 1.2) * w, rng.uniform(-0.2, 1.2) * h
    pts = [(cx + np.cos(t) * rng.uniform(0.3, 0.8) * w, cy + np.sin(t) * rng.uniform(0.3, 0.8) * h)
           for t in np.linspace(0, 2 * np.pi, 7)[:-1]]
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    m = np.asarray(mask.filter(ImageFilter.GaussianBlur(w * 0.03)), np.float32) / 255.0
    return a * (1 - strength * m)[..., None]


def build(rng, difficulty, fontset):
    """Lay out one label and return a Shot."""
    kind = ["apple", "dell", "samsung", "generic"][rng.choice(4, p=[0.28, 0.2, 0.2, 0.32])]
    make, fmts, captions = KINDS[kind]
    fmt = fmts[rng.integers(len(fmts))]
    serial = serials.make(rng, fmt)
    caption = captions[rng.integers(len(captions))]
    font = fontset["serial"][rng.integers(len(fontset["serial"]))]
    bold = fontset["ui"][rng.integers(len(fontset["ui"]))]
    lay = Layout(rng, font, bold, rng.uniform(2.0, 2.8))
    device = make(rng, lay, serial, caption)
    margin = lay.size * 1.2
    label = (-margin, -margin * 0.6, lay.right + margin, lay.y + margin)
    surface = list(SURFACES)[rng.integers(len(SURFACES))]
    stock = LABEL_STOCK[rng.integers(len(LABEL_STOCK))]
    ink = int(rng.uniform(10, 60))
    curl_amp = rng.uniform(0, {"easy": 4, "medium": 10, "hard": 18}[difficulty])

    def render(cw, ch, scale, offset, rrng):
        base = textures.plastic(rrng, ch, cw, SURFACES[surface], scale)
        mask = Image.new("L", (cw, ch), 0)
        Painter(mask, scale, offset).paint([Rect(*label, 255, radius=lay.size * 0.5)])
        m = np.asarray(mask, np.float32)[..., None] / 255.0
        # drop shadow of the label's raised edge
        sh = mask.filter(ImageFilter.GaussianBlur(max(1.0, scale * 0.6)))
        sh = np.roll(np.asarray(sh, np.float32) / 255.0, (int(scale * 0.4), int(scale * 0.3)), axis=(0, 1))
        base *= (1 - 0.35 * sh)[..., None]
        paper = textures.paper(rrng, ch, cw, stock, scale)
        img = Image.fromarray(np.clip(base * (1 - m) + paper * m, 0, 255).astype(np.uint8))
        ink_layer = Image.new("L", (cw, ch), 0)
        box = Painter(ink_layer, scale, offset).paint(
            [it.__class__(**{**it.__dict__, "fill": 255}) for it in lay.items])
        # slight ink spread of thermal / laser printing
        ink_m = np.asarray(ink_layer.filter(ImageFilter.GaussianBlur(max(0.3, scale * 0.025))),
                           np.float32)[..., None] / 255.0
        a = np.asarray(img, np.float32)
        a = a * (1 - ink_m) + ink * ink_m
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        if curl_amp > 0.5:
            img, box = _curl(img, box, curl_amp * scale / 10, rrng)
        return img, box

    def photo(rrng, a, p, sbox):
        if rrng.random() < 0.5:
            a = cast_shadow(rrng, a, rrng.uniform(0.2, {"easy": 0.35, "medium": 0.45, "hard": 0.55}[difficulty]))
        return a

    return Shot(serial, fmt, caption, font, device, lay.serial_box, render, photo, portrait_p=0.3,
                context_units=lay.context if rng.random() < 0.7 else None)


def _curl(img, box, amp, rng):
    from .degrade import curl
    return curl(img, box, amp, rng)
