"""Drawing primitives: text with tracked boxes, barcodes, QR-like codes, symbols, textures."""
import numpy as np
from PIL import Image, ImageDraw


# ------------------------------------------------------------------ text
def text(draw, xy, s, font, fill, anchor="ls"):
    """Draw s and return its ink box (x0, y0, x1, y1)."""
    draw.text(xy, s, font=font, fill=fill, anchor=anchor)
    return draw.textbbox(xy, s, font=font, anchor=anchor)


def segments(draw, x, y, parts, fill, gap=0.0):
    """Draw [(text, font, tag)] left to right on one baseline; return {tag: box} and end x."""
    boxes = {}
    for s, fnt, tag in parts:
        if s:
            box = text(draw, (x, y), s, fnt, fill)
            if tag:
                boxes[tag] = box
            x += fnt.getlength(s) + gap
    return boxes, x


def width(s, fnt):
    return fnt.getlength(s)


# ------------------------------------------------------------------ codes
def _bar_widths(seed, n_chars):
    """Pseudo Code128 module widths derived deterministically from the encoded text."""
    r = np.random.default_rng(seed)
    widths = [2, 1, 1, 2, 1, 4]                      # start
    for _ in range(n_chars + 1):                     # data + check symbol
        while True:
            w = r.integers(1, 5, size=6)
            if w.sum() == 11:
                break
        widths += list(w)
    return widths + [2, 3, 3, 1, 1, 1, 2]            # stop


def barcode(draw, x, y, w, h, payload, fill=0):
    """Draw a Code128-looking barcode for payload inside (x, y, w, h)."""
    seed = sum((i + 1) * ord(c) for i, c in enumerate(payload))
    widths = _bar_widths(seed, len(payload))
    module = w / float(sum(widths))
    pos = x
    for i, m in enumerate(widths):
        if i % 2 == 0:
            draw.rectangle([pos, y, pos + m * module - 0.6, y + h], fill=fill)
        pos += m * module


def qr_like(draw, x, y, size, rng, fill=0, bg=255):
    """Draw a QR-like square: three finder patterns, timing lines, random modules."""
    n = int(rng.choice([21, 25, 29]))
    m = size / n
    grid = rng.random((n, n)) < 0.5
    for cx, cy in ((0, 0), (n - 7, 0), (0, n - 7)):
        grid[cy:cy + 8 if cy == 0 else n, cx:cx + 8 if cx == 0 else n] = False
        grid[cy:cy + 7, cx:cx + 7] = True
        grid[cy + 1:cy + 6, cx + 1:cx + 6] = False
        grid[cy + 2:cy + 5, cx + 2:cx + 5] = True
    grid[6, 8:n - 8] = np.arange(8, n - 8) % 2 == 0
    grid[8:n - 8, 6] = np.arange(8, n - 8) % 2 == 0
    draw.rectangle([x - m, y - m, x + size + m, y + size + m], fill=bg)
    for j in range(n):
        for i in range(n):
            if grid[j, i]:
                draw.rectangle([x + i * m, y + j * m, x + (i + 1) * m - 0.5, y + (j + 1) * m - 0.5], fill=fill)


# ------------------------------------------------------------------ symbols
def symbol(draw, kind, x, y, h, fill, lw=None):
    """Simple regulatory marks drawn from shapes; returns width used."""
    lw = lw or max(1, int(h / 10))
    if kind == "ce":
        for k in range(2):
            cx = x + h * 0.5 + k * h * 0.95
            draw.arc([cx - h / 2, y, cx + h / 2, y + h], 45, 315, fill=fill, width=lw)
        cx = x + h * 1.45
        draw.line([cx - h * 0.2, y + h / 2, cx + h * 0.2, y + h / 2], fill=fill, width=lw)
        return h * 2.0
    if kind == "bin":
        draw.rectangle([x + h * 0.2, y + h * 0.2, x + h * 0.8, y + h * 0.9], outline=fill, width=lw)
        draw.line([x + h * 0.1, y + h * 0.15, x + h * 0.9, y + h * 0.15], fill=fill, width=lw)
        draw.line([x, y, x + h, y + h], fill=fill, width=lw)
        draw.line([x + h, y, x, y + h], fill=fill, width=lw)
        return h
    if kind == "squares":
        draw.rectangle([x, y, x + h, y + h], outline=fill, width=lw)
        draw.rectangle([x + h * 0.28, y + h * 0.28, x + h * 0.72, y + h * 0.72], outline=fill, width=lw)
        return h
    if kind == "triangle":
        draw.polygon([(x + h / 2, y), (x + h, y + h), (x, y + h)], outline=fill, width=lw)
        draw.ellipse([x + h * 0.38, y + h * 0.5, x + h * 0.62, y + h * 0.74], outline=fill, width=lw)
        return h
    if kind == "circle":
        draw.ellipse([x, y, x + h, y + h], outline=fill, width=lw)
        draw.line([x + h * 0.5, y + h * 0.2, x + h * 0.5, y + h * 0.8], fill=fill, width=lw)
        return h
    if kind == "dc":   # direct-current mark: solid line over dashed line
        draw.line([x, y + h * 0.35, x + h, y + h * 0.35], fill=fill, width=lw)
        for k in range(3):
            draw.line([x + k * h * 0.4, y + h * 0.65, x + k * h * 0.4 + h * 0.22, y + h * 0.65], fill=fill, width=lw)
        return h
    return 0


