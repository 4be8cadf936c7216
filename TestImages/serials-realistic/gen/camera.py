"""Phone-camera model: framing (homography), optics/sensor/ISP effects, WhatsApp JPEG."""
import io
import math

import numpy as np
from PIL import Image, ImageFilter

from . import geometry as G

SS = 2  # scene and warp resolution = SS x final resolution


def frame_size(rng, kind):
    """Upright content-frame size in final pixels."""
    if kind == "landscape":
        return 1600, 900
    if kind == "portrait":
        return 900, 1600
    if kind == "crop":
        return int(rng.integers(860, 961)), int(rng.integers(320, 401))
    raise ValueError(kind)


def build_h(center, fw2, fh2, skew, k, jitter, rotation):
    M = G.T(fw2 / 2, fh2 / 2) @ G.R(skew) @ G.S(k) @ G.T(-center[0], -center[1])
    src = G.quad(0, 0, fw2, fh2)
    dst = src + jitter * np.array([fw2, fh2])
    P = G.from_points(src, dst)
    Rot = G.rot90_frame(rotation, fw2, fh2)
    out = (fw2, fh2) if rotation in (0, 180) else (fh2, fw2)
    return Rot @ P @ M, out


def _inside(H, quads, out, margin):
    w, h = out
    for q in quads:
        p = G.apply(H, q)
        if p[:, 0].min() < margin or p[:, 1].min() < margin or \
                p[:, 0].max() > w - margin or p[:, 1].max() > h - margin:
            return False
    return True


def plan(rng, fw, fh, rotation, must_fit, center, spread, skew, persp, k=1.0, margin_frac=0.05):
    """Pick a camera pose. must_fit: list of world quads that must be in frame.
    center: world point to aim at; spread: (sx, sy) random aim offset in world px.
    Returns (H world->final@SS, out_size@SS, k used)."""
    fw2, fh2 = fw * SS, fh * SS
    jitter = rng.uniform(-persp, persp, (4, 2))
    # make it a tilt rather than random corner noise: opposite edges converge
    if rng.random() < 0.6:
        t = rng.uniform(-persp, persp)
        jitter[0, 0] += t; jitter[1, 0] -= t  # top edge narrower/wider
    margin = margin_frac * min(fw2, fh2)
    for zoom_try in range(8):
        for attempt in range(30):
            f = max(0.0, 1.0 - attempt / 20.0)
            off = np.array([rng.uniform(-1, 1) * spread[0], rng.uniform(-1, 1) * spread[1]]) * f
            H, out = build_h(np.asarray(center) + off, fw2, fh2, skew, k, jitter, rotation)
            if _inside(H, must_fit, out, margin):
                return H, out, k
        k *= 0.88
        jitter *= 0.8
    return H, out, k


def canvas_region(H, out, pad=0.04, max_side=9000):
    """World-space bbox that the camera sees (plus padding)."""
    w, h = out
    pw, ph = w * pad, h * pad
    corners = np.array([[-pw, -ph], [w + pw, -ph], [w + pw, h + ph], [-pw, h + ph]])
    Hi = np.linalg.inv(H)
    p = G.apply(Hi, corners)
    x0, y0, x1, y1 = G.aabb(p)
    x0, y0 = math.floor(x0), math.floor(y0)
    W, Hh = min(max_side, math.ceil(x1 - x0)), min(max_side, math.ceil(y1 - y0))
    return x0, y0, W, Hh


def warp(canvas_u8, H_world, origin, out):
    """Warp the canvas (world offset `origin`) into the camera frame."""
    Hc = H_world @ G.T(origin[0], origin[1])
    return canvas_u8.transform(out, Image.Transform.PERSPECTIVE, G.pil_coeffs(Hc),
                               Image.Resampling.BICUBIC, fillcolor=(20, 20, 20))


def final_box(H_world, quad, final_size):
    """Axis-aligned bbox [x, y, w, h] of a world quad in final-image pixels."""
    p = G.apply(H_world, quad) / SS
    x0, y0, x1, y1 = G.aabb(p)
    W, Hh = final_size
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(W, x1), min(Hh, y1)
    return [int(math.floor(x0)), int(math.floor(y0)),
            int(math.ceil(x1 - math.floor(x0))), int(math.ceil(y1 - math.floor(y0)))]


# ---------------------------------------------------------------- effects at SS scale

