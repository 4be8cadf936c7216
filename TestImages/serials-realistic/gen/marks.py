"""Things people and life add to a device: marker scribbles, handwriting, smudges,
scratches and dust. All operate on the float RGB scene canvas."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import fonts

WORDS = ["ok", "OK", "John", "RMA", "bad batt", "wiped", "IT", "keep", "#23", "2nd", "HDD",
         "test", "Mia", "sold", "x", "KB?", "ret.", "lab 3", "done", "spare", "7", "B"]


def _rect_hit(a, b):
    return not (a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1])


def _marker_colour(rng, dark_surface):
    if dark_surface and rng.random() < 0.55:
        return (205, 205, 210), 0.9     # silver/white paint marker
    c = [(22, 22, 28), (30, 48, 150), (165, 28, 30), (20, 90, 40)][int(rng.integers(4))]
    return c, 0.85


def _catmull(points, n=14):
    pts = [points[0]] + list(points) + [points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = map(np.asarray, pts[i - 1:i + 3])
        for t in np.linspace(0, 1, n, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2
                              + (-p0 + 3 * p1 - 3 * p2 + p3) * t3))
    out.append(np.asarray(points[-1]))
    return [tuple(p) for p in out]


def _blend_layer(img, layer, colour, opacity, x0, y0):
    """Alpha-blend an L mask layer of colour onto img at offset."""
    a = np.asarray(layer, np.float32) / 255.0 * opacity
    h, w = a.shape
    H, W = img.shape[:2]
    sx0, sy0 = max(0, -x0), max(0, -y0)
    dx0, dy0 = max(0, x0), max(0, y0)
    ww, hh = min(w - sx0, W - dx0), min(h - sy0, H - dy0)
    if ww <= 0 or hh <= 0:
        return
    a = a[sy0:sy0 + hh, sx0:sx0 + ww, None]
    reg = img[dy0:dy0 + hh, dx0:dx0 + ww]
    img[dy0:dy0 + hh, dx0:dx0 + ww] = reg * (1 - a) + np.array(colour, np.float32) * a


def scribbles(rng, img, near, keepout, cap, dark_surface, n_strokes=None, words=True):
    """Marker strokes and maybe a handwritten word around `near` (x0,y0,x1,y1 canvas box),
    never touching any `keepout` box."""
    H, W = img.shape[:2]
    colour, opac = _marker_colour(rng, dark_surface)
    nx0, ny0, nx1, ny1 = near
    pad = cap * 6
    if n_strokes is None:
        n_strokes = int(rng.integers(1, 4))
    placed = 0
    for _ in range(n_strokes * 8):
        if placed >= n_strokes:
            break
        width = max(2, int(cap * rng.uniform(0.25, 0.7)))
        cx = rng.uniform(nx0 - pad, nx1 + pad)
        cy = rng.uniform(ny0 - pad, ny1 + pad)
        size = cap * rng.uniform(2.5, 9)
        kind = rng.random()
        if kind < 0.3:   # underline / tick line
            pts = [(cx - size, cy + rng.normal(0, cap * 0.3)), (cx, cy + rng.normal(0, cap * 0.3)),
                   (cx + size, cy + rng.normal(0, cap * 0.3))]
        elif kind < 0.55:  # circle-ish loop
            t = np.linspace(0, 2 * math.pi * rng.uniform(0.8, 1.1), 7)
            r = size * 0.6
            pts = [(cx + r * math.cos(a) * rng.uniform(0.9, 1.1), cy + 0.5 * r * math.sin(a) * rng.uniform(0.9, 1.1)) for a in t]
        elif kind < 0.7:  # check mark / cross
            if rng.random() < 0.5:
                pts = [(cx - size * 0.4, cy), (cx - size * 0.1, cy + size * 0.35), (cx + size * 0.5, cy - size * 0.45)]
            else:
                pts = [(cx - size * 0.4, cy - size * 0.4), (cx + size * 0.4, cy + size * 0.4)]
        else:  # random zig-zag scribble
            pts = [(cx + rng.uniform(-size, size), cy + rng.uniform(-size * 0.5, size * 0.5)) for _ in range(int(rng.integers(3, 7)))]
        curve = _catmull(pts)
        xs = [p[0] for p in curve]; ys = [p[1] for p in curve]
        box = (min(xs) - width, min(ys) - width, max(xs) + width, max(ys) + width)
        if any(_rect_hit(box, k) for k in keepout):
            continue
        if box[2] < 0 or box[3] < 0 or box[0] > W or box[1] > H:
            continue
        x0, y0 = int(box[0]) - 2, int(box[1]) - 2
        layer = Image.new("L", (int(box[2] - box[0]) + 4, int(box[3] - box[1]) + 4), 0)
        d = ImageDraw.Draw(layer)
        local = [(x - x0, y - y0) for x, y in curve]
        d.line(local, fill=255, width=width, joint="curve")
        for p in (local[0], local[-1]):
            d.ellipse([p[0] - width / 2, p[1] - width / 2, p[0] + width / 2, p[1] + width / 2], fill=255)
        layer = layer.filter(ImageFilter.GaussianBlur(0.6))
        _blend_layer(img, layer, colour, opac * rng.uniform(0.8, 1.0), x0, y0)
        placed += 1
    if words and rng.random() < 0.6:
        word = WORDS[int(rng.integers(len(WORDS)))]
        fn = fonts.HAND_FONTS[int(rng.integers(len(fonts.HAND_FONTS)))]
        f = fonts.for_cap(fn, cap * rng.uniform(2.0, 4.0))
        for _ in range(12):
            tw, th = f.getlength(word) + 20, f.size * 1.6
            cx = rng.uniform(nx0 - pad, nx1 + pad); cy = rng.uniform(ny0 - pad * 1.2, ny1 + pad * 1.2)
            ang = rng.uniform(-20, 20)
            r = 0.5 * math.hypot(tw, th)
            box = (cx - r, cy - r, cx + r, cy + r)
            if any(_rect_hit(box, k) for k in keepout):
                continue
            layer = Image.new("L", (int(tw), int(th)), 0)
            ImageDraw.Draw(layer).text((10, th * 0.15), word, fill=255, font=f)
            layer = layer.rotate(ang, resample=Image.Resampling.BICUBIC, expand=True)
            _blend_layer(img, layer, colour, opac, int(cx - layer.width / 2), int(cy - layer.height / 2))
            break


def smudges(rng, img, near, cap, n=None):
    """Oily fingerprints: faint ridge patterns that add sheen."""
    H, W = img.shape[:2]
    nx0, ny0, nx1, ny1 = near
    if n is None:
        n = int(rng.integers(0, 3))
    for _ in range(n):
        r = cap * rng.uniform(5, 12)
        cx = rng.uniform(nx0 - r, nx1 + r); cy = rng.uniform(ny0 - r, ny1 + r)
        x0, y0 = int(cx - r), int(cy - r * 1.3)
        x1, y1 = int(cx + r), int(cy + r * 1.3)
        x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
        if x1c <= x0c or y1c <= y0c:
            continue
        yy, xx = np.mgrid[y0c:y1c, x0c:x1c].astype(np.float32)
        u, v = (xx - cx) / r, (yy - cy) / (r * 1.3)
        rr = np.sqrt(u * u + v * v)
        env = np.clip(1 - rr, 0, 1) ** 1.5
        period = cap * rng.uniform(0.35, 0.6) / r
        warp = 0.05 * np.sin(u * 7 + rng.uniform(0, 6)) + 0.04 * np.sin(v * 5)
        ridge = 0.5 + 0.5 * np.sin((rr + warp) / period * 2 * math.pi)
        amp = rng.uniform(6, 16)
        img[y0c:y1c, x0c:x1c] += (env * (0.5 + ridge) * amp)[..., None]


def scratches_and_dust(rng, img, cap, light_surface):
    H, W = img.shape[:2]
    layer = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(layer)
    for _ in range(int(rng.integers(0, 6))):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        L = cap * rng.uniform(3, 25); a = rng.uniform(0, math.pi)
        d.line([(x, y), (x + L * math.cos(a), y + L * math.sin(a))], fill=int(rng.integers(60, 160)),
               width=max(1, int(cap * 0.05)))
    for _ in range(int(rng.integers(4, 30))):
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        s = cap * rng.uniform(0.04, 0.15)
        d.ellipse([x - s, y - s, x + s, y + s], fill=int(rng.integers(60, 200)))
    a = np.asarray(layer.filter(ImageFilter.GaussianBlur(0.7)), np.float32) / 255.0
    sign = -1 if light_surface else 1
    img += (a * 45 * sign)[..., None]
