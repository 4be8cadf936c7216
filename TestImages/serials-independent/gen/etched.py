"""Laser-etched / engraved regulatory text on brushed metal (laptop bottom, phone or tablet back)."""
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import ids, fonts, drawing as dr

METALS = {"silver": (190, 192, 195), "space grey": (112, 114, 118), "midnight": (58, 64, 76),
          "gold": (214, 196, 170), "starlight": (214, 207, 194), "graphite": (84, 86, 90), "blue": (120, 140, 160)}
CONTRAST = {"easy": (42, 60), "medium": (32, 46), "hard": (26, 36)}
ASSEMBLED = ["China", "Vietnam", "India", "Malaysia", "Brazil"]


def _serial_lines(rng, serial, caption_style):
    """Return (lines_to_insert, caption) for the serial, each line a list of (text, tag)."""
    if caption_style == "inline":
        cap = ids.choice(rng, ["Serial", "Serial No.", "S/N"])
        return [[(cap + " ", "cap"), (serial, "serial")]], cap
    if caption_style == "above":
        cap = ids.choice(rng, ["Serial Number", "Serial No.", "Serial"])
        return [[(cap, "cap")], [(serial, "serial")]], cap
    return [[(serial, "serial")]], None


def _content(rng, device, serial):
    """Regulatory lines for the device (without the serial) and the serial placement."""
    model = ids.apple_model(rng)
    made = "Assembled in " + ids.choice(rng, ASSEMBLED)
    apple = device != "other"
    lines = []
    if device == "macbook":
        if rng.random() < 0.5:
            lines.append([(ids.choice(rng, ["MacBook Pro", "MacBook Air", "MacBook"]), "title")])
        lines += [[("Designed by Apple in California  " + made, None)],
                  [(f"Model {model}  {ids.emc(rng)}", "model")],
                  [(f"FCC ID: {ids.fcc_id(rng)}  IC: 579C-{model}", None)],
                  [(f"Li-ion {rng.uniform(40, 100):.1f} Wh  {ids.rating(rng)}", None)]]
    elif device in ("iphone", "ipad"):
        if rng.random() < 0.5:
            lines.append([("iPhone" if device == "iphone" else "iPad", "title")])
        fid = ids.fcc_id(rng)
        lines += [[("Designed by Apple in California  " + made, None)],
                  [(f"Model {model}  FCC ID: {fid}  IC: 579C-{fid[4:]}", "model")]]
        if device == "iphone" or rng.random() < 0.5:
            lines.append([("IMEI " + ids.imei(rng, spaced=rng.random() < 0.5), None)])
    else:
        maker = ids.pick(rng, ids.UPPER, 3)
        lines += [[(f"Model {int(rng.integers(1000, 2000))}  Made in " + ids.choice(rng, ASSEMBLED), "model")],
                  [(f"FCC ID: {maker}{int(rng.integers(1000, 9999))}  IC: {int(rng.integers(1000, 9999))}A-{maker}", None)],
                  [("Rated " + ids.rating(rng) + "  " + ids.date(rng), None)]]
    style = ids.choice(rng, ["inline", "inline", "own", "above", "none"])
    if style == "inline" and apple:
        # Serial shares the model line: "Model A2338  EMC 3578  Serial C02..."
        cap = ids.choice(rng, ["Serial", "Serial No.", "S/N"])
        i = [k for k, l in enumerate(lines) if l[0][1] == "model"][0]
        lines[i] = [(lines[i][0][0] + "  ", None), (cap + " ", "cap"), (serial, "serial")]
        return lines, cap
    if style == "own":
        style = "inline"
    ser_lines, cap = _serial_lines(rng, serial, style)
    pos = int(rng.integers(1, len(lines) + 1))
    return lines[:pos] + ser_lines + lines[pos:], cap


