"""Procedural surfaces, returned as float32 arrays (H, W, 3) in 0..255."""
import numpy as np
from PIL import Image


def smooth_noise(rng, h, w, cell_y, cell_x=None):
    """Zero-mean, unit-ish noise, smooth over `cell` pixels (bicubic upsampling)."""
    cell_x = cell_x or cell_y
    gh = max(2, int(h / cell_y) + 2)
    gw = max(2, int(w / cell_x) + 2)
    small = rng.standard_normal((gh, gw)).astype(np.float32)
    img = Image.fromarray(small, mode="F").resize((w, h), Image.BICUBIC)
    return np.asarray(img, dtype=np.float32)


def directional_gradient(h, w, angle, center, width):
    """Gaussian band across the image: peak 1 at `center` (0..1 along the angle)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = (xx / w - 0.5) * np.cos(angle) + (yy / h - 0.5) * np.sin(angle) + 0.5
    return np.exp(-((d - center) / width) ** 2)


def brushed_metal(rng, h, w, base, tint, scale_px, brushed=True):
    """Aluminium: base colour, directional streaks (or bead-blast speckle), sheen.

    `scale_px` is the canvas magnification (px per mm); streak length follows it
    so close-ups do not look like a different material.
    """
    g = np.full((h, w), 0.0, np.float32)
    if brushed:
        # long horizontal streaks: noise that is smooth along x, sharp along y
        g += 7.0 * smooth_noise(rng, h, w, max(1.0, scale_px * 0.04), scale_px * 6)
        g += 2.5 * smooth_noise(rng, h, w, max(1.0, scale_px * 0.03), scale_px * 2)
        g += 2.0 * rng.standard_normal((h, 1)).astype(np.float32)
    else:
        g += 4.0 * smooth_noise(rng, h, w, max(1.0, scale_px * 0.03))
    g += 12.0 * smooth_noise(rng, h, w, max(h, w) / 2.5)
    out = np.empty((h, w, 3), np.float32)
    for c in range(3):
        out[..., c] = base * tint[c] + g
    return out


def paper(rng, h, w, color, scale_px):
    """Label stock: colour with fibre noise and faint blotches."""
    g = 2.5 * smooth_noise(rng, h, w, max(1.0, scale_px * 0.15))
    g += 3.0 * smooth_noise(rng, h, w, max(h, w) / 4)
    out = np.empty((h, w, 3), np.float32)
    for c in range(3):
        out[..., c] = color[c] + g
    return out


def plastic(rng, h, w, color, scale_px):
    """Device casing: fine grain texture with low-frequency lightness changes."""
    g = 3.0 * smooth_noise(rng, h, w, max(1.0, scale_px * 0.2))
    g += 6.0 * smooth_noise(rng, h, w, max(h, w) / 3)
    out = np.empty((h, w, 3), np.float32)
    for c in range(3):
        out[..., c] = color[c] + g
    return out


def desk(rng, h, w):
    """A table top behind a phone or laptop: wood grain or dark matte."""
    if rng.random() < 0.5:
        base = np.array([120, 85, 55], np.float32) * rng.uniform(0.6, 1.2)
        grain = 14 * smooth_noise(rng, h, w, 3, 120) + 8 * smooth_noise(rng, h, w, 40)
        return base[None, None, :] + grain[..., None] * np.array([1, 0.8, 0.6], np.float32)
    base = rng.uniform(25, 70)
    g = 5 * smooth_noise(rng, h, w, 30)
    return np.repeat((base + g)[..., None], 3, axis=2)


def wallpaper(rng, h, w):
    """Smooth two-colour desktop wallpaper gradient."""
    c0 = rng.uniform(30, 220, 3).astype(np.float32)
    c1 = rng.uniform(30, 220, 3).astype(np.float32)
    t = directional_gradient(h, w, rng.uniform(0, np.pi), 0.0, 1.2)
    t = t + 0.15 * smooth_noise(rng, h, w, max(h, w) / 3)
    t = np.clip(t, 0, 1)[..., None]
    return c0 * (1 - t) + c1 * t
