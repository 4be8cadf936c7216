"""Phone-camera simulation: framing, perspective, background clutter, optics, sensor, JPEG."""
import io
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import drawing as dr

# per difficulty: serial width fraction, max rotation (deg), keystone, blur sigma, noise sigma, jpeg quality
PARAMS = {
    "easy":   dict(frac=(0.30, 0.60), rot=2.0, key=0.04, blur=(0.0, 0.6), noise=(1.0, 2.5), q=(84, 90), minh=18),
    "medium": dict(frac=(0.22, 0.45), rot=4.5, key=0.10, blur=(0.4, 1.1), noise=(2.0, 4.0), q=(77, 85), minh=15),
    "hard":   dict(frac=(0.15, 0.35), rot=8.0, key=0.18, blur=(0.7, 1.4), noise=(3.0, 5.5), q=(70, 78), minh=13),
}
# landscape sizes per difficulty (a third of the photos are turned to portrait)
SIZES = {"easy": [(1280, 960), (1200, 900), (1152, 864), (1280, 720), (1400, 1050)],
         "medium": [(1152, 864), (1088, 816), (1200, 900), (1024, 768), (1280, 720)],
         "hard": [(1024, 768), (960, 720), (1088, 816), (1152, 864)]}


def _solve_homography(src, dst):
    """3x3 matrix mapping the four src points onto the four dst points."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        b += [u, v]
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1).reshape(3, 3)


def _apply(hm, pts):
    p = np.c_[np.asarray(pts, float), np.ones(len(pts))] @ hm.T
    return p[:, :2] / p[:, 2:3]


def _corners(box):
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _offset(rng, lo_s, hi_s, lo_c, hi_c):
    """Translation keeping the serial inside [lo_s, hi_s] and, when it fits, the caption context too."""
    if lo_c <= hi_c:
        return rng.uniform(lo_c, hi_c)
    return float(np.clip((lo_c + hi_c) / 2, lo_s, max(lo_s, hi_s)))


def _pose(rng, p, size, obj_size, box, context):
    """Homography placing the (pre-scaled) object so the serial box lands inside the frame."""
    W, H = size
    ow, oh = obj_size
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    th = np.radians(rng.uniform(-p["rot"], p["rot"]))
    # keystone: move the corners of a virtual square around the serial
    half = max(ow, oh) / 2
    src = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    k = p["key"]
    kx, ky = rng.uniform(-k, k), rng.uniform(-k, k)
    dst = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        fx = 1 + kx * sy + rng.uniform(-k, k) * 0.25          # top/bottom edge shrink -> keystone
        fy = 1 + ky * sx + rng.uniform(-k, k) * 0.25
        x, y = sx * half * fx, sy * half * fy
        dst.append((x * np.cos(th) - y * np.sin(th), x * np.sin(th) + y * np.cos(th)))
    hm = _solve_homography(src, dst)
    q, c = _apply(hm, _corners(box)), _apply(hm, _corners(context))
    mx, my = 0.04 * W, 0.12 * H
    tx = _offset(rng, mx - q[:, 0].min(), W - mx - q[:, 0].max(), mx - c[:, 0].min(), W - mx - c[:, 0].max())
    ty = _offset(rng, my - q[:, 1].min(), H - my - q[:, 1].max(), my - c[:, 1].min(), H - my - c[:, 1].max())
    return np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]) @ hm


def _background(rng, kind, W, H):
    """Desk / fabric / plain surface with a bit of clutter (paper, pen, cable)."""
    pick = rng.choice(["wood", "fabric", "plain", "plain", "card"] if kind != "screen" else ["wood", "plain", "fabric", "dark"])
    if pick == "wood":
        a = dr.wood(rng, W, H)
    elif pick == "fabric":
        a = dr.fabric(rng, W, H)
    elif pick == "card":
        a = dr.cardboard(rng, W, H)
    elif pick == "dark":
        a = dr.plastic(rng, W, H, rng.integers(25, 60, size=3))
    else:
        a = dr.plain(rng, W, H)
    img = dr.to_img(a)
    d = ImageDraw.Draw(img)
    for _ in range(int(rng.integers(0, 4))):
        c = rng.choice(["paper", "pen", "cable"])
        x, y = rng.uniform(-0.2, 1.0) * W, rng.uniform(-0.2, 1.0) * H
        if c == "paper":
            s = rng.uniform(0.2, 0.5) * W
            d.polygon([(x, y), (x + s, y + s * 0.1), (x + s * 0.9, y + s * 1.3), (x - s * 0.1, y + s * 1.2)],
                      fill=tuple(int(v) for v in rng.integers(225, 250, size=3)))
        elif c == "pen":
            L, a_ = rng.uniform(0.3, 0.6) * W, rng.uniform(0, np.pi)
            d.line([(x, y), (x + L * np.cos(a_), y + L * np.sin(a_))], width=int(rng.uniform(10, 22)),
                   fill=tuple(int(v) for v in rng.integers(0, 200, size=3)))
        else:
            pts = [(x + i * W * 0.1, y + 60 * np.sin(i * rng.uniform(0.5, 1.5))) for i in range(12)]
            d.line(pts, width=int(rng.uniform(6, 14)), fill=(30, 30, 32), joint="curve")
    return img


def _hand(rng, img, qbox):
    """A skin-coloured blob (finger / thumb) entering from an edge, away from the serial."""
    W, H = img.size
    x0, y0, x1, y1 = qbox
    for _ in range(10):
        side = int(rng.integers(4))
        r = rng.uniform(0.08, 0.16) * W
        cx = [rng.uniform(0, W), W, rng.uniform(0, W), 0][side]
        cy = [0, rng.uniform(0, H), H, rng.uniform(0, H)][side]
        if cx + r * 1.4 < x0 - 20 or cx - r * 1.4 > x1 + 20 or cy + r * 1.4 < y0 - 20 or cy - r * 1.4 > y1 + 20:
            m = Image.new("L", img.size, 0)
            ImageDraw.Draw(m).ellipse([cx - r, cy - r * 1.4, cx + r, cy + r * 1.4], fill=255)
            m = m.filter(ImageFilter.GaussianBlur(6))
            skin = np.array([rng.uniform(150, 225), rng.uniform(105, 160), rng.uniform(80, 130)])
            yy, xx = np.mgrid[0:H, 0:W]
            shade = 1 - 0.25 * np.hypot(xx - cx, yy - cy) / r
            layer = dr.to_img(skin[None, None, :] * np.clip(shade, 0.6, 1)[..., None])
            img.paste(layer, (0, 0), m)
            return


def _moire(rng, W, H):
    """Interference bands of photographing a pixel grid: fine curved stripes, slightly coloured."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    f = rng.uniform(0.04, 0.2)
    a = rng.uniform(0, np.pi)
    phase = (xx * np.cos(a) + yy * np.sin(a)) * f + 3e-5 * rng.uniform(-1, 1) * ((xx - W / 2) ** 2 + (yy - H / 2) ** 2)
    env = np.clip(0.5 + dr.smooth_noise(rng, W, H, 3, 0.8), 0, 1)
    amp = rng.uniform(0.015, 0.04) * env
    luma = amp * np.sin(phase)
    return np.stack([1 + luma + 0.35 * amp * np.sin(phase * 0.5 + k * 2.1) for k in range(3)], axis=-1)