def render(rng, difficulty, fmt, serial):
    """Draw the metal panel with its etched text block; return an Obj."""
    device = ids.choice(rng, ["macbook", "macbook", "iphone", "ipad"]) if fmt in ids.APPLE_FORMATS else "other"
    face = ids.choice(rng, fonts.ETCHED_FACES)
    size = rng.uniform(26, 38)
    lines, caption = _content(rng, device, serial)
    fnt = fonts.font(face, size)
    big = fonts.font(face, size * rng.uniform(1.6, 2.4))
    lead = size * rng.uniform(1.45, 1.9)
    align = "center" if rng.random() < 0.75 else "left"
    widths = [sum(dr.width(t, big if tag == "title" else fnt) for t, tag in l) for l in lines]
    block_w = max(widths)
    block_h = lead * (len(lines) + 1.6) + size
    pw = int(block_w * rng.uniform(1.5, 2.6))
    ph = int(block_h * rng.uniform(2.0, 3.4))
    bx = (pw - block_w) * rng.uniform(0.3, 0.7)
    by = (ph - block_h) * rng.uniform(0.25, 0.75)

    ink = Image.new("L", (pw, ph), 0)
    d = ImageDraw.Draw(ink)
    y = by + size
    box = cbox = None
    for l, wl in zip(lines, widths):
        is_title = l[0][1] == "title"
        f = big if is_title else fnt
        y += (lead * 1.5 if is_title else lead) if l is not lines[0] else 0
        x = bx + (block_w - wl) / 2 if align == "center" else bx
        boxes, _ = dr.segments(d, x, y, [(t, f, tag) for t, tag in l], 255)
        if "serial" in boxes:
            box = boxes["serial"]
        cbox = boxes.get("cap", cbox)
        if is_title:
            y += lead * 0.5
    # row of regulatory marks under the text
    sh = size * rng.uniform(0.9, 1.3)
    kinds = list(rng.choice(dr.SYMBOLS, size=int(rng.integers(2, 6)), replace=False))
    total = sum(dr.symbol(ImageDraw.Draw(Image.new("L", (1, 1))), k, 0, 0, sh, 0) for k in kinds) + sh * 0.6 * len(kinds)
    sx = bx + (block_w - total) / 2 if align == "center" else bx
    for k in kinds:
        sx += dr.symbol(d, k, sx, y + lead * 0.7, sh, 255, lw=max(2, int(size / 12))) + sh * 0.6

    metal_name = ids.choice(rng, list(METALS))
    base = np.array(METALS[metal_name], np.float32)
    amp = rng.uniform(3.0, 7.0) * (1.3 if difficulty == "hard" else 1.0)
    arr = dr.brushed_metal(rng, pw, ph, base, amp)
    t = np.asarray(ink.filter(ImageFilter.GaussianBlur(0.5)), np.float32)[..., None] / 255.0
    lighter = rng.random() < (0.7 if base.mean() < 130 else 0.45)
    delta = rng.uniform(*CONTRAST[difficulty]) * (1 if lighter else -1)
    frost = rng.uniform(0.3, 0.7)
    arr = arr * (1 - t * frost) + base.mean() * t * frost + delta * t
    # engraved relief: a thin highlight/shadow pair along the stroke edges
    shift = np.roll(np.roll(t, 1, axis=0), 1, axis=1)
    arr += (t - shift) * rng.uniform(6, 16)
    # broad specular band across the panel (screen-blended, never clips the text away)
    yy, xx = np.mgrid[0:ph, 0:pw].astype(np.float32)
    ang = rng.uniform(0, np.pi)
    proj = xx * np.cos(ang) + yy * np.sin(ang)
    c = rng.uniform(proj.min(), proj.max())
    band = np.exp(-((proj - c) / (rng.uniform(0.08, 0.3) * max(pw, ph))) ** 2)[..., None]
    arr = 255 - (255 - arr) * (1 - band * rng.uniform(0.1, 0.3))
    img = dr.to_img(arr)
    d2 = ImageDraw.Draw(img)
    r = int(min(pw, ph) * rng.uniform(0.04, 0.14))
    d2.rounded_rectangle([2, 2, pw - 3, ph - 3], radius=r, outline=tuple(int(v) for v in np.clip(base + 35, 0, 255)), width=3)
    if device == "macbook":          # rubber feet near the bottom corners
        fr = int(size * rng.uniform(1.2, 2.0))
        for fx in (pw * 0.08, pw * 0.92 - 2 * fr):
            d2.ellipse([fx, ph - 0.12 * ph - fr, fx + 2 * fr, ph - 0.12 * ph + fr], fill=(38, 38, 40))
    obj = dr.Obj(img, dr.rounded_mask(pw, ph, r), tuple(map(float, box)), caption, face, device, "etched")
    return obj.with_caption(cbox)
