"""Settings / About screens (phone, tablet, desktop window, system report) shown on a device."""
import numpy as np
from PIL import Image, ImageDraw

from . import ids, fonts, drawing as dr

LIGHT = dict(bg=(242, 242, 246), card=(255, 255, 255), label=(10, 10, 12), value=(126, 126, 132), sep=(216, 216, 222))
DARK = dict(bg=(0, 0, 0), card=(30, 30, 32), label=(244, 244, 246), value=(150, 150, 156), sep=(60, 60, 64))


def _theme(rng):
    t = dict(LIGHT if rng.random() < 0.55 else DARK)
    t["accent"] = tuple(int(v) for v in rng.choice([[10, 110, 245], [40, 130, 220], [0, 150, 136], [230, 80, 40]]))
    return t


def _rows_apple(rng, serial, device):
    """Groups of (label, value) for an Apple-like About list; the serial row is tagged."""
    cap = ids.choice(rng, ["Serial Number", "Serial Number", "Serial No.", "Serial"])
    name = ids.choice(rng, ["iPhone 13", "iPhone 15 Pro", "iPhone SE", "iPhone 12 mini"] if device == "iphone"
                      else ["iPad Air", "iPad Pro (11-inch)", "iPad mini", "iPad (10th gen)"])
    g1 = [("Name", ids.choice(rng, ["Alex's " + name.split()[0], "Work phone", "Kim", name.split()[0]])),
          ("Software Version", ids.version(rng)), ("Model Name", name), ("Model Number", ids.part_number(rng)),
          (cap, serial, "serial")]
    g2 = [("Songs", str(int(rng.integers(0, 900)))), ("Videos", str(int(rng.integers(0, 300)))),
          ("Photos", f"{int(rng.integers(100, 9000)):,}"), ("Applications", str(int(rng.integers(20, 150)))),
          ("Capacity", ids.choice(rng, ["64 GB", "128 GB", "256 GB", "512 GB"])), ("Available", f"{rng.uniform(5, 90):.2f} GB")]
    g3 = [("Wi-Fi Address", ids.mac(rng)), ("Bluetooth", ids.mac(rng)), ("Modem Firmware", f"{rng.integers(1, 6)}.{rng.integers(0, 80):02d}.{rng.integers(0, 9):02d}"),
          ("EID", ids.eid(rng)), ("IMEI", ids.imei(rng, spaced=True)), ("IMEI2", ids.imei(rng, spaced=True)), ("MEID", ids.meid(rng))]
    i = int(rng.integers(0, 4))
    g1.insert(i, g1.pop(4))
    return [g1, g2[: int(rng.integers(2, 7))], g3[: int(rng.integers(3, 8))]], cap


def _rows_android(rng, serial):
    cap = ids.choice(rng, ["Serial number", "Serial number", "S/N"])
    rows = [("Phone number", "Unknown"), ("IMEI", ids.imei(rng)), ("IMEI (slot 2)", ids.imei(rng)),
            ("Model number", "SM-" + ids.choice(rng, ["G991B", "S918B/DS", "A546E"])), (cap, serial, "serial"),
            ("Wi-Fi MAC address", ids.mac(rng)), ("Bluetooth address", ids.mac(rng)),
            ("Up time", f"{rng.integers(10, 400)}:{rng.integers(0, 60):02d}:{rng.integers(0, 60):02d}"),
            ("Android version", str(int(rng.integers(11, 15)))), ("Hardware version", "REV" + ids.pick(rng, ids.DIGITS, 1) + ".0")]
    k = int(rng.integers(2, 7))
    rows.insert(k, rows.pop(4))
    return [rows], cap