def _gauss_blob(h, w, cx, cy, sx, sy, ang, ys=None, xs=None):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) if ys is None else (ys, xs)
    c, s = math.cos(ang), math.sin(ang)
    dx, dy = xx - cx, yy - cy
    u = (c * dx + s * dy) / sx
    v = (-s * dx + c * dy) / sy
    return np.exp(-0.5 * (u * u + v * v))


def glare(rng, img, strength, protect, protect_limit):
    """Specular blobs and streaks. `protect` = (x0,y0,x1,y1) box whose added light is capped."""
    h, w = img.shape[:2]
    # work on a 1/4 grid then upsample: glare is smooth
    gh, gw = h // 4 + 1, w // 4 + 1
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32) * 4
    total = np.zeros((gh, gw), np.float32)
    n = int(rng.integers(1, 4)) if strength > 0 else 0
    for _ in range(n):
        kind = rng.random()
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if kind < 0.45:     # round-ish blob (ceiling light)
            sx = rng.uniform(0.04, 0.14) * w; sy = sx * rng.uniform(0.6, 1.4)
        elif kind < 0.8:    # streak (tube light / window edge)
            sx = rng.uniform(0.15, 0.5) * w; sy = rng.uniform(0.01, 0.04) * h
        else:               # broad sheen band
            sx = rng.uniform(0.5, 1.0) * w; sy = rng.uniform(0.08, 0.2) * h
        amp = strength * rng.uniform(0.5, 1.0) * (0.45 if kind >= 0.8 else 1.0)
        b = _gauss_blob(gh, gw, cx, cy, sx, sy, rng.uniform(0, math.pi), ys, xs) * amp
        if protect is not None:
            x0, y0, x1, y1 = [int(v / 4) for v in protect]
            x0, y0 = max(0, x0), max(0, y0)
            sub = b[y0:y1 + 1, x0:x1 + 1]
            if sub.size and sub.max() > protect_limit:
                b *= protect_limit / sub.max()
        total += b
    if n:
        g = np.asarray(Image.fromarray(total, "F").resize((w, h), Image.Resampling.BILINEAR))
        tint = np.array([1.0, rng.uniform(0.96, 1.0), rng.uniform(0.9, 1.02)], np.float32)
        # light adds, then saturates softly near white
        img = img + g[..., None] * tint
    return img


