"""Preset `etched`: laser-etched regulatory text on aluminium (MacBook bottom,
iPad / iPhone back). The serial is one small line among several; the text is a
few grey levels darker or lighter than the metal, with a highlight/shadow edge.
Layout units are millimetres.
"""
import numpy as np
from PIL import Image, ImageFilter

from . import fonts, serials, textures
from .degrade import DIFFICULTY
from .scene import Arc, Ellipse, Line, Painter, Polygon, Rect, Shot, Text, serial_text

DEVICES = {
    "macbook": ["MacBook Pro", "MacBook Air", "MacBook"],
    "ipad": ["iPad", "iPad Pro", "iPad Air", "iPad mini"],
    "iphone": ["iPhone"],
}
ORIGINS = ["China", "China", "Vietnam", "India", "Brazil"]

# text relief per difficulty: |grey-level delta| and highlight/shadow edge strength
RELIEF = {"easy": ((45, 70), (10, 22)), "medium": ((32, 48), (8, 16)), "hard": ((24, 36), (6, 12))}

# metal finishes: (base grey, rgb tint)
FINISHES = [(200, (1.0, 1.0, 1.01)),     # silver
            (120, (1.0, 1.0, 1.03)),     # space grey
            (95, (1.0, 1.0, 1.02)),      # space black / dark
            (205, (1.03, 0.97, 0.90)),   # gold
            (185, (1.0, 0.97, 0.98))]    # rose-ish / starlight


def _symbols(x, y, s):
    """Regulatory marks as simple shapes, starting at (x, y) top-left, size s (mm)."""
    items = []
    # CE: two open arcs
    items.append(Arc(x, y, x + s, y + s, 50, 310, 255, s * 0.12))
    items.append(Arc(x + s * 0.8, y, x + s * 1.8, y + s, 50, 310, 255, s * 0.12))
    items.append(Line([(x + s * 1.15, y + s / 2), (x + s * 1.6, y + s / 2)], 255, s * 0.12))
    x += s * 2.4
    # crossed-out wheelie bin
    items.append(Rect(x + s * 0.15, y + s * 0.15, x + s * 0.75, y + s, None, 255, s * 0.09))
    items.append(Line([(x, y), (x + s * 0.95, y + s * 1.05)], 255, s * 0.09))
    items.append(Line([(x + s * 0.95, y), (x, y + s * 1.05)], 255, s * 0.09))
    x += s * 1.5
    # circled mark and a triangle
    items.append(Ellipse(x, y, x + s, y + s, None, 255, s * 0.09))
    items.append(Text(x + s / 2, y + s * 0.5, "e", "_ui", s * 0.7, 255, "mm"))
    x += s * 1.5
    items.append(Polygon([(x, y + s), (x + s / 2, y), (x + s, y + s)], 255))
    items.append(Polygon([(x + s * 0.2, y + s * 0.85), (x + s / 2, y + s * 0.3), (x + s * 0.8, y + s * 0.85)], 0))
    x += s * 1.5
    items.append(Rect(x, y, x + s * 1.2, y + s, None, 255, s * 0.09, s * 0.2))
    items.append(Text(x + s * 0.6, y + s * 0.5, "FC", "_ui", s * 0.55, 255, "mm"))
    return items