def _grouped(rng, groups, width, th, face, size, two_line=False):
    """Render inset grouped rows; return (tall canvas, serial box, caption box)."""
    f = fonts.font(face, size)
    pad, rh = size * 1.1, size * 2.7
    n = sum(len(g) for g in groups)
    img = Image.new("RGB", (int(width), int(n * rh * 1.7 + len(groups) * rh + 200)), th["bg"])
    d = ImageDraw.Draw(img)
    y, box, cbox = rh * 0.6, None, None
    for g in groups:
        y0 = y
        heights = []
        for r in g:
            long = two_line or f.getlength(r[0] + r[1]) + 3 * pad > width - 2 * pad
            heights.append(rh * (1.55 if long else 1.0))
        d.rounded_rectangle([pad, y0, width - pad, y0 + sum(heights)], radius=int(size * 0.6), fill=th["card"])
        for r, h in zip(g, heights):
            base = y + h / 2 + size * 0.35
            if h > rh:   # caption on the line above the value
                c = dr.text(d, (pad * 2, y + rh * 0.62), r[0], f, th["label"])
                b = dr.text(d, (pad * 2, y + rh * 1.3), r[1], f, th["value"])
            else:
                c = dr.text(d, (pad * 2, base), r[0], f, th["label"])
                b = dr.text(d, (width - pad * 2, base), r[1], f, th["value"], anchor="rs")
            if len(r) > 2:
                box, cbox = b, c
            y += h
            if r is not g[-1]:
                d.line([pad * 2, y, width - pad, y], fill=th["sep"], width=2)
        y += rh * 0.8
    return img.crop((0, 0, int(width), int(y + rh))), box, cbox


def _status_bar(d, w, th, f, rng):
    d.text((w * 0.08, f.size * 1.7), f"{rng.integers(7, 12)}:{rng.integers(0, 60):02d}", font=f, fill=th["label"], anchor="ls")
    x = w * 0.88
    d.rounded_rectangle([x, f.size * 0.9, x + f.size * 1.6, f.size * 1.7], radius=4, outline=th["label"], width=2)
    d.rectangle([x + 4, f.size * 0.9 + 4, x + f.size * rng.uniform(0.5, 1.4), f.size * 1.7 - 4], fill=th["label"])
    for k in range(4):
        d.rectangle([x - f.size * (2 - 0.35 * k), f.size * (1.6 - 0.18 * k), x - f.size * (1.8 - 0.35 * k), f.size * 1.7], fill=th["label"])


def _shift(b, dx, dy):
    return None if b is None else (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)


def _scroll(rng, content, box, w, h, top, th):
    """Crop a viewport of the tall list so the serial row is visible below the header; return (view, dy)."""
    lo = max(0, box[3] + 60 - (h - top))
    hi = max(lo, min(box[1] - 40, content.height - (h - top)))
    off = int(rng.uniform(lo, hi)) if hi > lo else int(lo)
    view = Image.new("RGB", (int(w), int(h)), th["bg"])
    view.paste(content.crop((0, off, content.width, off + int(h - top))), (0, int(top)))
    return view, top - off


def _phone_ui(rng, serial, device, fmt):
    th, face = _theme(rng), ids.choice(rng, fonts.SCREEN_UI_FACES)
    w, size = 780, rng.uniform(28, 34)
    h = int(w * rng.uniform(1.9, 2.16))
    if device == "other":
        groups, cap = _rows_android(rng, serial)
        title = ids.choice(rng, ["Status information", "About phone", "Status"])
    else:
        groups, cap = _rows_apple(rng, serial, device)
        title = "About"
    content, box, cbox = _grouped(rng, groups, w, th, face, size, two_line=device == "other" or rng.random() < 0.2)
    top = size * 6.5
    view, dy = _scroll(rng, content, box, w, h, top, th)
    d = ImageDraw.Draw(view)
    f = fonts.font(face, size)
    _status_bar(d, w, th, f, rng)
    d.text((w / 2, size * 4.3), title, font=fonts.font(face, size * 1.1), fill=th["label"], anchor="ms")
    d.text((size, size * 4.3), "< " + ids.choice(rng, ["General", "Settings", "Back"]), font=f, fill=th["accent"], anchor="ls")
    return view, _shift(box, 0, dy), _shift(cbox, 0, dy), cap, face