def _glare(rng, W, H, qbox, strength):
    """Soft additive glare spots that stay clear of the serial box."""
    g = np.zeros((H, W), np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    bx, by = (qbox[0] + qbox[2]) / 2, (qbox[1] + qbox[3]) / 2
    half = np.hypot(qbox[2] - qbox[0], qbox[3] - qbox[1]) / 2
    for _ in range(int(rng.integers(1, 3))):
        for _try in range(20):
            r = rng.uniform(0.05, 0.2) * W
            cx, cy = rng.uniform(0, W), rng.uniform(0, H)
            if np.hypot(cx - bx, cy - by) > half + 2.2 * r:
                g += strength * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
                break
    return np.clip(g, 0, 0.9)


def _motion_blur(a, rng, length):
    """Average of shifted copies along a random direction."""
    ang = rng.uniform(0, np.pi)
    out = np.zeros_like(a)
    n = max(2, int(length))
    for i in range(n):
        t = i - (n - 1) / 2
        out += np.roll(np.roll(a, int(round(t * np.sin(ang))), 0), int(round(t * np.cos(ang))), 1)
    return out / n


def photograph(rng, obj, difficulty):
    """Place obj in a photo; return (PIL image, serial box [x, y, w, h], jpeg quality)."""
    p = PARAMS[difficulty]
    W, H = SIZES[difficulty][int(rng.integers(len(SIZES[difficulty])))]
    if rng.random() < 0.35:
        W, H = H, W
    bw, bh = obj.box[2] - obj.box[0], obj.box[3] - obj.box[1]
    s = rng.uniform(*p["frac"]) * W / bw
    low_contrast = obj.kind == "etched"                        # etched text gets less blur and more pixels
    s = max(s, (p["minh"] + 4 * low_contrast) * rng.uniform(1.0, 1.3) / bh)   # keep the serial tall enough
    s = min(s, 0.6 * W / bw)
    ow, oh = max(1, int(obj.img.width * s)), max(1, int(obj.img.height * s))
    img = obj.img.resize((ow, oh), Image.LANCZOS)
    mask = obj.mask.resize((ow, oh), Image.LANCZOS)
    box = [v * s for v in obj.box]
    hm = _pose(rng, p, (W, H), (ow, oh), box, [v * s for v in obj.context])
    inv = np.linalg.inv(hm)
    inv /= inv[2, 2]
    coeffs = tuple(inv.flatten()[:8])
    warped = img.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    wmask = mask.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    q = _apply(hm, _corners(box))
    qbox = (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())

    bg = _background(rng, obj.kind, W, H)
    shadow = wmask.filter(ImageFilter.GaussianBlur(rng.uniform(6, 18)))
    off = (int(rng.integers(-12, 13)), int(rng.integers(4, 20)))
    sh = np.roll(np.asarray(shadow, np.float32) / 255, off, axis=(1, 0))
    bg = dr.to_img(np.asarray(bg, np.float32) * (1 - 0.45 * sh[..., None]))
    bg.paste(warped, (0, 0), wmask)
    if rng.random() < (0.15, 0.3, 0.45)[["easy", "medium", "hard"].index(difficulty)]:
        _hand(rng, bg, qbox)
    a = np.asarray(bg, np.float32)

    # emissive screen: moire + reflection band
    if obj.kind == "screen":
        sm = np.asarray(obj.screen_mask.resize((ow, oh)).transform((W, H), Image.PERSPECTIVE, coeffs), np.float32)[..., None] / 255
        a = a * (1 + (_moire(rng, W, H) - 1) * sm)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = rng.uniform(0, np.pi)
        proj = xx * np.cos(ang) + yy * np.sin(ang)
        band = np.exp(-((proj - rng.uniform(proj.min(), proj.max())) / (rng.uniform(0.1, 0.3) * W)) ** 2)
        a = 255 - (255 - a) * (1 - rng.uniform(0.05, 0.22) * band[..., None] * sm)
    # lighting: gradient + vignette + colour cast
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    g = 1 + rng.uniform(-0.25, 0.25) * (xx / W - 0.5) + rng.uniform(-0.25, 0.25) * (yy / H - 0.5)
    g *= 1 + dr.smooth_noise(rng, W, H, 3, 0.06 if difficulty != "hard" else 0.12)
    vig = 1 - rng.uniform(0.1, 0.4) * (((xx - W / 2) / W) ** 2 + ((yy - H / 2) / H) ** 2) * 2
    cast = 1 + rng.uniform(-1, 1, size=3) * {"easy": 0.025, "medium": 0.045, "hard": 0.07}[difficulty]
    a = a * (g * vig)[..., None] * cast[None, None, :]
    glare = _glare(rng, W, H, qbox, rng.uniform(0.3, 0.8))[..., None]
    a = 255 - (255 - np.clip(a, 0, 255)) * (1 - glare)
    # optics
    im = dr.to_img(a)
    sigma = rng.uniform(*p["blur"]) * (0.75 if low_contrast else 1.0)
    if sigma > 0.05:
        im = im.filter(ImageFilter.GaussianBlur(sigma))
    a = np.asarray(im, np.float32)
    if difficulty != "easy" and rng.random() < 0.4:
        a = _motion_blur(a, rng, rng.uniform(2, 3 if difficulty == "medium" or low_contrast else 5))
    # sensor noise (luma + some chroma), stronger in the shadows
    ns = rng.uniform(*p["noise"])
    luma = rng.normal(0, ns, (H, W, 1)) * (1.4 - a.mean(axis=2, keepdims=True) / 255)
    chroma = rng.normal(0, ns * 0.25, (H, W, 3))
    im = dr.to_img(a + luma + chroma)
    if rng.random() < 0.5:                                     # phone sharpening
        im = im.filter(ImageFilter.UnsharpMask(radius=2, percent=int(rng.uniform(40, 110)), threshold=2))
    x0, y0, x1, y1 = qbox
    return im, [float(x0), float(y0), float(x1 - x0), float(y1 - y0)], int(rng.integers(p["q"][0], p["q"][1] + 1))


def encode(im, box, quality, budget):
    """JPEG bytes within budget: lower the quality (not below 70), then downscale (not below 800 px)."""
    while True:
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=quality, optimize=True)
        if buf.tell() <= budget:
            return buf.getvalue(), box, quality, im.size
        if quality > 70:
            quality = max(70, quality - 4)
        elif max(im.size) * 0.9 >= 800:
            f = 0.9
            im = im.resize((int(im.width * f), int(im.height * f)), Image.LANCZOS)
            box = [v * f for v in box]
        else:
            return buf.getvalue(), box, quality, im.size