def build(rng, difficulty, fontset):
    """Lay out one engraving and return a Shot."""
    device = ["macbook", "ipad", "iphone"][rng.choice(3, p=[0.55, 0.25, 0.2])]
    fmt = ["apple12", "apple10", "apple11"][rng.choice(3, p=[0.5, 0.35, 0.15])]
    serial = serials.make(rng, fmt)
    font = fontset["serial"][rng.integers(len(fontset["serial"]))]
    ui = fontset["ui"][rng.integers(len(fontset["ui"]))] if rng.random() < 0.4 else font
    name = DEVICES[device][rng.integers(len(DEVICES[device]))]
    model = serials.apple_model(rng)
    origin = ORIGINS[rng.integers(len(ORIGINS))]
    size = rng.uniform(1.3, 1.8)
    lead = size * rng.uniform(1.45, 1.8)
    align = "m" if rng.random() < 0.7 else "l"
    x = 0.0

    designed = f"Designed by Apple in California  Assembled in {origin}"
    fcc = f"FCC ID: BCG{model}  IC: 579C-{model}"
    emc = f"EMC {rng.integers(2800, 4100)}"
    lines = []  # (kind, text) in reading order; "SERIAL" is replaced below
    style = rng.choice(4, p=[0.35, 0.3, 0.15, 0.2])
    if style == 0:  # inline at the end of a long line
        caption = ["Serial", "Serial No.", "Serial"][rng.integers(3)]
        lines = [designed + f"  Model {model}  {emc}  {caption} " + "\x00", fcc]
    elif style == 1:  # own line with caption
        caption = ["Serial No.", "Serial", "Serial No:", "Serial Number"][rng.integers(4)]
        lines = [designed, f"Model {model}  {emc}", caption + " \x00", fcc]
    elif style == 2:  # caption above, serial alone below
        caption = ["Serial Number", "Serial No."][rng.integers(2)]
        lines = [designed, f"Model {model}  {emc}  {fcc}", caption, "\x00"]
    else:  # no caption at all
        caption = None
        lines = [designed + f"  Model {model}", fcc, "\x00"]
    if device == "iphone":
        lines.insert(-1, "IMEI " + serials.imei(rng, spaced=False))
    if device == "macbook" and rng.random() < 0.5:
        lines.append(f"Li-ion {rng.uniform(40, 100):.1f}Wh   {rng.choice([14.9, 20.3, 28.0])}V   "
                     f"{rng.choice([3, 4.3, 5])}A")
    if rng.random() < 0.6:
        lines.append(f"Made in {origin}   CMIIT ID: {rng.integers(2015, 2024)}AP{rng.integers(1000, 9999)}")
    if rng.random() < 0.6:
        lines.append("This device complies with part 15 of the FCC Rules. Operation is subject to")
        lines.append("the following two conditions: (1) this device may not cause harmful interference")

    items = [Text(x, -lead * 1.5, name, ui, size * 1.6, 255, align + "s")]
    block_w = max(fonts.text_width(font, t.replace("\x00", serial), size) for t in lines)
    y = 0.0
    serial_box = None
    for text in lines:
        if "\x00" in text:
            before, after = text.split("\x00")
            it, serial_box = serial_text(x, y, before, serial, after, font, size, 255, align + "s")
            items.append(it)
        else:
            items.append(Text(x, y, text, font, size, 255, align + "s"))
        y += lead
    sym_x = x - size * 4 if align == "m" else x
    items += _symbols(sym_x, y - lead * 0.4, size * 1.3)
    for it in items:  # symbols use the heading face
        if isinstance(it, Text) and it.font == "_ui":
            it.font = ui

    finish = FINISHES[rng.integers(len(FINISHES))]
    brushed = rng.random() < 0.7
    # lighter-than-metal text only where there is headroom below white
    sign = 1 if rng.random() < (0.6 if finish[0] < 150 else 0.15) else -1
    delta = sign * rng.uniform(*RELIEF[difficulty][0])
    if "Light" in font or "Thin" in font:  # hairline strokes need more tone to stay legible
        delta *= 1.35
    edge = rng.uniform(*RELIEF[difficulty][1])

    def render(cw, ch, scale, offset, rrng):
        metal = textures.brushed_metal(rrng, ch, cw, finish[0], finish[1], scale, brushed)
        # broad specular sheen across the plate
        sheen = textures.directional_gradient(ch, cw, rrng.uniform(0, np.pi), rrng.uniform(0.2, 0.8),
                                              rrng.uniform(0.15, 0.4))
        metal += (rrng.uniform(12, 40 if finish[0] < 150 else 28) * sheen)[..., None]
        mask = Image.new("L", (cw, ch), 0)
        box = Painter(mask, scale, offset).paint(items)
        soft = mask.filter(ImageFilter.GaussianBlur(max(0.4, scale * 0.02)))
        m = np.asarray(soft, np.float32) / 255.0
        # relief: engraved strokes are flatter (less brushed) and shifted in tone
        flat = metal.mean(axis=(0, 1), keepdims=True)
        metal = metal * (1 - 0.4 * m[..., None]) + flat * 0.4 * m[..., None]
        k = max(1, int(round(scale * 0.06)))
        ridge = m - np.roll(m, (k, k), axis=(0, 1))  # lit edge / shadow edge
        metal += (delta * m + edge * ridge)[..., None]
        return Image.fromarray(np.clip(metal, 0, 255).astype(np.uint8)), box

    # the relief already sets the (low) contrast; the camera only compresses it a little
    bx0 = x - block_w / 2 if align == "m" else x
    context = (bx0, -lead * 2.5, bx0 + block_w, y)
    return Shot(serial, fmt, caption, font, device, serial_box, render, portrait_p=0.2,
                context_units=context if rng.random() < 0.7 else None,
                overrides={"contrast": (0.85, 1.0),
                           "min_char_px": DIFFICULTY[difficulty]["min_char_px"] + 2,
                           # thin engraved strokes vanish quickly under blur
                           "blur_rel": tuple(0.6 * v for v in DIFFICULTY[difficulty]["blur_rel"])})