def _tablet_ui(rng, serial, fmt):
    th, face = _theme(rng), ids.choice(rng, fonts.SCREEN_UI_FACES)
    w, h, size = 1640, int(1640 * rng.uniform(0.68, 0.76)), rng.uniform(24, 30)
    side = int(w * 0.32)
    groups, cap = _rows_apple(rng, serial, "ipad")
    content, box, cbox = _grouped(rng, groups, w - side, th, face, size, two_line=rng.random() < 0.15)
    view, dy = _scroll(rng, content, box, w - side, h, size * 5, th)
    ui = Image.new("RGB", (w, h), th["bg"])
    ui.paste(view, (side, 0))
    d = ImageDraw.Draw(ui)
    f = fonts.font(face, size)
    d.text((side + (w - side) / 2, size * 3.2), "About", font=fonts.font(face, size * 1.1), fill=th["label"], anchor="ms")
    d.text((size, size * 3.2), "Settings", font=fonts.font(face, size * 1.6), fill=th["label"], anchor="ls")
    items = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Notifications", "Sounds", "Focus", "Screen Time", "General",
             "Control Centre", "Display & Brightness", "Home Screen", "Accessibility", "Wallpaper", "Battery", "Privacy"]
    y = size * 5.5
    for it in items:
        if it == "General":
            d.rounded_rectangle([size * 0.5, y - size * 1.3, side - size * 0.5, y + size * 0.6], radius=10, fill=th["accent"])
        d.rounded_rectangle([size, y - size * 0.95, size * 1.9, y + size * 0.05], radius=6,
                            fill=tuple(int(v) for v in rng.integers(40, 230, size=3)))
        d.text((size * 2.5, y), it, font=f, fill=(255, 255, 255) if it == "General" else th["label"], anchor="ls")
        y += size * 2.2
    d.line([side, 0, side, h], fill=th["sep"], width=2)
    return ui, _shift(box, side, dy), _shift(cbox, side, dy), cap, face


def _laptop_icon(d, cx, cy, s, col):
    d.rounded_rectangle([cx - s, cy - s * 0.65, cx + s, cy + s * 0.55], radius=int(s * 0.06), fill=(30, 30, 34), outline=col, width=3)
    d.rectangle([cx - s * 0.9, cy - s * 0.56, cx + s * 0.9, cy + s * 0.46], fill=(70, 110, 170))
    d.polygon([(cx - s * 1.2, cy + s * 0.6), (cx + s * 1.2, cy + s * 0.6), (cx + s * 1.1, cy + s * 0.72), (cx - s * 1.1, cy + s * 0.72)], fill=col)


