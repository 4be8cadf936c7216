"""Preset `screen`: a phone photo of a device's About screen.

Layouts: iOS Settings > General > About (iPhone, iPad; light and dark mode),
macOS "About This Mac" and macOS System Information. The display is drawn with
an RGB sub-pixel grid so that the camera resampling produces real aliasing
moire; an explicit low-frequency beat pattern, glare and a slight colour tint
are added on top. Layout units are points.
"""
import numpy as np
from PIL import Image

from . import fonts, serials, textures
from .scene import Ellipse, Line, Painter, Rect, Shot, Text, serial_text

IOS_LIGHT = dict(bg=(242, 242, 247), card=(255, 255, 255), label=(0, 0, 0), value=(138, 138, 142),
                 sep=(198, 198, 200), accent=(0, 122, 255), header=(109, 109, 114))
IOS_DARK = dict(bg=(0, 0, 0), card=(28, 28, 30), label=(255, 255, 255), value=(141, 141, 147),
                sep=(56, 56, 58), accent=(10, 132, 255), header=(141, 141, 147))
MAC_LIGHT = dict(win=(236, 236, 236), text=(30, 30, 30), value=(90, 90, 90), side=(222, 222, 226),
                 sep=(200, 200, 200), accent=(0, 100, 225))
MAC_DARK = dict(win=(40, 40, 42), text=(235, 235, 235), value=(170, 170, 170), side=(52, 52, 56),
                sep=(70, 70, 72), accent=(40, 130, 255))

IPHONES = ["iPhone 12", "iPhone 13 Pro", "iPhone 14", "iPhone 15 Pro Max", "iPhone SE", "iPhone 11"]
IPADS = ["iPad Air", "iPad Pro 11-inch", "iPad (9th generation)", "iPad mini"]
MACS = [("MacBook Pro", "14-inch, 2021", "Apple M1 Pro"), ("MacBook Air", "M2, 2022", "Apple M2"),
        ("MacBook Pro", "13-inch, M1, 2020", "Apple M1"), ("MacBook Air", "15-inch, M3, 2024", "Apple M3")]
OWNERS = ["Alex", "Sam", "Maria", "Chen", "Priya", "Jordan", "Lukas", "Fatima"]


def _ios_rows(rng, serial, model_name):
    """(label, value) rows of the About list; None marks a section break."""
    rows = [("Name", f"{OWNERS[rng.integers(len(OWNERS))]}'s {model_name.split()[0]}"),
            ("iOS Version", f"{rng.integers(15, 18)}.{rng.integers(0, 7)}.{rng.integers(0, 3)}"),
            ("Model Name", model_name),
            ("Model Number", serials.apple_part(rng)),
            ("Serial Number", "\x00"),
            None,
            ("Limited Warranty", f"Expires: {rng.integers(1, 13)}/{rng.integers(1, 29)}/{rng.integers(24, 27)}"),
            None,
            ("Songs", str(rng.integers(0, 900))), ("Videos", str(rng.integers(0, 200))),
            ("Photos", f"{rng.integers(1, 30)},{rng.integers(100, 999)}"),
            ("Applications", str(rng.integers(20, 140))),
            ("Capacity", ["64 GB", "128 GB", "256 GB", "512 GB"][rng.integers(4)]),
            ("Available", f"{rng.uniform(3, 90):.1f} GB"),
            None,
            ("Wi-Fi Address", serials.mac_address(rng).upper()),
            ("Bluetooth", serials.mac_address(rng).upper()),
            ("Modem Firmware", f"{rng.integers(1, 6)}.{rng.integers(0, 80):02d}.{rng.integers(0, 9):02d}"),
            ("SEID", ">"),
            ("EID", serials.digits(rng, 32)),
            ("Carrier Lock", "No SIM restrictions"),
            None,
            ("IMEI", serials.imei(rng)),
            ("ICCID", serials.digits(rng, 19)),
            ("MEID", serials.imei(rng, spaced=False)[:14])]
    return rows


