"""Procedural surface textures as float32 RGB arrays (0..255)."""
import numpy as np
from PIL import Image

# anodised aluminium finishes: (name, base RGB, etch delta sign, etch strength range)
FINISHES = {
    "space-grey": ((88, 90, 95), +1, (42, 72)),
    "silver": ((196, 198, 201), -1, (40, 66)),
    "midnight": ((52, 58, 70), +1, (40, 64)),
    "starlight": ((214, 205, 192), -1, (38, 60)),
    "gold": ((222, 204, 184), -1, (38, 60)),
    "space-black": ((60, 61, 64), +1, (40, 66)),
}


def smooth_noise(rng, w, h, cell, channels=1):
    """Low-frequency noise in [-1, 1]: random values every `cell` px, bicubic upsampled."""
    gw, gh = max(2, int(w / cell) + 3), max(2, int(h / cell) + 3)
    out = []
    for _ in range(channels):
        g = rng.standard_normal((gh, gw)).astype(np.float32)
        im = Image.fromarray(g, "F").resize((int(gw * cell), int(gh * cell)), Image.Resampling.BICUBIC)
        a = np.asarray(im)[:h, :w]
        out.append(a / (np.abs(a).max() + 1e-6))
    return out[0] if channels == 1 else np.stack(out, -1)


def streaks(rng, w, h, length, angle_horizontal=True):
    """Directional (brushed) noise: unit variance, long along x."""
    sw = max(2, int(w / length) + 2)
    g = rng.standard_normal((h, sw)).astype(np.float32)
    a = np.asarray(Image.fromarray(g, "F").resize((int(sw * length), h), Image.Resampling.BILINEAR))[:, :w]
    return a / (a.std() + 1e-6)


def blur_f(a, sigma):
    """Gaussian blur of a float array with values roughly in [-4, 4] (via 8-bit PIL)."""
    from PIL import ImageFilter
    u8 = np.clip(a * 30 + 128, 0, 255).astype(np.uint8)
    b = np.asarray(Image.fromarray(u8, "L").filter(ImageFilter.GaussianBlur(sigma)), np.float32)
    return (b - 128) / 30


def fine_noise(rng, w, h, blur=0.0):
    g = rng.standard_normal((h, w)).astype(np.float32)
    if blur > 0:
        g = blur_f(g, blur)
        g = g / (g.std() + 1e-6)
    return g


def lighting(rng, w, h, strength):
    """Multiplicative lighting field around 1.0: gradient + soft broad highlight.
    Computed on a coarse grid and upsampled (it is smooth)."""
    f = 8
    lw, lh = w // f + 2, h // f + 2
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32) * f
    ang = rng.uniform(0, 2 * np.pi)
    grad = (np.cos(ang) * (xx / w - 0.5) + np.sin(ang) * (yy / h - 0.5))
    field = 1.0 + strength * grad * 1.2
    # broad soft highlight (light source reflection on matte metal)
    cx, cy = rng.uniform(-0.2, 1.2) * w, rng.uniform(-0.2, 1.2) * h
    r = rng.uniform(0.5, 1.2) * max(w, h)
    field += strength * 0.8 * np.exp(-(((xx - cx) ** 2 + (yy - cy) ** 2) / (r * r)))
    field += strength * 0.25 * smooth_noise(rng, lw, lh, max(lw, lh) / 3)
    big = Image.fromarray(field.astype(np.float32), "F").resize((lw * f, lh * f), Image.Resampling.BILINEAR)
    return np.asarray(big)[:h, :w]


def _up(a, w, h):
    """Upsample a single-channel float array to (h, w)."""
    return np.asarray(Image.fromarray(a.astype(np.float32), "F").resize((w, h), Image.Resampling.BILINEAR))


def aluminium(rng, w, h, finish, scale):
    """Anodised aluminium; `scale` = scene px per final px. The grain is synthesised at
    final-pixel scale and upsampled (it is at most a pixel or so in the photo)."""
    base = np.array(FINISHES[finish][0], np.float32)
    base = base + rng.normal(0, 4, 3).astype(np.float32)  # camera white balance / batch
    sw, sh = max(8, int(w / scale)), max(8, int(h / scale))
    light = lighting(rng, w, h, rng.uniform(0.10, 0.28))
    bead = fine_noise(rng, sw, sh, blur=0.6)
    brushed = streaks(rng, sw, sh, length=rng.uniform(30, 120))
    mottle = smooth_noise(rng, sw, sh, 18)
    lum = base.mean()
    amp_bead = rng.uniform(2.0, 5.0) * (0.6 + lum / 255)
    amp_br = rng.uniform(0.5, 3.0)
    tex = _up(amp_bead * bead + amp_br * brushed + 3.0 * mottle, w, h)
    img = base[None, None, :] * light[..., None]
    img += tex[..., None]
    return img


def plastic(rng, w, h, scale):
    """Black/dark-grey laptop plastic with fine pebble texture."""
    base = np.array([38, 38, 41], np.float32) + rng.normal(0, 3, 3).astype(np.float32)
    light = lighting(rng, w, h, rng.uniform(0.2, 0.5))
    pebble = fine_noise(rng, w, h, blur=1.2 * scale)
    img = base[None, None, :] * light[..., None] + 4.0 * pebble[..., None]
    return img.astype(np.float32)


def background(rng, w, h, scale):
    """What lies beyond the device edge: wooden desk, fabric, white table or dark cloth."""
    kind = ["wood", "fabric", "table", "dark"][int(rng.integers(4))]
    if kind == "wood":
        base = np.array([rng.uniform(110, 170), rng.uniform(75, 115), rng.uniform(45, 70)], np.float32)
        grain = streaks(rng, w, h, length=rng.uniform(150, 400) * scale)
        rings = smooth_noise(rng, w, h, 40 * scale)
        img = base[None, None, :] * (1 + 0.08 * grain[..., None] + 0.12 * rings[..., None])
    elif kind == "fabric":
        base = np.array(rng.uniform(60, 140, 3), np.float32)
        weave = fine_noise(rng, w, h, blur=1.5 * scale)
        img = base[None, None, :] * (1 + 0.07 * weave[..., None])
    elif kind == "table":
        v = rng.uniform(200, 235)
        base = np.array([v, v - rng.uniform(0, 8), v - rng.uniform(0, 15)], np.float32)
        img = base[None, None, :] + 2.5 * fine_noise(rng, w, h, 0.8 * scale)[..., None]
    else:
        base = np.array(rng.uniform(15, 35, 3), np.float32)
        img = base[None, None, :] + 2.0 * fine_noise(rng, w, h, 1.0 * scale)[..., None]
    img = img * lighting(rng, w, h, 0.25)[..., None]
    return img.astype(np.float32), kind


def paper(rng, w, h, tint, scale):
    """Label stock: white or yellow paper with fibres."""
    if tint == "yellow":
        base = np.array([246, 226, 120], np.float32) + rng.normal(0, 5, 3).astype(np.float32)
    elif tint == "white-glossy":
        base = np.array([247, 247, 244], np.float32)
    else:
        base = np.array([240, 239, 232], np.float32) + rng.normal(0, 3, 3).astype(np.float32)
    fib = fine_noise(rng, w, h, blur=0.5 * scale)
    blot = smooth_noise(rng, w, h, 25 * scale)
    img = base[None, None, :] + (2.0 * fib + 3.0 * blot)[..., None]
    return np.clip(img, 0, 255).astype(np.float32)