def _desktop_ui(rng, serial, fmt):
    """Wallpaper + an 'About this computer' window, or a system-report style window."""
    th, face = _theme(rng), ids.choice(rng, fonts.SCREEN_UI_FACES)
    w, h = 1840, int(1840 * rng.uniform(0.6, 0.66))
    yy = np.linspace(0, 1, h)[:, None, None]
    c1, c2 = rng.integers(0, 255, size=3), rng.integers(0, 255, size=3)
    wall = c1 * (1 - yy) + c2 * yy + dr.smooth_noise(rng, w, h, 4, 40.0)[..., None]
    ui = dr.to_img(np.broadcast_to(wall, (h, w, 3)).copy())
    d = ImageDraw.Draw(ui)
    size = rng.uniform(22, 28)
    f, fb = fonts.font(face, size), fonts.font(face.replace("Regular", "Medium") if "Inter-Regular" == face else face, size)
    d.rectangle([0, 0, w, size * 1.6], fill=th["card"])
    x = size
    for it in ["File", "Edit", "View", "Go", "Window", "Help"]:
        d.text((x, size * 1.15), it, font=f, fill=th["label"], anchor="ls")
        x += f.getlength(it) + size * 1.2
    report = rng.random() < 0.45
    cap = ids.choice(rng, ["Serial Number (system):", "Serial Number:", "Serial number"]) if report else \
        ids.choice(rng, ["Serial number", "Serial Number", "Serial No."])
    if report:
        vface = ids.choice(rng, fonts.SCREEN_MONO_FACES + [face])
        vf = fonts.font(vface, size)
        rows = [("Model Name:", ids.choice(rng, ["MacBook Pro", "MacBook Air", "Mac mini"])),
                ("Model Identifier:", f"Mac{rng.integers(13, 16)},{rng.integers(2, 15)}"), ("Model Number:", ids.part_number(rng)),
                ("Chip:", ids.choice(rng, ["Apple M1", "Apple M2 Pro", "Apple M3"])), ("Total Number of Cores:", str(int(rng.integers(8, 13)))),
                ("Memory:", ids.choice(rng, ["8 GB", "16 GB", "32 GB"])), ("System Firmware Version:", f"{rng.integers(8000, 11000)}.{rng.integers(1, 99)}.1"),
                (cap, serial, "serial"), ("Hardware UUID:", ids.uuid(rng)), ("Provisioning UDID:", ids.udid(rng)),
                ("Activation Lock Status:", ids.choice(rng, ["Enabled", "Disabled"]))]
        k = int(rng.integers(2, 10))
        rows.insert(k, rows.pop(7))
        ww, wh = int(w * rng.uniform(0.72, 0.85)), int(h * rng.uniform(0.7, 0.82))
        wx, wy = int((w - ww) * rng.uniform(0.2, 0.8)), int(size * 2.5)
        d.rounded_rectangle([wx, wy, wx + ww, wy + wh], radius=14, fill=th["card"], outline=th["sep"], width=2)
        side = int(ww * 0.26)
        d.rectangle([wx + 2, wy + size * 2.2, wx + side, wy + wh - 8], fill=th["bg"])
        sy = wy + size * 4
        for it in ["Hardware", "  ATA", "  Audio", "  Bluetooth", "  Camera", "  Ethernet", "  Graphics/Displays",
                   "  Memory", "  NVMExpress", "  Power", "  Storage", "  USB", "Network", "  Firewall", "Software"]:
            d.text((wx + size, sy), it, font=f, fill=th["label"], anchor="ls")
            sy += size * 1.55
        x0 = wx + side + size * 1.5
        d.text((x0, wy + size * 4), "Hardware Overview:", font=fb, fill=th["label"], anchor="ls")
        colx = x0 + size + max(f.getlength(r[0]) for r in rows) + size
        table = rng.random() < 0.4
        y = wy + size * 6.5
        for i, r in enumerate(rows):
            if table:
                if i % 2:
                    d.rectangle([x0, y - size * 1.2, wx + ww - size, y + size * 0.55], fill=th["bg"])
                d.rectangle([x0, y - size * 1.2, wx + ww - size, y + size * 0.55], outline=th["sep"], width=1)
                d.line([colx - size * 0.5, y - size * 1.2, colx - size * 0.5, y + size * 0.55], fill=th["sep"], width=1)
            c = dr.text(d, (x0 + size, y), r[0], f, th["value"])
            b = dr.text(d, (colx, y), r[1], vf, th["label"])
            if len(r) > 2:
                box, cbox, sface = b, c, vface
            y += size * 1.75
        d.text((wx + ww / 2, wy + size * 1.4), ids.choice(rng, ["System Report", "System Information"]), font=fb, fill=th["label"], anchor="ms")
    else:
        ww, wh = int(size * rng.uniform(22, 28)), int(size * 24)
        wx, wy = int((w - ww) * rng.uniform(0.2, 0.8)), int((h - wh) * rng.uniform(0.3, 0.7))
        d.rounded_rectangle([wx, wy, wx + ww, wy + wh], radius=16, fill=th["card"], outline=th["sep"], width=2)
        for k in range(3):
            d.ellipse([wx + ww - size * (1.6 + 1.3 * k), wy + size * 0.6, wx + ww - size * (0.8 + 1.3 * k), wy + size * 1.4], outline=th["value"], width=2)
        cx = wx + ww / 2
        _laptop_icon(d, cx, wy + size * 5, size * 3, th["value"])
        name = ids.choice(rng, ["MacBook Air", "MacBook Pro", "MacBook"])
        d.text((cx, wy + size * 10.5), name, font=fonts.font(face, size * 1.7), fill=th["label"], anchor="ms")
        d.text((cx, wy + size * 12), ids.choice(rng, ["13-inch, M2, 2022", "14-inch, Nov 2023", "Retina, 13-inch, 2020"]),
               font=f, fill=th["value"], anchor="ms")
        rows = [("Chip", ids.choice(rng, ["Apple M1", "Apple M2", "Apple M3 Pro"])), ("Memory", ids.choice(rng, ["8 GB", "16 GB"])),
                ("Startup disk", "Macintosh HD"), (cap, serial, "serial"), ("Version", ids.version(rng))]
        rows.insert(int(rng.integers(0, 4)), rows.pop(3))
        y = wy + size * 14.5
        for r in rows:
            c = dr.text(d, (cx - size * 0.4, y), r[0], f, th["label"], anchor="rs")
            b = dr.text(d, (cx + size * 0.4, y), r[1], f, th["value"])
            if len(r) > 2:
                box, cbox, sface = b, c, face
            y += size * 1.6
        d.rounded_rectangle([cx - size * 4, y + size * 0.5, cx + size * 4, y + size * 2.1], radius=8, fill=th["bg"], outline=th["sep"])
        d.text((cx, y + size * 1.6), "More Info...", font=f, fill=th["label"], anchor="ms")
    return ui, box, cbox, cap, sface