def vignette(rng, img, amount):
    h, w = img.shape[:2]
    f = 8
    yy, xx = np.mgrid[0:h // f + 2, 0:w // f + 2].astype(np.float32) * f
    cx, cy = w * rng.uniform(0.4, 0.6), h * rng.uniform(0.4, 0.6)
    r2 = ((xx - cx) / (0.5 * w)) ** 2 + ((yy - cy) / (0.5 * h)) ** 2
    v = 1.0 - amount * np.clip(r2 / 2.0, 0, 1.5) ** 1.2
    v = np.asarray(Image.fromarray(v.astype(np.float32), "F").resize(
        ((w // f + 2) * f, (h // f + 2) * f), Image.Resampling.BILINEAR))[:h, :w]
    return img * v[..., None]


def sensor_noise(rng, img, level):
    h, w = img.shape[:2]
    lum = rng.standard_normal((h, w)).astype(np.float32)
    from .surfaces import blur_f
    lum = blur_f(lum, 0.6)
    lum /= lum.std() + 1e-6
    sig = level * (0.55 + 0.75 * np.sqrt(np.clip(img.mean(-1), 0, 255) / 255.0))
    ch = rng.standard_normal((h // 4 + 1, w // 4 + 1, 3)).astype(np.float32)
    chroma = np.stack([np.asarray(Image.fromarray(ch[..., i], "F").resize((w, h), Image.Resampling.BILINEAR))
                       for i in range(3)], -1)
    return img + (lum * sig)[..., None] + chroma * level * 0.35


def tone(img, rng, contrast, exposure, wb):
    m = img.mean()
    img = (img - m) * contrast + m
    img = img * exposure * wb[None, None, :]
    return img


def develop(rng, shot, difficulty, final_size, protect=None, glare_strength=None, vignette_amt=None,
            blur_sigma=None, noise_level=None, contrast=None, sharpen=None):
    """Camera chain. `shot`: PIL RGB warped at SS scale; it is downsampled to final_size
    first and every effect is applied at final scale. `protect` is in SS-scale pixels.
    Returns PIL RGB."""
    d = {"easy": 0, "medium": 1, "hard": 2}[difficulty]
    small = shot.resize(final_size, Image.Resampling.LANCZOS)
    if protect is not None:
        protect = [v / SS for v in protect]
    img = np.asarray(small, np.float32).copy()
    if glare_strength is None:
        glare_strength = [rng.uniform(0, 60), rng.uniform(40, 120), rng.uniform(90, 200)][d]
        if rng.random() < [0.4, 0.2, 0.05][d]:
            glare_strength = 0
    limit = [20, 40, 70][d]
    img = glare(rng, img, glare_strength, protect, limit)
    if contrast is None:
        contrast = [rng.uniform(0.95, 1.1), rng.uniform(0.85, 1.05), rng.uniform(0.8, 0.95)][d]
    wb = np.array([rng.uniform(0.94, 1.06), 1.0, rng.uniform(0.92, 1.08)], np.float32)
    img = tone(img, rng, contrast, rng.uniform(0.92, 1.08), wb)
    if vignette_amt is None:
        vignette_amt = rng.uniform(0.08, 0.35)
    img = vignette(rng, img, vignette_amt)
    # soft highlight roll-off instead of hard clipping
    over = np.maximum(img - 215, 0)
    img = img - over + over / (1 + over / 60.0)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
    if blur_sigma is None:
        blur_sigma = [rng.uniform(0.25, 0.55), rng.uniform(0.4, 0.85), rng.uniform(0.55, 0.95)][d]
    if blur_sigma > 0:
        sharp = pil.filter(ImageFilter.GaussianBlur(blur_sigma))
        if rng.random() < 0.5:  # depth of field: one side of the frame softer
            soft = pil.filter(ImageFilter.GaussianBlur(blur_sigma * rng.uniform(1.6, 2.4)))
            w, h = pil.size
            f = 8
            ang = rng.uniform(0, 2 * math.pi)
            yy, xx = np.mgrid[0:h // f + 1, 0:w // f + 1].astype(np.float32) * f
            t = (math.cos(ang) * (xx / w - 0.5) + math.sin(ang) * (yy / h - 0.5))
            m = np.clip((t - 0.15) * 2.5, 0, 1)
            if protect is not None:  # keep the focus point on the serial
                x0, y0, x1, y1 = [int(v / f) for v in protect]
                m[max(0, y0 - 2):y1 + 3, max(0, x0 - 2):x1 + 3] = 0
            mi = Image.fromarray((m * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(3))
            mi = mi.resize(((w // f + 1) * f, (h // f + 1) * f), Image.Resampling.BILINEAR).crop((0, 0, w, h))
            pil = Image.composite(soft, sharp, mi)
        else:
            pil = sharp
        if d == 2 and rng.random() < 0.35:  # slight hand shake
            ang = rng.uniform(0, math.pi)
            k = np.zeros((3, 3), np.float32)
            for t in np.linspace(-1, 1, 5):
                k[int(round(1 + t * math.sin(ang))), int(round(1 + t * math.cos(ang)))] += 1
            pil = pil.filter(ImageFilter.Kernel((3, 3), k.flatten().tolist(), scale=float(k.sum())))
    img = np.asarray(pil, np.float32)
    if noise_level is None:
        noise_level = [rng.uniform(1.5, 3.5), rng.uniform(2.5, 4.5), rng.uniform(3.5, 5.5)][d]
    img = sensor_noise(rng, img, noise_level)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
    if sharpen is None:
        sharpen = int(rng.uniform(40, 120))
    # phone ISP sharpening halo
    pil = pil.filter(ImageFilter.UnsharpMask(radius=1.2, percent=sharpen, threshold=2))
    return pil


def whatsapp(rng, pil, max_bytes=250_000):
    """Camera JPEG, then WhatsApp-style recompression (q 60-80). Returns (bytes, quality)."""
    buf = io.BytesIO()
    pil.save(buf, "JPEG", quality=int(rng.integers(86, 95)))
    buf.seek(0)
    cam = Image.open(buf).convert("RGB")
    q = int(rng.integers(60, 81))
    while True:
        out = io.BytesIO()
        cam.save(out, "JPEG", quality=q, subsampling=2, optimize=True)
        data = out.getvalue()
        if len(data) <= max_bytes or q <= 60:
            return data, q
        q = max(60, q - 5)
