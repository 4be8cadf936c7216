"""Laser-etched regulatory text block of Apple devices: content and mask rendering."""
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import fonts

MAC_MODELS = [  # (product, model, EMC, year, rating)
    ("MacBook Pro", "A1398", "2876", 2015, "14.2V DC 5.6A"),
    ("MacBook Pro", "A1502", "2835", 2015, "14.85V DC 3.05A"),
    ("MacBook Pro", "A1706", "3071", 2016, "20.3V DC 3A"),
    ("MacBook Pro", "A1708", "3164", 2017, "20.3V DC 3A"),
    ("MacBook Pro", "A1707", "3072", 2016, "20.3V DC 4.3A"),
    ("MacBook Pro", "A1989", "3214", 2018, "20.3V DC 3A"),
    ("MacBook Pro", "A1990", "3215", 2018, "20.3V DC 4.3A"),
    ("MacBook Pro", "A2159", "3301", 2019, "20.3V DC 3A"),
    ("MacBook Pro", "A2141", "3347", 2019, "20.5V DC 4.7A"),
    ("MacBook Pro", "A2251", "3348", 2020, "20.3V DC 3A"),
    ("MacBook Pro", "A2338", "3578", 2020, "20.3V DC 3A"),
    ("MacBook Pro", "A2442", "3650", 2021, "20.5V DC 4.7A"),
    ("MacBook Pro", "A2485", "3651", 2021, "28V DC 5A"),
    ("MacBook Air", "A1466", "3178", 2017, "14.85V DC 3.05A"),
    ("MacBook Air", "A1932", "3184", 2018, "20.3V DC 1.5A"),
    ("MacBook Air", "A2179", "3302", 2020, "20.3V DC 1.5A"),
    ("MacBook Air", "A2337", "3598", 2020, "20.3V DC 1.5A"),
    ("MacBook Air", "A2681", "4074", 2022, "20.3V DC 1.5A"),
    ("MacBook", "A1534", "2991", 2016, "14.5V DC 2.0A"),
]
IPAD_MODELS = [("iPad", "A1474", "2696"), ("iPad", "A1566", "2815"), ("iPad", "A1893", "3200"),
               ("iPad", "A2197", "3331"), ("iPad Pro", "A1673", "2980"), ("iPad mini", "A1538", "2815")]
IPHONE_MODELS = [("iPhone", "A1586", "E2816A"), ("iPhone", "A1549", "E2816A"), ("iPhone", "A1688", "E2946A"),
                 ("iPhone", "A1633", "E2944A"), ("iPhone", "A1533", "E2642A"), ("iPhone", "A1522", "E2817A")]

CAPTIONS_ETCHED = ["Serial", "Serial", "Serial", "Serial No.", "Serial No.:", "Serial Number", "S/N"]


def _digits(rng, n):
    return "".join(str(int(rng.integers(10))) for _ in range(n))


def _distractors(rng, model, year):
    """Regulatory IDs that look like serials (good OCR distractors)."""
    m = model
    pool = [
        f"CMIIT ID: {year}DJ{_digits(rng, 4)}",
        f"MSIP-CRM-APL-{m}",
        f"R-R-APL-{m}",
        f"CCAI{str(year)[2:]}LP{_digits(rng, 4)}T{int(rng.integers(1, 9))}",
        f"ANATEL {_digits(rng, 5)}-{str(year)[2:]}-0{_digits(rng, 4)}",
        f"RCPAPA{str(year)[2:]}-{_digits(rng, 4)}",
        "CAN ICES-3 (B)/NMB-3(B)",
        f"TM and \u00a9 {year} Apple Inc.",
        "Li-ion battery inside",
        "Made in China",
    ]
    idx = rng.permutation(len(pool))
    return [pool[i] for i in idx]


