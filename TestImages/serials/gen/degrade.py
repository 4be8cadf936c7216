"""Camera model: geometric warps and photometric degradations.

Geometry works on PIL images and tracks the serial box through every warp.
Photometric functions take and return float32 (H, W, 3) arrays in 0..255.
"""
import io

import numpy as np
from PIL import Image, ImageFilter

from .textures import smooth_noise

# ---------------------------------------------------------------------------
# Difficulty table: every entry is a (low, high) range sampled uniformly.
# ---------------------------------------------------------------------------
DIFFICULTY = {
    "easy": dict(rotate=(0, 2.0), persp=(0.0, 0.025), blur_rel=(0.0, 0.02),
                 motion=(0, 0), noise=(0.8, 2.0), contrast=(0.9, 1.0), glare=(0.0, 0.25),
                 light=(0.0, 0.15), jpeg=(84, 90), frac=(0.32, 0.6), min_char_px=17),
    "medium": dict(rotate=(1.0, 5.0), persp=(0.02, 0.06), blur_rel=(0.015, 0.035),
                   motion=(0, 4), noise=(1.5, 3.0), contrast=(0.75, 0.95), glare=(0.15, 0.45),
                   light=(0.1, 0.3), jpeg=(80, 87), frac=(0.22, 0.45), min_char_px=14),
    "hard": dict(rotate=(3.0, 8.0), persp=(0.05, 0.10), blur_rel=(0.03, 0.055),
                 motion=(2, 6), noise=(2.5, 4.5), contrast=(0.6, 0.85), glare=(0.3, 0.6),
                 light=(0.2, 0.45), jpeg=(75, 82), frac=(0.15, 0.32), min_char_px=12),
}


def uniform(rng, rng_pair):
    """Sample the (low, high) pair."""
    return float(rng.uniform(*rng_pair))


# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------

