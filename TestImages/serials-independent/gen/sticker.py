"""Printed labels: Apple box labels, Dell service tags, Samsung and generic product stickers."""
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import ids, fonts, drawing as dr

PAPER = [(246, 246, 242), (250, 250, 250), (238, 236, 226), (214, 216, 220), (244, 240, 214)]
SURFACES = ["plastic_dark", "plastic_light", "cardboard", "metal"]
APPLE_PRODUCTS = {"macbook": ["MacBook Air 13-inch M2 8C CPU 8C GPU 8GB 256GB", "MacBook Pro 14-inch Space Gray",
                              "MBP 16 SG/M3 PRO 12C/18C GPU/18G/512G"],
                  "iphone": ["iPhone 15 128GB Black", "iPhone 13 mini Starlight 256GB", "IPHONE 14 PRO 128GB DEEP PURPLE"],
                  "ipad": ["iPad Air Wi-Fi 64GB - Space Gray", "iPad 10.9-inch Wi-Fi 256GB Blue", "IPAD PRO 11 WI-FI 128GB"]}


class Flow:
    """Top-to-bottom layout cursor on the label canvas."""

    def __init__(self, draw, x, y, width):
        self.d, self.x, self.y, self.w = draw, x, y, width
        self.boxes, self.extents = {}, []          # extents: (top, bottom, right) of every drawn line

    def line(self, parts, fnt, fill, lead=1.35, x=None):
        self.y += fnt.size * lead
        b, x1 = dr.segments(self.d, self.x if x is None else x, self.y, [(t, fnt, tag) for t, tag in parts], fill)
        self.boxes.update(b)
        self.extents.append((self.y - fnt.size, self.y + fnt.size * 0.3, x1))

    def free_x(self, y0, y1):
        """Right-most text extent between y0 and y1 (to keep the QR code clear of text)."""
        return max([r for t, b, r in self.extents if b > y0 and t < y1] + [0])

    def bars(self, payload, h, w, fill):
        self.y += h * 0.25
        dr.barcode(self.d, self.x, self.y, w, h, payload, fill)
        self.y += h

    def gap(self, px):
        self.y += px


def _fields(rng, fmt, serial, device):
    """(header, [(label, value, barcode?)] without the serial, default serial captions, extra lines)."""
    if fmt in ids.APPLE_FORMATS:
        head = ids.choice(rng, APPLE_PRODUCTS[device])
        f = [("(1P) Part No.", ids.part_number(rng), True), ("UPC", ids.upc(rng), rng.random() < 0.5)]
        caps = ["(S) Serial No.", "(S)", "Serial No.", "Serial Number"]
        extra = ["Designed by Apple in California. Assembled in " + ids.choice(rng, ["China", "Vietnam", "India"]),
                 "Model " + ids.apple_model(rng)]
    elif fmt == "dell":
        head = "DELL"
        esc = ids.dell_express_code(serial)
        if rng.random() < 0.4:
            esc = " ".join(esc[max(0, i - 3):i] for i in range(len(esc), 0, -3)[::-1])
        f = [("Express Service Code:", esc, False), ("DP/N", ids.generic_part(rng), rng.random() < 0.5),
             ("Model", "P" + ids.pick(rng, ids.DIGITS, 2) + ids.pick(rng, "EFGT"), False)]
        caps = ["Service Tag (S/N):", "Service Tag:", "S/N:", "ST:"]
        extra = ["Rating: " + ids.rating(rng), "Made in " + ids.choice(rng, ["China", "Mexico", "Malaysia"])]
    elif fmt == "samsung":
        head = "SAMSUNG"
        f = [("Model:", "SM-" + ids.choice(rng, ["G991B", "A536B/DS", "S918B", "X700", "F946B"]), False),
             ("IMEI", ids.imei(rng), True), ("IMEI2", ids.imei(rng), rng.random() < 0.5)]
        caps = ["S/N:", "SN:", "S/N", "Serial No."]
        extra = ["Rating " + ids.rating(rng), "Made in " + ids.choice(rng, ["Vietnam", "Korea", "India"])]
    else:
        head = ids.choice(rng, ["Wireless Router XR-500", "Notebook PC", "LED Monitor 27\"", "Docking Station",
                                 "NAS DS-220", "Portable SSD 1TB"])
        f = [("P/N:", ids.generic_part(rng), rng.random() < 0.4), ("MAC:", ids.mac(rng, ids.choice(rng, [":", "-", ""])), True),
             ("MFG Date:", ids.date(rng), False), ("EAN", ids.ean13(rng), rng.random() < 0.5)]
        caps = ["S/N:", "SN:", "Serial Number:", "Serial No.", "S/N"]
        extra = ["Rating: " + ids.rating(rng), "Made in " + ids.choice(rng, ["Taiwan", "China", "Thailand"])]
    f = [f[i] for i in rng.permutation(len(f))]
    return head, f, caps, extra