def _ios_items(rng, serial, font, bold, pal, width, model_name, sidebar):
    """iOS About screen; returns (items, serial box, screen size, serial row box)."""
    height = width * (2.16 if not sidebar else 0.72)
    items = [Rect(0, 0, width, height, pal["bg"])]
    x0 = 0.0
    if sidebar:  # iPad split view: settings list on the left
        sw = width * 0.34
        items.append(Rect(0, 0, sw, height, pal["bg"]))
        items.append(Text(20, 70, "Settings", bold, 30, pal["label"]))
        y = 110
        for name in ["Airplane Mode", "Wi-Fi", "Bluetooth", None, "Notifications", "Sounds", "Focus",
                     "Screen Time", None, "General", "Control Centre", "Display & Brightness"]:
            if name is None:
                y += 20
                continue
            if name == "General":
                items.append(Rect(12, y - 26, sw - 12, y + 10, pal["accent"], radius=9))
            items.append(Text(56, y, name, font, 16, (255, 255, 255) if name == "General" else pal["label"]))
            items.append(Rect(22, y - 21, 44, y + 1, (130, 130, 135), radius=6))
            y += 44
        x0 = sw + 1
        items.append(Line([(sw, 0), (sw, height)], pal["sep"], 0.5))
    cx = (x0 + width) / 2
    # sometimes scrolled, but never so far that the serial row slides under the bars
    y = 110 + rng.uniform(-170, 0) * (rng.random() < 0.4)
    left, right = x0 + 16, width - 16
    cards, rows_items = [], []
    box = context = None
    group_top, group_n = y, 0
    for row in _ios_rows(rng, serial, model_name) + [None]:
        if row is None:  # close the current card
            if group_n:
                cards.append(Rect(left, group_top, right, group_top + 44 * group_n, pal["card"], radius=10))
            y += 35
            group_top, group_n = y, 0
            continue
        label, value = row
        base = y + 28
        rows_items.append(Text(left + 16, base, label, font, 17, pal["label"]))
        if value == "\x00":
            it, box = serial_text(right - 16, base, "", serial, "", font, 17, pal["value"], "rs")
            rows_items.append(it)
            context = (left + 16, box[1], box[2], box[3])
        else:
            # shrink long values so they never run into the label
            room = right - left - 48 - fonts.text_width(font, label, 17)
            vsize = min(17.0, 17.0 * room / max(1.0, fonts.text_width(font, value, 17)))
            rows_items.append(Text(right - 16, base, value, font, vsize, pal["value"], "rs"))
        if group_n:
            rows_items.append(Line([(left + 16, y), (right, y)], pal["sep"], 0.5))
        group_n += 1
        y += 44
    # status bar and navigation bar stay on top of the scrolled list
    bars = [Rect(x0, 0, width, 96, pal["bg"])]
    if not sidebar:
        bars.append(Text(38, 34, f"{rng.integers(1, 13)}:{rng.integers(0, 60):02d}", bold, 16, pal["label"]))
        bars.append(Rect(width - 60, 24, width - 32, 36, None, pal["label"], 1, 3))
        bars.append(Rect(width - 58, 26, width - 40, 34, pal["label"], radius=2))
    bars.append(Text(x0 + 12, 80, "< General", font, 17, pal["accent"]))
    bars.append(Text(cx, 80, "About", bold, 17, pal["label"], "ms"))
    return items + cards + rows_items + bars, box, (width, height), context


def _mac_about_items(rng, serial, font, bold, pal):
    """macOS Ventura+ About This Mac window on a desktop; returns items, box, size, caption."""
    name, sub, chip = MACS[rng.integers(len(MACS))]
    sw, sh = 1000.0, 640.0
    wx, wy, ww, wh = sw / 2 - 145 + rng.uniform(-200, 200), 90 + rng.uniform(-40, 60), 290.0, 470.0
    items = [Rect(wx, wy, wx + ww, wy + wh, pal["win"], pal["sep"], 0.5, 10)]
    for i, c in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
        items.append(Ellipse(wx + 12 + 20 * i, wy + 10, wx + 24 + 20 * i, wy + 22, c))
    cx = wx + ww / 2
    # laptop icon
    items.append(Rect(cx - 60, wy + 50, cx + 60, wy + 125, (60, 60, 64), radius=5))
    items.append(Rect(cx - 54, wy + 56, cx + 54, wy + 119, (90, 140, 200)))
    items.append(Rect(cx - 72, wy + 125, cx + 72, wy + 133, (170, 170, 175), radius=3))
    items.append(Text(cx, wy + 175, name, bold, 22, pal["text"], "ms"))
    items.append(Text(cx, wy + 195, sub, font, 12, pal["value"], "ms"))
    caption = "Serial number"
    rows = [("Chip", chip), ("Memory", ["8 GB", "16 GB", "24 GB", "32 GB"][rng.integers(4)]),
            ("Startup disk", "Macintosh HD"), (caption, "\x00"),
            ("macOS", ["Ventura 13.6", "Sonoma 14.4.1", "Sequoia 15.1"][rng.integers(3)])]
    y = wy + 235
    box = None
    for label, value in rows:
        items.append(Text(cx - 4, y, label, font, 12, pal["text"], "rs"))
        if value == "\x00":
            it, box = serial_text(cx + 4, y, "", serial, "", font, 12, pal["value"], "ls")
            items.append(it)
            context = (cx - 90, box[1], box[2], box[3])
        else:
            items.append(Text(cx + 4, y, value, font, 12, pal["value"], "ls"))
        y += 19
    items.append(Rect(cx - 40, y + 12, cx + 40, y + 34, (250, 250, 250) if pal is MAC_LIGHT else (90, 90, 94),
                      pal["sep"], 0.5, 5))
    items.append(Text(cx, y + 27, "More Info...", font, 12, pal["text"], "ms"))
    items.append(Text(cx, wy + wh - 40, "Regulatory Certification", font, 10, pal["accent"], "ms"))
    items.append(Text(cx, wy + wh - 24, "\u2122 and \u00a9 1983-2024 Apple Inc.", font, 10, pal["value"], "ms"))
    items.append(Text(cx, wy + wh - 11, "All Rights Reserved.", font, 10, pal["value"], "ms"))
    return items, box, (sw, sh), caption, context