def homography(src, dst):
    """3x3 matrix mapping the 4 `src` points onto the 4 `dst` points."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def map_points(hm, pts):
    """Apply homography `hm` to a list of (x, y)."""
    p = np.hstack([np.asarray(pts, float), np.ones((len(pts), 1))]) @ hm.T
    return p[:, :2] / p[:, 2:3]


def camera_quad(rng, canvas_size, out_size, rotate_deg, persp):
    """Canvas quadrilateral that the camera sees as its rectangular frame.

    The frame is centred on the canvas, rotated by ±rotate_deg and each corner is
    jittered by ±persp of the frame size (a keystone/perspective view).
    """
    cw, ch = canvas_size
    w, h = out_size
    ang = np.deg2rad(rotate_deg) * (1 if rng.random() < 0.5 else -1)
    c, s = np.cos(ang), np.sin(ang)
    # keystone: one side shrinks (looking at the plane obliquely) plus small jitter
    k = persp * rng.uniform(0.5, 1.0)
    side = rng.integers(4)
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    if side == 0:
        corners[[0, 1], 0] *= (1 + k)
    elif side == 1:
        corners[[2, 3], 0] *= (1 + k)
    elif side == 2:
        corners[[0, 3], 1] *= (1 + k)
    else:
        corners[[1, 2], 1] *= (1 + k)
    corners += rng.uniform(-1, 1, (4, 2)) * persp * 0.35 * np.array([w, h])
    rot = np.array([[c, -s], [s, c]])
    quad = corners @ rot.T + np.array([cw / 2, ch / 2])
    return quad


def warp_to_frame(img, quad, out_size):
    """Resample the canvas so that `quad` becomes the full output frame.

    Returns the warped image and the canvas->frame homography.
    """
    w, h = out_size
    frame = [(0, 0), (w, 0), (w, h), (0, h)]
    inv = homography(frame, quad)  # frame -> canvas, what PIL wants
    coeffs = (inv / inv[2, 2]).flatten()[:8]
    out = img.transform((w, h), Image.PERSPECTIVE, tuple(coeffs), Image.BICUBIC)
    return out, homography(quad, frame)


def box_through(hm, box):
    """Axis-aligned box [x, y, w, h] of the `box` (x0, y0, x1, y1) after `hm`."""
    x0, y0, x1, y1 = box
    p = map_points(hm, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    return [float(p[:, 0].min()), float(p[:, 1].min()),
            float(p[:, 0].max() - p[:, 0].min()), float(p[:, 1].max() - p[:, 1].min())]


def curl(img, box, amplitude, rng):
    """Bend a label/page: vertical displacement dy(x) = A*sin(pi*x/W + phase).

    Returns the bent image and the (x0, y0, x1, y1) box after bending.
    """
    a = np.asarray(img, np.float32)
    h, w = a.shape[:2]
    phase = rng.uniform(-0.4, 0.4)
    xs = np.arange(w, dtype=np.float32)
    dy = amplitude * np.sin(np.pi * xs / w + phase)
    ys = np.arange(h, dtype=np.float32)[:, None] - dy[None, :]
    y0 = np.clip(np.floor(ys).astype(np.int32), 0, h - 2)
    t = np.clip(ys - y0, 0, 1)[..., None]
    cols = np.arange(w)[None, :]
    out = a[y0, cols] * (1 - t) + a[y0 + 1, cols] * t
    bx0, by0, bx1, by1 = box
    seg = dy[int(max(0, bx0)):int(min(w, bx1)) + 1]
    if len(seg) == 0:
        seg = np.array([0.0])
    new_box = (bx0, by0 + float(seg.min()), bx1, by1 + float(seg.max()))
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8)), new_box


# ---------------------------------------------------------------------------
# Photometric damage (float arrays)
# ---------------------------------------------------------------------------

def uneven_lighting(rng, a, strength):
    """Multiply by a smooth illumination field (gradient + blobs) and a vignette."""
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    grad = ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang))
    field = 1 + strength * (grad * 1.2 + 0.35 * smooth_noise(rng, h, w, max(h, w) / 2))
    r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) / 0.5
    field *= 1 - rng.uniform(0.1, 0.35) * r2  # vignetting
    return a * field[..., None]


def glare(rng, a, strength, avoid_box=None):
    """Add a soft specular highlight that pushes colours towards white.

    If `avoid_box` is given the blob is placed so that its intensity at the
    serial stays below ~35% of the peak, keeping the ground truth recoverable.
    """
    if strength <= 0:
        return a
    h, w = a.shape[:2]
    rx = rng.uniform(0.08, 0.3) * w
    ry = rx * rng.uniform(0.4, 1.2)
    for _ in range(20):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if avoid_box is None:
            break
        bx, by, bw, bh = avoid_box
        dx = max(0.0, abs(cx - (bx + bw / 2)) - bw / 2) / rx
        dy = max(0.0, abs(cy - (by + bh / 2)) - bh / 2) / ry
        if np.exp(-(dx * dx + dy * dy)) < 0.35:
            break
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    blob = np.exp(-(((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2))
    alpha = (strength * blob)[..., None]
    return a * (1 - alpha) + 255 * alpha


def adjust_contrast(a, factor, lift=0.0):
    """Compress the tonal range around the mean and lift the blacks."""
    m = a.mean()
    return (a - m) * factor + m + lift


def color_cast(rng, a, amount):
    """White-balance error: per-channel gains."""
    gains = 1 + rng.uniform(-amount, amount, 3).astype(np.float32)
    return a * gains[None, None, :]


def gaussian_blur(a, sigma):
    """Defocus approximated by a Gaussian."""
    if sigma < 0.15:
        return a
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    return np.asarray(im.filter(ImageFilter.GaussianBlur(sigma)), np.float32)


def motion_blur(a, length, angle):
    """Camera shake: average of copies shifted along a direction."""
    n = int(round(length))
    if n < 2:
        return a
    acc = np.zeros_like(a)
    dx, dy = np.cos(angle), np.sin(angle)
    for i in range(n):
        t = i - (n - 1) / 2
        acc += np.roll(a, (int(round(t * dy)), int(round(t * dx))), axis=(0, 1))
    return acc / n


def sensor_noise(rng, a, sigma):
    """Shot-like noise (stronger in shadows) plus a little chroma noise."""
    h, w = a.shape[:2]
    lum = rng.standard_normal((h, w, 1)).astype(np.float32)
    chroma = rng.standard_normal((h, w, 3)).astype(np.float32) * 0.35
    scale = sigma * (1.3 - 0.6 * a / 255.0)
    return a + (lum + chroma) * scale


def isp_denoise(a, sigma):
    """The phone's noise reduction: a light low-pass over the whole frame."""
    return gaussian_blur(a, sigma)


def to_jpeg(a, quality):
    """Encode as JPEG bytes: baseline and 4:2:0, as phone cameras write them.

    Progressive files were 2.5% smaller but took libjpeg-turbo about 2.4x as long to decode (9.0 vs 3.7 ms at
    the median), which no phone photo costs a server.
    """
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=int(quality), subsampling=2, optimize=True, progressive=False)
    return buf.getvalue()