def _frame(rng, ui, device):
    """Put the UI in a device body with bezel; return (img, mask, screen_mask, offset)."""
    w, h = ui.size
    b = int(w * (0.035 if device != "macbook" else 0.02))
    bb = b * (2 if device == "macbook" else 1)
    W, H = w + 2 * b, h + b + bb
    body = tuple(int(v) for v in rng.choice([[18, 18, 20], [40, 40, 44], [210, 210, 214], [28, 30, 36]]))
    img = Image.new("RGB", (W, H), body)
    r_scr = int(w * (0.09 if device == "iphone" or device == "other" else 0.03 if device == "ipad" else 0.005))
    smask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(smask).rounded_rectangle([b, b, b + w - 1, b + h - 1], radius=r_scr, fill=255)
    img.paste(ui, (b, b), dr.rounded_mask(w, h, r_scr))
    d = ImageDraw.Draw(img)
    if device == "iphone" and rng.random() < 0.7:
        d.rounded_rectangle([W / 2 - w * 0.14, b + w * 0.025, W / 2 + w * 0.14, b + w * 0.085], radius=int(w * 0.03), fill=(0, 0, 0))
    if device == "macbook":
        d.ellipse([W / 2 - 5, b / 2 - 5, W / 2 + 5, b / 2 + 5], fill=(8, 8, 10))
    r_body = int(w * (0.12 if device in ("iphone", "other") else 0.05 if device == "ipad" else 0.01))
    return img, dr.rounded_mask(W, H, r_body), smask, (b, b)


def render(rng, difficulty, fmt, serial):
    """Screen showing the serial among other IDs; return an Obj."""
    if fmt in ids.APPLE_FORMATS:
        device = ids.choice(rng, ["iphone", "iphone", "ipad", "macbook", "macbook"])
    else:
        device = "other"
    if device in ("iphone", "other"):
        ui, box, cbox, cap, face = _phone_ui(rng, serial, device, fmt)
    elif device == "ipad":
        ui, box, cbox, cap, face = _tablet_ui(rng, serial, fmt)
    else:
        ui, box, cbox, cap, face = _desktop_ui(rng, serial, fmt)
    # the panel never shows true black/white in a photo
    a = np.asarray(ui, np.float32)
    lo, hi = rng.uniform(8, 30), rng.uniform(215, 248)
    ui = dr.to_img(lo + a * (hi - lo) / 255.0)
    img, mask, smask, (ox, oy) = _frame(rng, ui, device)
    o = dr.Obj(img, mask, _shift(box, ox, oy), cap, face, device, "screen")
    o.screen_mask = smask
    return o.with_caption(_shift(cbox, ox, oy))