def _mac_sysinfo_items(rng, serial, font, bold, pal):
    """macOS System Information, Hardware Overview pane."""
    name, sub, chip = MACS[rng.integers(len(MACS))]
    sw, sh = 1000.0, 640.0
    wx, wy, ww, wh = 40.0 + rng.uniform(0, 60), 40.0 + rng.uniform(0, 40), 880.0, 540.0
    items = [Rect(wx, wy, wx + ww, wy + wh, pal["win"], pal["sep"], 0.5, 10),
             Rect(wx, wy + 30, wx + 210, wy + wh - 8, pal["side"])]
    for i, c in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
        items.append(Ellipse(wx + 12 + 20 * i, wy + 10, wx + 24 + 20 * i, wy + 22, c))
    items.append(Text(wx + ww / 2, wy + 21, "MacBook Pro", bold, 13, pal["text"], "ms"))
    y = wy + 55
    for entry in ["Hardware", "  ATA", "  Apple Pay", "  Audio", "  Bluetooth", "  Camera", "  Card Reader",
                  "  Controller", "  Diagnostics", "  Disc Burning", "  Ethernet", "  Graphics/Displays",
                  "  Memory", "  NVMExpress", "  PCI", "  Power", "  Storage", "  USB", "Network", "Software"]:
        items.append(Text(wx + 14, y, entry, bold if not entry.startswith(" ") else font, 12, pal["text"]))
        y += 20
    caption = "Serial Number (system):"
    rows = [("Model Name:", name), ("Model Identifier:", f"Mac{rng.integers(13, 16)},{rng.integers(1, 10)}"),
            ("Model Number:", serials.apple_part(rng)), ("Chip:", chip),
            ("Total Number of Cores:", f"{rng.choice([8, 10, 12])} (6 performance and 2 efficiency)"),
            ("Memory:", "16 GB"), ("System Firmware Version:", f"{rng.integers(7000, 11000)}.{rng.integers(1, 99)}.1"),
            ("OS Loader Version:", f"{rng.integers(7000, 11000)}.{rng.integers(1, 99)}.1"),
            (caption, "\x00"), ("Hardware UUID:", serials.uuid(rng)),
            ("Provisioning UDID:", f"0000{rng.integers(6000, 8200)}-00{serials.hex_string(rng, 14)}"),
            ("Activation Lock Status:", "Enabled")]
    x = wx + 240
    items.append(Text(x, wy + 60, "Hardware Overview:", bold, 13, pal["text"]))
    y = wy + 95
    box = None
    for label, value in rows:
        items.append(Text(x + 20, y, label, font, 12, pal["text"]))
        if value == "\x00":
            it, box = serial_text(x + 200, y, "", serial, "", font, 12, pal["text"], "ls")
            items.append(it)
            context = (x + 20, box[1], box[2], box[3])
        else:
            items.append(Text(x + 200, y, value, font, 12, pal["text"]))
        y += 20
    return items, box, (sw, sh), caption, context


def moire(rng, a, strength):
    """Low-frequency beat pattern of two slightly different screen-grid frequencies."""
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, np.pi)
    f = rng.uniform(0.01, 0.04)
    u = xx * np.cos(ang) + yy * np.sin(ang)
    v = -xx * np.sin(ang) + yy * np.cos(ang)
    pat = np.cos(2 * np.pi * f * u + 0.6 * np.sin(2 * np.pi * 0.003 * v))
    tint = np.array([1.0, 0.6, 0.9], np.float32) * rng.uniform(0.6, 1.0)
    return a * (1 - strength * (0.5 + 0.5 * pat)[..., None] * tint)