def _label(rng, fmt, serial, device, face):
    """Draw the label itself; return (RGB label, serial box, caption)."""
    size = rng.uniform(26, 38)
    fnt = fonts.font(face, size)
    other = fonts.font(ids.choice(rng, fonts.STICKER_FACES), size * rng.uniform(0.8, 1.0))
    head, fields, caps, extra = _fields(rng, fmt, serial, device)
    style = ids.choice(rng, ["inline", "inline", "above", "none", "table"])
    caption = None if style == "none" else ids.choice(rng, caps)
    ink = tuple(int(v) for v in rng.integers(5, 50, size=3))
    paper = PAPER[int(rng.integers(len(PAPER)))]
    W = int(size * rng.uniform(22, 30))
    qr = rng.random() < 0.5
    canvas = Image.new("RGB", (W * 2, W * 3), paper)
    d = ImageDraw.Draw(canvas)
    m = size * 0.8
    colw = W - 2 * m - (W * 0.28 if qr else 0)
    fl = Flow(d, m, m * 0.4, colw)
    hfont = fonts.font(ids.choice(rng, ["Inter-Bold", "ClearSans-Bold", "Oxygen-Sans-Bold", "Karla-Bold"]), size * 1.2)
    if head in ("DELL", "SAMSUNG") and rng.random() < 0.7:      # inverted header band
        d.rectangle([0, 0, W, size * 2.1], fill=ink)
        d.text((m, size * 1.55), head, font=hfont, fill=paper, anchor="ls")
        fl.y = size * 2.1
    else:
        fl.line([(head, None)], hfont, ink)
    rows = [(caption, serial, True, "serial")] + [(a, b, c, None) for a, b, c in fields]
    pos = int(rng.integers(0, len(rows)))
    rows.insert(pos, rows.pop(0))
    bar_h = size * rng.uniform(1.3, 2.2)
    if style == "table":
        lw = max(2, int(size / 14))
        cw = max(dr.width(r[0], other) for r in rows) + size
        tw = max(colw, cw + max(dr.width(r[1], fnt if r[3] else other) for r in rows) + size)
        top = fl.y + size * 0.5
        for lab, val, _, tag in rows:
            f2 = fnt if tag else other
            y = top + size * 1.55
            fl.extents.append((top, top + size * 1.9, m + tw))
            d.rectangle([m, top, m + tw, top + size * 1.9], outline=ink, width=lw)
            d.line([m + cw, top, m + cw, top + size * 1.9], fill=ink, width=lw)
            c = dr.text(d, (m + size * 0.4, y - size * 0.25), lab, other, ink)
            b = dr.text(d, (m + cw + size * 0.4, y - size * 0.25), val, f2, ink)
            if tag:
                fl.boxes["serial"], fl.boxes["cap"] = b, c
            top += size * 1.9
        fl.y = top
        fl.bars(serial, bar_h, colw * 0.8, ink)
    else:
        for lab, val, bars, tag in rows:
            f2 = fnt if tag else other
            bw = min(colw, dr.width(val, f2) * rng.uniform(1.0, 1.6))
            if tag and style == "above":
                fl.line([(lab, "cap")], other, ink)
                fl.bars(val, bar_h, bw, ink)
                fl.line([(val, "serial")], f2, ink, lead=1.05)
            elif tag and style == "none":
                fl.bars(val, bar_h, bw, ink)
                fl.line([(val, "serial")], f2, ink, lead=1.05)
            else:
                fl.line([((lab + " ") if lab else "", "cap" if tag else None), (val, tag)], f2 if tag else other, ink)
                if bars:
                    fl.bars(val, bar_h, bw, ink)
            fl.gap(size * 0.25)
    for e in extra[: int(rng.integers(1, len(extra) + 1))]:
        fl.line([(e, None)], fonts.font(ids.choice(rng, fonts.STICKER_FACES), size * 0.7), ink)
    if rng.random() < 0.6:
        sx, sh = m, size * 1.1
        fl.gap(size * 0.5)
        for k in rng.choice(dr.SYMBOLS, size=int(rng.integers(2, 5)), replace=False):
            sx += dr.symbol(d, k, sx, fl.y, sh, ink, lw=max(2, int(size / 12))) + sh * 0.5
        fl.gap(sh)
    if qr:
        qs, qy = W * 0.22, m * 2 + size
        qx = max(W - m - qs, fl.free_x(qy - m, qy + qs + m) + size)
        dr.qr_like(d, qx, qy, qs, rng, ink, paper)
        W = int(max(W, qx + qs + m))
    W = int(max([W] + [r + m for _, _, r in fl.extents]))
    Hh = int(max(fl.y + m, m * 3 + size + W * 0.22))
    canvas = canvas.crop((0, 0, W, Hh))
    if rng.random() < 0.5:
        ImageDraw.Draw(canvas).rounded_rectangle([size * 0.25] * 2 + [W - size * 0.25, Hh - size * 0.25],
                                                 radius=int(size * 0.5), outline=ink, width=2)
    # thermal-print fading: lighten the ink unevenly
    a = np.asarray(canvas, np.float32)
    fade = np.clip(rng.uniform(0.0, 0.25) + dr.smooth_noise(rng, W, Hh, 4, 0.15), 0, 0.45)[..., None]
    a = a + (np.array(paper, np.float32) - a) * fade * (a.mean(axis=2, keepdims=True) < 200)
    return dr.to_img(a), fl.boxes["serial"], fl.boxes.get("cap"), caption


