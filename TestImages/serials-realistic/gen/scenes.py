"""Scene composition for the three presets. Each returns (jpeg bytes, manifest entry)."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from . import camera, etched as etch, fonts, geometry as G, marks, serials, surfaces
from . import screen as screen_mod, sticker as sticker_mod

SS = camera.SS
CAP_RANGE = {"easy": (18, 24), "medium": (14, 19), "hard": (12, 15)}


def _choice(rng, seq, p=None):
    if p is not None:
        p = np.asarray(p, float); p = p / p.sum()
        return seq[int(rng.choice(len(seq), p=p))]
    return seq[int(rng.integers(len(seq)))]


def _skew(rng, difficulty):
    if rng.random() < 0.72:
        lim = {"easy": 7, "medium": 10, "hard": 12}[difficulty]
        return rng.uniform(-lim, lim)
    return rng.uniform(-1.5, 1.5)


def _persp(rng, difficulty):
    return rng.uniform(0.005, {"easy": 0.03, "medium": 0.05, "hard": 0.08}[difficulty])


def _frame_kind(rng, p_land, p_port, p_crop):
    return _choice(rng, ["landscape", "portrait", "crop"], [p_land, p_port, p_crop])


def _case_edge(rng, img, origin, edge_y, above, cap, finish_rgb):
    """Paint the device edge at world y=edge_y; the background lies above (or below)."""
    x0, y0 = origin
    H, W = img.shape[:2]
    ey = edge_y - y0
    bend_amp = rng.uniform(-1, 1) * cap * 4
    reach = abs(bend_amp) + cap * 8
    if (above and ey + reach <= 0) or (not above and ey - reach >= H):
        return
    # rows that need work: the band around the edge plus everything beyond it
    if above:
        r0, r1 = 0, int(min(H, max(0, ey + reach)))
    else:
        r0, r1 = int(max(0, min(H, ey - reach))), H
    if r1 <= r0:
        return
    bg, _ = surfaces.background(rng, W, r1 - r0, SS)
    yy = np.arange(r0, r1, dtype=np.float32)[:, None]
    xx = np.arange(W, dtype=np.float32)[None, :]
    bend = (xx / max(W, 1) - 0.5) ** 2 * bend_amp
    dist = (yy - (ey + bend)) * (1 if above else -1)   # >0 on the case
    inside = np.clip(dist / (0.8 * SS) + 0.5, 0, 1)[..., None]
    bevel_w = cap * rng.uniform(0.6, 1.8)
    bevel = (np.clip(1 - dist / bevel_w, 0, 1) * (dist > 0))[..., None]
    shine = rng.uniform(30, 80)
    shadow = np.clip(-dist / (cap * 6), 0, 1)[..., None]   # soft shadow on the table
    reg = img[r0:r1]
    img[r0:r1] = reg * inside + bg * (0.55 + 0.45 * shadow) * (1 - inside) + bevel * shine * inside


def _screw(img, cx, cy, r, dark):
    H, W = img.shape[:2]
    x0, y0, x1, y1 = int(cx - r * 1.5), int(cy - r * 1.5), int(cx + r * 1.5), int(cy + r * 1.5)
    if x1 < 0 or y1 < 0 or x0 >= W or y0 >= H:
        return
    x0c, y0c, x1c, y1c = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    yy, xx = np.mgrid[y0c:y1c, x0c:x1c].astype(np.float32)
    rr = np.hypot(xx - cx, yy - cy) / r
    ang = np.arctan2(yy - cy, xx - cx)
    ring = np.exp(-((rr - 1.0) / 0.08) ** 2) * -40
    head = (rr < 0.95) * (12 * (1 - rr))
    lobes = (rr < 0.45) * (0.5 + 0.5 * np.cos(5 * ang)) * -55 * (rr > 0.12)
    img[y0c:y1c, x0c:x1c] += (ring + head + lobes)[..., None]


def _protect_box(H, quad, pad):
    p = G.apply(H, quad)
    x0, y0, x1, y1 = G.aabb(p)
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _finish_for(rng, device):
    if device == "macbook":
        return _choice(rng, ["space-grey", "silver", "midnight", "starlight", "space-black"],
                       [0.38, 0.38, 0.1, 0.07, 0.07])
    if device == "ipad":
        return _choice(rng, ["space-grey", "silver", "gold"], [0.45, 0.4, 0.15])
    return _choice(rng, ["space-grey", "silver", "gold"], [0.45, 0.35, 0.2])


def _entry(file, preset, difficulty, serial, fmt, font, caption, box, device, rotation, carriers):
    return {"file": file, "preset": preset, "difficulty": difficulty, "serial": serial,
            "format": fmt, "font": font, "caption": caption, "serialBox": box,
            "deviceType": device, "rotation": rotation, "carriers": carriers}


def _finish_photo(rng, canvas, H, out, origin, difficulty, protect, final_size, **dev):
    canvas_u8 = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8), "RGB")
    shot = camera.warp(canvas_u8, H, origin, out)
    pil = camera.develop(rng, shot, difficulty, final_size, protect=protect, **dev)
    return camera.whatsapp(rng, pil)


# ------------------------------------------------------------------------------ etched

def etched_scene(rng, file, difficulty, rotation):
    device = _choice(rng, ["macbook", "ipad", "iphone"], [0.7, 0.15, 0.15])
    fmt = serials.choose_format(rng)
    serial = serials.make(rng, fmt, device)
    caption = _choice(rng, etch.CAPTIONS_ETCHED) if rng.random() > 0.06 else None
    cap_final = rng.uniform(*CAP_RANGE[difficulty])
    font_name = _choice(rng, fonts.ETCH_FONTS)
    while "Light" in font_name and cap_final < 16:   # hairline faces only when large
        font_name = _choice(rng, fonts.ETCH_FONTS)
    cap = cap_final * SS
    lines, _ = etch.build_lines(rng, device, serial, caption)
    tracking = rng.uniform(0.0, 0.1) if rng.random() < 0.6 else 0.0
    mask, squad, _ = etch.render_block(rng, lines, font_name, cap, tracking)
    finish = _finish_for(rng, device)
    base_rgb, sign, srange = surfaces.FINISHES[finish]
    strength = rng.uniform(*srange) * {"easy": 1.15, "medium": 1.0, "hard": 1.0}[difficulty]
    if sign < 0:
        strength *= 1.15   # dark-on-light etching reads weaker than light-on-dark
    bw, bh = mask.size

    if device == "macbook":
        kind = _frame_kind(rng, 0.68, 0.12, 0.20)
    else:
        kind = _frame_kind(rng, 0.45, 0.4, 0.15)
    fw, fh = camera.frame_size(rng, kind)
    center = squad.mean(0)
    spread = (fw * SS * 0.3, fh * SS * 0.28)
    H, out, k = camera.plan(rng, fw, fh, rotation, [squad], center, spread,
                            _skew(rng, difficulty), _persp(rng, difficulty))
    x0, y0, W, Hh = camera.canvas_region(H, out)
    canvas = surfaces.aluminium(rng, W, Hh, finish, SS)
    # device edge: MacBook text sits near the hinge edge (above), iPhone/iPad text near the bottom edge
    # (in ~40% of photos the edge is far enough away to be out of frame)
    dist = cap * (rng.uniform(2.5, 14) if rng.random() < 0.6 else rng.uniform(35, 70))
    if device == "macbook":
        edge_y, above = -dist, True
    else:
        edge_y, above = bh + dist, False
    if device == "macbook" and rng.random() < 0.5:
        sy = edge_y + cap * rng.uniform(4, 7)
        for sx in (bw / 2 + s * cap * rng.uniform(22, 45) for s in (-1, 1)):
            _screw(canvas, sx - x0, sy - y0, cap * rng.uniform(1.0, 1.5), sign > 0)
    etch.composite_etch(canvas, mask, -x0, -y0, sign, strength, rng, SS)
    marks.scratches_and_dust(rng, canvas, cap, sign < 0)
    _case_edge(rng, canvas, (x0, y0), edge_y, above, cap, base_rgb)
    near = (-x0, -y0, bw - x0, bh - y0)
    sq_c = squad - np.array([x0, y0])
    keep = [tuple(np.r_[sq_c.min(0) - cap * 0.6, sq_c.max(0) + cap * 0.6])]
    marks.smudges(rng, canvas, near, cap)
    if rng.random() < 0.5:
        marks.scribbles(rng, canvas, near, keep, cap, dark_surface=sign > 0)

    final_size = out[0] // SS, out[1] // SS
    protect = _protect_box(H, squad, cap)
    data, q = _finish_photo(rng, canvas, H, out, (x0, y0), difficulty, protect, final_size)
    box = camera.final_box(H, squad, final_size)
    return data, _entry(file, "etched", difficulty, serial, fmt, font_name, caption, box, device,
                        rotation, ["engraving"])


# ------------------------------------------------------------------------------ sticker

def _place_rgba(canvas, rgba, M_local_to_world, origin, shadow=True):
    """Warp an RGBA element with matrix M (local -> world) and alpha-blend it into the canvas."""
    w, h = rgba.size
    wq = G.apply(M_local_to_world, G.quad(0, 0, w, h))
    bx0, by0, bx1, by1 = G.aabb(wq)
    bx0, by0 = math.floor(bx0) - 4, math.floor(by0) - 4
    bw, bh = math.ceil(bx1 - bx0) + 8, math.ceil(by1 - by0) + 8
    Hm = G.T(-bx0, -by0) @ M_local_to_world
    layer = rgba.transform((bw, bh), Image.Transform.PERSPECTIVE, G.pil_coeffs(Hm),
                           Image.Resampling.BICUBIC, fillcolor=(0, 0, 0, 0))
    a = np.asarray(layer.getchannel("A"), np.float32) / 255.0
    rgb = np.asarray(layer.convert("RGB"), np.float32)
    cx0, cy0 = bx0 - origin[0], by0 - origin[1]
    Hc, Wc = canvas.shape[:2]
    sx0, sy0 = max(0, -cx0), max(0, -cy0)
    dx0, dy0 = max(0, cx0), max(0, cy0)
    ww, hh = min(bw - sx0, Wc - dx0), min(bh - sy0, Hc - dy0)
    if ww <= 0 or hh <= 0:
        return
    reg = canvas[dy0:dy0 + hh, dx0:dx0 + ww]
    if shadow:
        sh = layer.getchannel("A").filter(ImageFilter.GaussianBlur(6))
        sa = np.asarray(sh, np.float32)[sy0:sy0 + hh, sx0:sx0 + ww] / 255.0
        sa = np.roll(sa, (4, 3), (0, 1))
        reg *= (1 - 0.28 * sa)[..., None]
    aa = a[sy0:sy0 + hh, sx0:sx0 + ww, None]
    canvas[dy0:dy0 + hh, dx0:dx0 + ww] = reg * (1 - aa) + rgb[sy0:sy0 + hh, sx0:sx0 + ww] * aa


def _qhit(q1, q2, pad=0):
    a = G.aabb(q1); b = G.aabb(q2)
    return not (a[2] + pad < b[0] or b[2] + pad < a[0] or a[3] + pad < b[1] or b[3] + pad < a[1])


def sticker_scene(rng, file, difficulty, rotation, use_barcode=None):
    fmt = serials.choose_format(rng, allow_non_apple=True)
    if fmt in ("dell", "generic"):
        device = "other"
    else:
        device = _choice(rng, ["macbook", "ipad", "iphone"], [0.7, 0.15, 0.15])
    serial = serials.make(rng, fmt, device)
    cap_final = rng.uniform(*CAP_RANGE[difficulty])
    cap = cap_final * SS
    if use_barcode is None:
        use_barcode = rng.random() < 0.25
    if use_barcode:
        module = int(round(SS * {"easy": rng.uniform(2.5, 3.2), "medium": rng.uniform(2.0, 2.6),
                                 "hard": rng.uniform(1.6, 2.1)}[difficulty]))
    else:
        module = int(round(SS * {"easy": rng.uniform(5, 8), "medium": rng.uniform(4, 6),
                                 "hard": rng.uniform(3, 4.5)}[difficulty]))
    st = sticker_mod.render(rng, serial, cap, module, use_barcode, SS)
    sw, sh = st["image"].size
    engraved = device != "other" and rng.random() < 0.6
    if device == "other":
        finish = None
    else:
        finish = _finish_for(rng, device)
    alpha = rng.uniform(-8, 8) if not use_barcode else rng.uniform(-4, 4)
    mask = squad_e = None
    if engraved:
        cap_e = max(11.5, cap_final * rng.uniform(0.65, 0.95)) * SS
        font_e = _choice(rng, [f for f in fonts.ETCH_FONTS if "Light" not in f])
        lines, _ = etch.build_lines(rng, device, serial, _choice(rng, etch.CAPTIONS_ETCHED))
        mask, squad_e, _ = etch.render_block(rng, lines, font_e, cap_e, rng.uniform(0, 0.06))
        bw, bh = mask.size
        ec = squad_e.mean(0)
        for _ in range(40):
            below = rng.random() < 0.7
            cx = ec[0] + rng.uniform(-0.6, 0.6) * sw
            cy = (squad_e[:, 1].max() + cap_e * rng.uniform(1.5, 6) + sh / 2) if below else \
                 (squad_e[:, 1].min() - cap_e * rng.uniform(1.5, 5) - sh / 2)
            M = G.T(cx, cy) @ G.R(alpha) @ G.T(-sw / 2, -sh / 2)
            if not _qhit(G.apply(M, G.quad(0, 0, sw, sh)), squad_e, pad=cap_e * 0.8):
                break
        else:
            engraved = False
    if not engraved:
        cx, cy = 0.0, 0.0
        M = G.T(cx, cy) @ G.R(alpha) @ G.T(-sw / 2, -sh / 2)
        bw = bh = 0
    squad = G.apply(M, st["serial_quad"])
    cquad = G.apply(M, st["code_quad"])
    stquad = G.apply(M, G.quad(0, 0, sw, sh))

    kind = _frame_kind(rng, 0.6, 0.4, 0.0)
    fw, fh = camera.frame_size(rng, kind)
    fit = [stquad] + ([squad_e] if engraved else [])
    center = np.mean([q.mean(0) for q in fit], 0)
    spread = (fw * SS * 0.12, fh * SS * 0.12)
    H, out, k = camera.plan(rng, fw, fh, rotation, fit, center, spread,
                            _skew(rng, difficulty), _persp(rng, difficulty))
    final_size = out[0] // SS, out[1] // SS
    x0, y0, W, Hh = camera.canvas_region(H, out)
    if device == "other":
        canvas = surfaces.plastic(rng, W, Hh, SS) if rng.random() < 0.7 else \
            surfaces.aluminium(rng, W, Hh, "silver", SS)
        sign = +1
    else:
        canvas = surfaces.aluminium(rng, W, Hh, finish, SS)
        base_rgb, sign, srange = surfaces.FINISHES[finish]
    if engraved:
        strength = rng.uniform(*srange) * (1.15 if sign < 0 else 1.0)
        etch.composite_etch(canvas, mask, -x0, -y0, sign, strength, rng, SS)
    marks.scratches_and_dust(rng, canvas, cap, sign < 0)
    if rng.random() < 0.35:
        if engraved:  # hinge edge above both the etched block and the sticker
            edge_y, above = min(0.0, stquad[:, 1].min()) - cap * rng.uniform(2, 8), True
        else:
            edge_y, above = stquad[:, 1].max() + cap * rng.uniform(3, 12), False
        _case_edge(rng, canvas, (x0, y0), edge_y, above, cap, None)
    _place_rgba(canvas, st["image"], M, (x0, y0))
    # life: smudges over everything, marker scribbles around (never on serials or the code)
    allq = fit + [squad]
    allp = np.vstack(allq)
    near = tuple(np.r_[allp.min(0) - [x0, y0], allp.max(0) - [x0, y0]])
    marks.smudges(rng, canvas, near, cap)
    keep = []
    for q in [squad, cquad] + ([squad_e] if engraved else []):
        qc = q - np.array([x0, y0])
        keep.append(tuple(np.r_[qc.min(0) - cap * 0.6, qc.max(0) + cap * 0.6]))
    if rng.random() < 0.45:
        marks.scribbles(rng, canvas, near, keep, cap, dark_surface=(sign > 0))

    carriers = ["sticker-text", st["carrier"]]
    if engraved:
        p = G.apply(H, squad_e)
        if p[:, 0].min() >= 0 and p[:, 1].min() >= 0 and p[:, 0].max() <= out[0] and p[:, 1].max() <= out[1]:
            carriers.append("engraving")
    prot = _protect_box(H, squad, cap)
    if difficulty != "hard":  # keep glare mostly off the code and the engraved serial too
        for q in [cquad] + ([squad_e] if "engraving" in carriers else []):
            pc = _protect_box(H, q, 0)
            prot = (min(prot[0], pc[0]), min(prot[1], pc[1]), max(prot[2], pc[2]), max(prot[3], pc[3]))
    data, q = _finish_photo(rng, canvas, H, out, (x0, y0), difficulty, prot, final_size)
    box = camera.final_box(H, squad, final_size)
    e = _entry(file, "sticker", difficulty, serial, fmt, st["font"], st["caption"], box, device,
               rotation, carriers)
    return data, e, st["payload"]


# ------------------------------------------------------------------------------ screen

def _wallpaper(rng, w, h):
    c1 = rng.uniform(20, 200, 3); c2 = rng.uniform(20, 200, 3)
    yy, xx = np.mgrid[0:h // 8 + 1, 0:w // 8 + 1].astype(np.float32)
    t = (xx / (w / 8) * rng.uniform(0.2, 1) + yy / (h / 8) * rng.uniform(0.2, 1))
    t = t / t.max()
    small = c1[None, None, :] * (1 - t[..., None]) + c2[None, None, :] * t[..., None]
    small += 30 * surfaces.smooth_noise(rng, small.shape[1], small.shape[0], 30, 3)
    im = Image.fromarray(np.clip(small, 0, 255).astype(np.uint8)).resize((w, h), Image.Resampling.BICUBIC)
    return im


def screen_scene(rng, file, difficulty, rotation):
    device = _choice(rng, ["macbook", "iphone"], [0.6, 0.4])
    fmt = serials.choose_format(rng)
    if device == "iphone" and fmt == "apple11":
        fmt = "apple12"   # no iPhone that runs this Settings UI has an 11-character serial
    serial = serials.make(rng, fmt, device)
    if device == "macbook":
        lo, hi = {"easy": (16, 22), "medium": (13, 17), "hard": (12, 14)}[difficulty]
    else:
        lo, hi = {"easy": (19, 24), "medium": (15, 19), "hard": (13, 15)}[difficulty]
    cap = rng.uniform(lo, hi) * SS
    family = _choice(rng, fonts.SCREEN_FONTS)
    dark = rng.random() < 0.4
    if device == "macbook":
        style = screen_mod.mac_bigsur if rng.random() < 0.5 else screen_mod.mac_ventura
        pt = 12 if style is screen_mod.mac_bigsur else 11
        u = cap / (pt * fonts.cap_ratio(family))
        win, sbox, caption, _ = style(rng, serial, u, family, dark)
        ww, wh = win.size
        mx, my = int(ww * rng.uniform(0.15, 0.5)), int(wh * rng.uniform(0.15, 0.5))
        disp = _wallpaper(rng, ww + 2 * mx, wh + 2 * my + int(24 * u))
        menubar = Image.new("RGB", (disp.width, int(24 * u)), (40, 40, 42) if dark else (232, 232, 236))
        disp.paste(menubar, (0, 0))
        # window shadow
        sh = Image.new("L", disp.size, 0)
        ImageDraw.Draw(sh).rectangle([mx, my + 24 * u, mx + ww, my + 24 * u + wh], fill=150)
        sh = sh.filter(ImageFilter.GaussianBlur(12 * u))
        disp = Image.composite(Image.new("RGB", disp.size, (0, 0, 0)), disp, sh)
        wmask = Image.new("L", win.size, 0)
        ImageDraw.Draw(wmask).rounded_rectangle([0, 0, ww - 1, wh - 1], radius=10 * u, fill=255)
        woff = (mx, my + int(24 * u))
        disp.paste(win, woff, wmask)
        sq = np.array([[sbox[0], sbox[1]], [sbox[2], sbox[1]], [sbox[2], sbox[3]], [sbox[0], sbox[3]]], float) + woff
        pitch = u / 2
        bezel = 18 * u
        kind = "landscape" if rng.random() < 0.85 else "portrait"
        font_name = family
    else:
        pt = 17
        u = cap / (pt * fonts.cap_ratio(family))
        disp, sbox, caption, _ = screen_mod.ios_about(rng, serial, u, family, dark)
        sq = np.array([[sbox[0], sbox[1]], [sbox[2], sbox[1]], [sbox[2], sbox[3]], [sbox[0], sbox[3]]], float)
        pitch = u / 3
        bezel = 10 * u
        kind = "portrait" if rng.random() < 0.8 else "landscape"
        font_name = family
    dw, dh = disp.size
    fw, fh = camera.frame_size(rng, kind)
    dcen = np.array([dw / 2, dh / 2])
    center = sq.mean(0) * 0.6 + dcen * 0.4
    spread = (fw * SS * 0.15, fh * SS * 0.15)
    skew = _skew(rng, difficulty)
    persp = rng.uniform(0.02, {"easy": 0.05, "medium": 0.08, "hard": 0.11}[difficulty])
    H, out, k = camera.plan(rng, fw, fh, rotation, [sq], center, spread, skew, persp)
    final_size = out[0] // SS, out[1] // SS
    x0, y0, W, Hh = camera.canvas_region(H, out)
    # only the part of the display the camera sees is processed
    cx0, cy0 = max(0, x0), max(0, y0)
    cx1, cy1 = min(dw, x0 + W), min(dh, y0 + Hh)
    disp = disp.crop((cx0, cy0, cx1, cy1))
    arr = np.asarray(disp, np.float32)
    dh_c, dw_c = arr.shape[:2]
    arr = screen_mod.pixel_grid(arr, pitch, rng.uniform(0.25, 0.5))
    # emissive screen photographed: blacks lift, whites bloom bluish
    arr = arr * rng.uniform(0.85, 1.0) + rng.uniform(8, 25)
    arr *= np.array([rng.uniform(0.92, 1.0), 1.0, rng.uniform(1.0, 1.08)], np.float32)
    # explicit moire interference bands
    yy, xx = np.mgrid[0:dh_c // 4 + 1, 0:dw_c // 4 + 1].astype(np.float32) * 4
    a1, a2 = rng.uniform(0, np.pi, 2)
    l1, l2 = rng.uniform(40, 160, 2) * SS / 2
    band = np.sin(2 * np.pi * (np.cos(a1) * xx + np.sin(a1) * yy) / l1) * \
        np.sin(2 * np.pi * (np.cos(a2) * xx + np.sin(a2) * yy) / l2)
    amp = rng.uniform(5, 14) * {"easy": 0.6, "medium": 1.0, "hard": 1.4}[difficulty]
    m3 = np.stack([band, np.roll(band, 3, 1), np.roll(band, 6, 1)], -1) * amp
    m3 = np.stack([np.asarray(Image.fromarray(m3[..., c].astype(np.float32), "F").resize(
        ((dw_c // 4 + 1) * 4, (dh_c // 4 + 1) * 4), Image.Resampling.BILINEAR))[:dh_c, :dw_c] for c in range(3)], -1)
    arr += m3
    disp_rgba = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    disp_rgba.putalpha(255)
    canvas, _ = surfaces.background(rng, W, Hh, SS)
    canvas *= 0.6
    # device body + bezel
    body = Image.new("L", (W, Hh), 0)
    bd = ImageDraw.Draw(body)
    bx0, by0 = -bezel - x0, -bezel - y0
    bd.rounded_rectangle([bx0, by0, bx0 + dw + 2 * bezel, by0 + dh + 2 * bezel],
                         radius=(40 if device == "iphone" else 10) * u, fill=255)
    b = np.asarray(body, np.float32)[..., None] / 255.0
    bez_col = np.array([14, 14, 16], np.float32) + rng.uniform(0, 10)
    canvas = canvas * (1 - b) + bez_col * b
    if device == "iphone":   # metal frame rim
        rim = Image.new("L", (W, Hh), 0)
        ImageDraw.Draw(rim).rounded_rectangle([bx0 - 3 * u, by0 - 3 * u, bx0 + dw + 2 * bezel + 3 * u,
                                               by0 + dh + 2 * bezel + 3 * u], radius=43 * u,
                                              outline=255, width=int(3 * u))
        r = np.asarray(rim, np.float32)[..., None] / 255.0
        canvas = canvas * (1 - r) + np.array([150, 150, 155], np.float32) * r
    canvas[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0] = np.asarray(disp_rgba.convert("RGB"), np.float32)
    # reflection of a window / lamp on the glass
    if rng.random() < 0.7:
        refl = Image.new("L", (W // 4, Hh // 4), 0)
        cx, cy = rng.uniform(0, W / 4), rng.uniform(0, Hh / 4)
        rw, rh = rng.uniform(0.15, 0.5) * W / 4, rng.uniform(0.15, 0.5) * Hh / 4
        ImageDraw.Draw(refl).rectangle([cx - rw, cy - rh, cx + rw, cy + rh], fill=255)
        refl = refl.filter(ImageFilter.GaussianBlur(rng.uniform(5, 25))).resize((W, Hh), Image.Resampling.BILINEAR)
        canvas += (np.asarray(refl, np.float32) / 255 * rng.uniform(15, 45))[..., None]
    prot = _protect_box(H, sq, cap)
    data, q = _finish_photo(rng, canvas, H, out, (x0, y0), difficulty, prot, final_size)
    box = camera.final_box(H, sq, final_size)
    return data, _entry(file, "screen", difficulty, serial, fmt, font_name, caption, box, device,
                        rotation, ["screen"])