def build(rng, difficulty, fontset):
    """Lay out one About screen on a device and return a Shot."""
    kind = ["iphone", "ipad", "mac_about", "mac_sysinfo"][rng.choice(4, p=[0.45, 0.15, 0.25, 0.15])]
    fmt = ["apple12", "apple10", "apple11"][rng.choice(3, p=[0.45, 0.45, 0.1])]
    serial = serials.make(rng, fmt)
    font = fontset["serial"][rng.integers(len(fontset["serial"]))]
    bold = fontset["ui"][rng.integers(len(fontset["ui"]))]
    dark = rng.random() < 0.4
    if kind in ("iphone", "ipad"):
        pal = IOS_DARK if dark else IOS_LIGHT
        model = IPHONES[rng.integers(len(IPHONES))] if kind == "iphone" else IPADS[rng.integers(len(IPADS))]
        items, box, (sw, sh), context = _ios_items(rng, serial, font, bold, pal, 390.0 if kind == "iphone" else 1100.0,
                                          model, kind == "ipad")
        caption, device, bezel, radius = "Serial Number", kind, 14.0, 44.0
    else:
        pal = MAC_DARK if dark else MAC_LIGHT
        make = _mac_about_items if kind == "mac_about" else _mac_sysinfo_items
        items, box, (sw, sh), caption, context = make(rng, serial, font, bold, pal)
        device, bezel, radius = "macbook", 18.0, 6.0
    frame_col = tuple(int(v) for v in rng.choice([[20, 20, 22], [200, 200, 205], [60, 62, 70], [180, 160, 140]]))
    grid_period = rng.uniform(2.3, 3.6)  # canvas pixels per display pixel
    moire_strength = {"easy": (0.0, 0.06), "medium": (0.04, 0.12), "hard": (0.08, 0.18)}[difficulty]
    tint = rng.uniform(-0.05, 0.05, 3)

    def desktop(rrng, cw, ch, scale, offset):
        """A Mac's wallpaper and menu bar under its windows."""
        wall = textures.wallpaper(rrng, ch, cw)
        layer = Image.fromarray(np.clip(wall, 0, 255).astype(np.uint8))
        Painter(layer, scale, offset).paint([Rect(0, 0, sw, 24, (240, 240, 240) if not dark else (30, 30, 30)),
                                             Text(40, 17, "Finder   File   Edit   View   Go   Window   Help",
                                                  bold, 13, (20, 20, 20) if not dark else (230, 230, 230))])
        return layer

    def capture(rrng):
        """The screen as the device saves a screenshot: its own pixels (3 per point on an iPhone, 2 on an iPad
        or a Mac), no camera. Returns (PIL RGB image, serial box px)."""
        scale = 3.0 if kind == "iphone" else 2.0
        size = (int(round(sw * scale)), int(round(sh * scale)))
        layer = desktop(rrng, *size, scale, (0, 0)) if kind.startswith("mac") else Image.new("RGB", size)
        box_px = Painter(layer, scale, (0, 0)).paint(items)
        return layer, box_px

    def render(cw, ch, scale, offset, rrng):
        canvas = Image.fromarray(np.clip(textures.desk(rrng, ch, cw), 0, 255).astype(np.uint8))
        body = Painter(canvas, scale, offset)
        body.paint([Rect(-bezel, -bezel, sw + bezel, sh + bezel, frame_col, radius=radius),
                    Rect(-bezel * 0.8, -bezel * 0.8, sw + bezel * 0.8, sh + bezel * 0.8, (8, 8, 10),
                         radius=radius * 0.9)])
        layer = Image.new("RGB", (cw, ch), (0, 0, 0))
        if kind.startswith("mac"):
            layer = desktop(rrng, cw, ch, scale, offset)
        box_px = Painter(layer, scale, offset).paint(items)
        mask = Image.new("L", (cw, ch), 0)
        Painter(mask, scale, offset).paint([Rect(0, 0, sw, sh, 255, radius=radius * 0.8)])
        # RGB stripe sub-pixel grid at display resolution -> aliasing moire after resampling
        lay = np.asarray(layer, np.float32)
        xs = np.arange(cw, dtype=np.float32)
        phase = (xs / grid_period) % 1.0
        stripes = np.stack([(phase < 0.4), (phase >= 0.3) & (phase < 0.73), (phase >= 0.63)], axis=1)
        stripes = 0.84 + 0.16 * stripes.astype(np.float32)
        rows = 0.92 + 0.08 * ((np.arange(ch, dtype=np.float32) / grid_period) % 1.0 < 0.8)
        lay = lay * stripes[None, :, :] * rows[:, None, None] * (1 + tint)[None, None, :] * 1.08
        layer = Image.fromarray(np.clip(lay, 0, 255).astype(np.uint8))
        canvas.paste(layer, (0, 0), mask)
        return canvas, box_px

    def photo(rrng, a, p, sbox):
        a = moire(rrng, a, rrng.uniform(*moire_strength))
        if rrng.random() < 0.6:  # reflection of a window/lamp on the glass
            from .degrade import glare
            a = glare(rrng, a, rrng.uniform(0.15, 0.45), sbox)
        return a

    return Shot(serial, fmt, caption, font, device, box, render, photo,
                portrait_p=0.7 if kind == "iphone" else 0.15,
                context_units=context if rng.random() < 0.8 else None, capture=capture)