def build_lines(rng, device, serial, caption):
    """Return list of lines; a line is a list of items (text, kind) with kind in
    {'text', 'caption', 'serial', 'icons'}."""
    serial_items = [(caption, "caption"), (serial, "serial")] if caption else [(serial, "serial")]
    lines = []
    if device == "macbook":
        prod, model, emc, year, rating = MAC_MODELS[int(rng.integers(len(MAC_MODELS)))]
        mlabel = "Model No.: " if rng.random() < 0.3 else "Model "
        elabel = "EMC No.: " if mlabel.startswith("Model No") else "EMC "
        origin = "Assembled in China" if rng.random() < 0.85 else "Assembled in Vietnam"
        l1 = [(prod, "text"), ("Designed by Apple in California", "text"), (origin, "text"),
              (mlabel + model, "text")]
        l2 = [(elabel + emc, "text"), (f"FCC ID: BCG{model}", "text")]
        if rng.random() < 0.5:
            l2 = [(elabel + emc, "text"), (f"FCC ID: BCG{model} and IC: 579C-{model}", "text")]
        else:
            l2.append((f"IC: 579C-{model}", "text"))
        if rng.random() < 0.5:
            l2.append((rating, "text"))
        dis = _distractors(rng, model, year)
        l3 = [(d, "text") for d in dis[:int(rng.integers(2, 4))]]
        l4 = [(d, "text") for d in dis[4:4 + int(rng.integers(1, 3))]]
        where = rng.random()
        if where < 0.55:      # last item of line 2 (most common layout)
            l2 = l2 + serial_items
        elif where < 0.75:    # end of line 1
            l1 = l1 + serial_items
        elif where < 0.88:    # serial followed by rating
            l2 = l2[:2] + serial_items + [(rating, "text")]
        else:                 # own short line
            l3 = serial_items + [(rating, "text")]
        lines = [l1, l2, l3]
        if rng.random() < 0.6:
            lines.append(l4)
        if rng.random() < 0.7:
            lines.append([("", "icons")])
        year_str = year
    else:
        if device == "ipad":
            prod, model, emc = IPAD_MODELS[int(rng.integers(len(IPAD_MODELS)))]
            fcc = f"BCG{model}"
        else:
            prod, model, emc = IPHONE_MODELS[int(rng.integers(len(IPHONE_MODELS)))]
            fcc = f"BCG-{emc}"
        year_str = int(rng.integers(2013, 2019))
        l1 = [(prod, "text"), ("Designed by Apple in California", "text"), ("Assembled in China", "text")]
        l2 = [(f"Model {model}", "text"), (f"FCC ID: {fcc}", "text"), (f"IC: 579C-{fcc[3:].lstrip('-')}", "text")]
        l3 = []
        if device == "iphone" or rng.random() < 0.4:
            imei = f"{_digits(rng, 2)} {_digits(rng, 6)} {_digits(rng, 6)} {_digits(rng, 1)}"
            l3.append((f"IMEI {imei}", "text"))
        l3 = l3 + serial_items if rng.random() < 0.6 else serial_items + l3
        lines = [l1, l2, l3]
        if rng.random() < 0.5:
            lines.append([("", "icons")])
    return lines, year_str


def _draw_icons(draw, x, y_base, cap, color, rng):
    """Small regulatory marks (CE, crossed-out bin, circled marks) on one baseline."""
    h = cap * 1.5
    xs = x
    lw = max(1, int(round(cap * 0.09)))
    kinds = ["bin", "ce", "circle", "box", "fc", "ukca"]
    order = [kinds[i] for i in rng.permutation(len(kinds))[:int(rng.integers(3, 6))]]
    for k in order:
        top = y_base - h
        if k == "bin":
            w = h * 0.7
            draw.rectangle([xs + w * 0.15, top + h * 0.2, xs + w * 0.85, y_base - h * 0.1], outline=color, width=lw)
            draw.line([xs, top + h * 0.15, xs + w, top + h * 0.15], fill=color, width=lw)
            draw.line([xs, top, xs + w, y_base], fill=color, width=lw)
            draw.line([xs + w, top, xs, y_base], fill=color, width=lw)
        elif k == "ce":
            w = h * 1.2
            r = h * 0.45
            for cx in (xs + r, xs + r * 2.4):
                draw.arc([cx - r, top + h * 0.05, cx + r, top + h * 0.05 + 2 * r], 45, 315, fill=color, width=lw + 1)
            draw.line([xs + r * 2.0, top + h * 0.5, xs + r * 2.8, top + h * 0.5], fill=color, width=lw)
        elif k == "circle":
            w = h
            draw.ellipse([xs, top, xs + h, y_base], outline=color, width=lw)
            f = fonts.for_cap("DejaVuSans", cap * 0.6)
            draw.text((xs + h / 2, top + h / 2), "R", fill=color, font=f, anchor="mm")
        elif k == "box":
            w = h * 1.5
            draw.rectangle([xs, top, xs + w, y_base], outline=color, width=lw)
            f = fonts.for_cap("DejaVuSans", cap * 0.55)
            draw.text((xs + w / 2, top + h / 2), "Li-ion", fill=color, font=f, anchor="mm")
        elif k == "fc":
            w = h * 1.3
            f = fonts.for_cap("DejaVuSans-Bold", h * 0.8)
            draw.text((xs, y_base), "FC", fill=color, font=f, anchor="ls")
        else:
            w = h
            f = fonts.for_cap("DejaVuSans-Bold", h * 0.35)
            draw.text((xs + w * 0.5, top + h * 0.27), "UK", fill=color, font=f, anchor="mm")
            draw.text((xs + w * 0.5, top + h * 0.75), "CA", fill=color, font=f, anchor="mm")
        xs += w + cap * 1.2
    return xs