SYMBOLS = ["ce", "bin", "squares", "triangle", "circle", "dc"]


# ------------------------------------------------------------------ textures
def smooth_noise(rng, w, h, cells, amp=1.0):
    """Low-frequency noise field in [-amp, amp] from an upsampled random grid."""
    g = rng.random((max(2, int(h * cells / max(w, h)) + 2), cells + 2)).astype(np.float32)
    im = Image.fromarray((g * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    return (np.asarray(im, np.float32) / 127.5 - 1.0) * amp


def box_blur_x(a, k):
    """Horizontal running mean with window k (edge-padded)."""
    k = max(1, int(k))
    p = np.pad(a, ((0, 0), (k, k)), mode="wrap")
    c = np.cumsum(p, axis=1)
    return (c[:, 2 * k:] - c[:, :-2 * k])[:, : a.shape[1]] / (2 * k)


def brushed_metal(rng, w, h, base, amp):
    """Brushed aluminium: long horizontal streaks, fine grain, broad sheen."""
    n = rng.normal(size=(h, w)).astype(np.float32)
    streak = box_blur_x(n, rng.integers(40, 140))
    streak /= streak.std() + 1e-6
    fine = box_blur_x(rng.normal(size=(h, w)).astype(np.float32), 6)
    sheen = smooth_noise(rng, w, h, 3, 1.0)
    lum = amp * (0.8 * streak + 0.35 * fine) + amp * 1.6 * sheen
    return np.clip(np.asarray(base, np.float32)[None, None, :] + lum[..., None], 0, 255)


def wood(rng, w, h):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = smooth_noise(rng, w, h, 4, 40.0)
    f = rng.uniform(0.03, 0.09)
    rings = np.sin((yy + warp + 0.05 * xx) * f) * 0.5 + 0.5
    grain = box_blur_x(rng.normal(size=(h, w)).astype(np.float32), 30)
    base = np.array(rng.choice([[150, 105, 70], [185, 145, 100], [110, 75, 50], [200, 175, 140]]), np.float32)
    lum = 1 + 0.18 * (rings - 0.5) + 0.05 * grain
    return np.clip(base[None, None, :] * lum[..., None], 0, 255)


def fabric(rng, w, h):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    f = rng.uniform(0.5, 1.1)
    weave = np.sin(xx * f) * np.sin(yy * f) * 0.5 + 0.5
    col = np.array(rng.integers(40, 200, size=3), np.float32)
    lum = 0.85 + 0.15 * weave + smooth_noise(rng, w, h, 8, 0.08)
    return np.clip(col[None, None, :] * lum[..., None], 0, 255)


def cardboard(rng, w, h):
    base = np.array([184, 146, 100], np.float32) * rng.uniform(0.85, 1.1)
    fib = box_blur_x(rng.normal(size=(h, w)).astype(np.float32), 12) * 0.06
    lum = 1 + fib + smooth_noise(rng, w, h, 6, 0.05) + rng.normal(0, 0.02, (h, w))
    return np.clip(base[None, None, :] * lum[..., None], 0, 255)


def plastic(rng, w, h, base):
    lum = rng.normal(0, 2.5, (h, w)) + smooth_noise(rng, w, h, 5, 6.0)
    return np.clip(np.asarray(base, np.float32)[None, None, :] + lum[..., None], 0, 255)


def plain(rng, w, h):
    base = np.array(rng.integers(170, 235), np.float32) * np.array([1, rng.uniform(0.95, 1.02), rng.uniform(0.9, 1.03)])
    lum = 1 + smooth_noise(rng, w, h, 2, 0.08) + rng.normal(0, 0.01, (h, w))
    return np.clip(base[None, None, :] * lum[..., None], 0, 255)


def to_img(a):
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def rounded_mask(w, h, r):
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle([0, 0, w - 1, h - 1], radius=int(r), fill=255)
    return m


class Obj:
    """A rendered object (device surface, screen, sticker) before it is photographed."""

    def __init__(self, img, mask, box, caption, font, device, kind):
        self.img, self.mask, self.box = img, mask, box      # box = serial ink box (x0, y0, x1, y1)
        self.caption, self.font, self.device, self.kind = caption, font, device, kind
        self.screen_mask = None                               # for screens: where the emissive panel is
        self.context = box                                    # serial + caption: kept in frame when possible

    def with_caption(self, cbox):
        """Record the caption box so framing keeps serial and caption together."""
        if cbox is not None:
            b = self.box
            self.context = (min(b[0], cbox[0]), min(b[1], cbox[1]), max(b[2], cbox[2]), max(b[3], cbox[3]))
        return self