def render(rng, difficulty, fmt, serial):
    """Label stuck on a device / box surface; return an Obj."""
    device = ids.choice(rng, ["macbook", "iphone", "ipad"]) if fmt in ids.APPLE_FORMATS else "other"
    face = ids.choice(rng, fonts.STICKER_FACES)
    label, box, cbox, caption = _label(rng, fmt, serial, device, face)
    lw, lh = label.size
    sw, sh = int(lw * rng.uniform(1.2, 2.0)), int(lh * rng.uniform(1.2, 2.0))
    kind = "cardboard" if fmt in ids.APPLE_FORMATS and rng.random() < 0.5 else ids.choice(rng, SURFACES)
    if kind == "cardboard":
        a = dr.cardboard(rng, sw, sh)
    elif kind == "metal":
        a = dr.brushed_metal(rng, sw, sh, (185, 187, 190), 4)
    else:
        a = dr.plastic(rng, sw, sh, (35, 36, 38) if kind == "plastic_dark" else (215, 214, 210))
    surf = dr.to_img(a)
    ox, oy = int((sw - lw) * rng.uniform(0.15, 0.85)), int((sh - lh) * rng.uniform(0.15, 0.85))
    shadow = Image.new("L", (sw, sh), 0)
    ImageDraw.Draw(shadow).rectangle([ox + 2, oy + 3, ox + lw + 2, oy + lh + 3], fill=90)
    surf.paste((0, 0, 0), (0, 0), shadow.filter(ImageFilter.GaussianBlur(3)))
    surf.paste(label, (ox, oy))
    box = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
    cbox = None if cbox is None else (cbox[0] + ox, cbox[1] + oy, cbox[2] + ox, cbox[3] + oy)
    r = int(min(sw, sh) * rng.uniform(0.01, 0.08))
    obj = dr.Obj(surf, dr.rounded_mask(sw, sh, r), tuple(map(float, box)), caption, face, device, "sticker")
    return obj.with_caption(cbox)