def render_block(rng, lines, font_name, cap, tracking=0.0, align="center"):
    """Render the block as an L mask (255 = etched). Returns (mask, serial_quad, caption_quad)
    with quads in block pixel coordinates."""
    font = fonts.for_cap(font_name, cap)
    gap = cap * rng.uniform(1.6, 2.6)           # space between items on one line
    lead = cap * rng.uniform(1.75, 2.3)         # baseline-to-baseline distance
    track = cap * tracking

    def item_width(t):
        if not t:
            return 0
        return font.getlength(t) + track * (len(t) - 1)

    widths = []
    for ln in lines:
        if ln[0][1] == "icons":
            widths.append(cap * 14)
        else:
            widths.append(sum(item_width(t) for t, _ in ln) + gap * (len(ln) - 1))
    W = int(max(widths) + cap * 4)
    H = int(lead * (len(lines) + 1) + cap * 2)
    mask = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(mask)
    serial_box = caption_box = None
    for i, ln in enumerate(lines):
        y = cap * 2 + lead * i
        if align == "center":
            x = (W - widths[i]) / 2
        else:
            x = cap * 2
        if ln[0][1] == "icons":
            _draw_icons(d, x + cap * 2, y + cap * 0.3, cap, 255, rng)
            continue
        for t, kind in ln:
            boxes = []
            if track == 0:
                d.text((x, y), t, fill=255, font=font, anchor="ls")
                boxes.append(d.textbbox((x, y), t, font=font, anchor="ls"))
                x += font.getlength(t)
            else:
                for ch in t:
                    d.text((x, y), ch, fill=255, font=font, anchor="ls")
                    if ch != " ":
                        boxes.append(d.textbbox((x, y), ch, font=font, anchor="ls"))
                    x += font.getlength(ch) + track
                x -= track
            x += gap if kind != "caption" else font.getlength(" ") * rng.uniform(1.0, 1.6)
            if boxes:
                bx = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                      max(b[2] for b in boxes), max(b[3] for b in boxes))
                if kind == "serial":
                    serial_box = bx
                elif kind == "caption":
                    caption_box = bx
    to_quad = lambda b: None if b is None else np.array(
        [[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], float)
    return mask, to_quad(serial_box), to_quad(caption_box)


def composite_etch(img, mask, x0, y0, finish_sign, strength, rng, scale):
    """Etch `mask` (L image, block coords) into float RGB `img` at (x0, y0)."""
    H, W = img.shape[:2]
    m = mask.filter(ImageFilter.GaussianBlur(0.45 * scale))
    ma = np.asarray(m, np.float32) / 255.0
    mh, mw = ma.shape
    # clip to canvas
    ix0, iy0 = int(round(x0)), int(round(y0))
    sx0, sy0 = max(0, -ix0), max(0, -iy0)
    dx0, dy0 = max(0, ix0), max(0, iy0)
    w = min(mw - sx0, W - dx0)
    h = min(mh - sy0, H - dy0)
    if w <= 0 or h <= 0:
        return
    a = ma[sy0:sy0 + h, sx0:sx0 + w]
    region = img[dy0:dy0 + h, dx0:dx0 + w]
    # contrast varies smoothly across the block (laser power, viewing angle)
    from .surfaces import smooth_noise, fine_noise
    var = 1.0 + 0.22 * smooth_noise(rng, w, h, 60 * scale)
    speck = 1.0 + 0.18 * fine_noise(rng, w, h, blur=0.5 * scale)
    delta = finish_sign * strength * var * speck
    grey = region.mean(-1, keepdims=True)
    etched = grey + (region - grey) * 0.45 + delta[..., None]   # etching is desaturated
    # faint edge highlight (the etched groove catches light on one side)
    sh = int(max(1, round(scale * 0.5)))
    edge = np.zeros_like(a)
    edge[sh:, sh:] = a[sh:, sh:] - a[:-sh, :-sh]
    etched = etched + (0.18 * strength * edge)[..., None]
    img[dy0:dy0 + h, dx0:dx0 + w] = region * (1 - a[..., None]) + etched * a[..., None]
