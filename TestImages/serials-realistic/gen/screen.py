"""Screens showing the serial: macOS "About This Mac" (Big Sur and Ventura+ styles) and
iOS Settings > General > About. Rendered at scene scale as RGB."""
import numpy as np
from PIL import Image, ImageDraw

from . import fonts

MAC_INFO = [
    ("MacBook Pro", "13-inch, 2019, Four Thunderbolt 3 ports", "2.4 GHz Quad-Core Intel Core i5",
     "8 GB 2133 MHz LPDDR3", "Intel Iris Plus Graphics 655 1536 MB", "Apple M1 Pro"),
    ("MacBook Pro", "16-inch, 2019", "2.6 GHz 6-Core Intel Core i7", "16 GB 2667 MHz DDR4",
     "AMD Radeon Pro 5300M 4 GB", "Apple M1 Max"),
    ("MacBook Air", "Retina, 13-inch, 2020", "1.1 GHz Quad-Core Intel Core i5", "8 GB 3733 MHz LPDDR4X",
     "Intel Iris Plus Graphics 1536 MB", "Apple M2"),
    ("MacBook Air", "M1, 2020", "Apple M1", "8 GB", "Apple M1", "Apple M1"),
    ("MacBook Pro", "14-inch, 2021", "Apple M1 Pro", "16 GB", "Apple M1 Pro", "Apple M1 Pro"),
    ("MacBook Pro", "13-inch, M2, 2022", "Apple M2", "8 GB", "Apple M2", "Apple M2"),
]
MACOS_OLD = [("Big Sur", "11.7.10"), ("Monterey", "12.7.4"), ("Catalina", "10.15.7")]
MACOS_NEW = [("Ventura", "13.6.6"), ("Sonoma", "14.4.1"), ("Sequoia", "15.1")]
IPHONES = [("iPhone 13", "MLPF3LL/A", "128 GB"), ("iPhone 12", "MGJ53LL/A", "64 GB"),
           ("iPhone 14 Pro", "MQ0D3LL/A", "256 GB"), ("iPhone SE (2nd generation)", "MX9N2LL/A", "64 GB"),
           ("iPhone 11", "MWLT2LL/A", "128 GB"), ("iPhone 15", "MTLW3LL/A", "128 GB")]
NAMES = ["Anna's iPhone", "iPhone", "Work phone", "Sam's iPhone", "Test device 04"]


def _mac_addr(rng):
    return ":".join("%02X" % int(rng.integers(256)) for _ in range(6))


class Pen:
    """Draws in 'points' at `u` px per point; records boxes."""

    def __init__(self, img, u, family):
        self.img, self.u, self.family = img, u, family
        self.d = ImageDraw.Draw(img)

    def font(self, pt, bold=False, light=False):
        name = fonts.BOLD_OF.get(self.family, "DejaVuSans-Bold") if bold else self.family
        return fonts.load(name, pt * self.u)

    def text(self, x, y, s, pt, fill, bold=False, anchor="ls"):
        f = self.font(pt, bold)
        p = (x * self.u, y * self.u)
        self.d.text(p, s, fill=fill, font=f, anchor=anchor)
        return self.d.textbbox(p, s, font=f, anchor=anchor)

    def length(self, s, pt, bold=False):
        return self.font(pt, bold).getlength(s) / self.u

    def rrect(self, x0, y0, x1, y1, r, fill=None, outline=None, width=1):
        u = self.u
        self.d.rounded_rectangle([x0 * u, y0 * u, x1 * u, y1 * u], radius=r * u, fill=fill,
                                 outline=outline, width=max(1, int(width * u)))

    def circle(self, cx, cy, r, fill):
        u = self.u
        self.d.ellipse([(cx - r) * u, (cy - r) * u, (cx + r) * u, (cy + r) * u], fill=fill)


def _traffic(p, x, y):
    for i, c in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
        p.circle(x + i * 20, y, 6, c)


def mac_bigsur(rng, serial, u, family, dark):
    prod, sub, cpu, mem, gpu, _ = MAC_INFO[int(rng.integers(len(MAC_INFO)))]
    osname, ver = MACOS_OLD[int(rng.integers(len(MACOS_OLD)))]
    W, H = 600, 350
    bg = (45, 45, 47) if dark else (236, 236, 236)
    fg = (235, 235, 235) if dark else (28, 28, 30)
    grey = (160, 160, 165) if dark else (110, 110, 115)
    img = Image.new("RGB", (int(W * u), int(H * u)), bg)
    p = Pen(img, u, family)
    _traffic(p, 20, 16)
    tabs = ["Overview", "Displays", "Storage", "Support", "Service"]
    tw = sum(p.length(t, 12) + 22 for t in tabs)
    x = (W - tw) / 2
    p.rrect(x - 2, 32, x + tw + 2, 52, 5, fill=(70, 70, 72) if dark else (225, 225, 227),
            outline=(90, 90, 92) if dark else (200, 200, 200), width=0.5)
    for i, t in enumerate(tabs):
        w = p.length(t, 12) + 22
        if i == 0:
            p.rrect(x, 33, x + w, 51, 4, fill=(100, 100, 104) if dark else (255, 255, 255))
        p.text(x + 11, 46.5, t, 12, fg)
        x += w
    # macOS logo disc
    cx, cy, r = 140, 180, 78
    for k in range(30):
        t = k / 29
        col = tuple(int(a + (b - a) * t) for a, b in zip((255, 140, 60), (90, 60, 200)))
        p.circle(cx, cy - r * 0.2 * t, r * (1 - 0.5 * t) if k else r, col)
    x0 = 255
    f1 = p.text(x0, 100, "macOS", 28, fg, bold=True)
    p.text(x0 + p.length("macOS ", 28, True), 100, osname, 28, fg)
    p.text(x0, 120, f"Version {ver}", 11, grey)
    rows = [(None, f"{prod} ({sub})"), ("Processor", cpu), ("Memory", mem),
            ("Startup Disk", "Macintosh HD"), ("Graphics", gpu), ("Serial Number", serial)]
    y = 152
    sbox = None
    for lab, val in rows:
        if lab is None:
            p.text(x0, y, val, 12, fg, bold=True)
        else:
            p.text(x0, y, lab, 12, fg, bold=True)
            b = p.text(x0 + p.length(lab + "  ", 12, True), y, val, 12, fg)
            if lab == "Serial Number":
                sbox = p.d.textbbox(((x0 + p.length(lab + "  ", 12, True)) * u, y * u), val,
                                    font=p.font(12), anchor="ls")
        y += 19
    bx = x0
    for t in ["System Report...", "Software Update..."]:
        w = p.length(t, 12) + 24
        p.rrect(bx, y + 6, bx + w, y + 26, 5, fill=(95, 95, 98) if dark else (255, 255, 255),
                outline=(110, 110, 110) if dark else (195, 195, 195), width=0.5)
        p.text(bx + 12, y + 20.5, t, 12, fg)
        bx += w + 10
    foot = "\u2122 and \u00a9 1983-2023 Apple Inc. All Rights Reserved. License Agreement"
    p.text((W - p.length(foot, 9)) / 2, H - 14, foot, 9, grey)
    return img, sbox, "Serial Number", 12


def mac_ventura(rng, serial, u, family, dark):
    prod, sub, cpu, mem, gpu, chip = MAC_INFO[int(rng.integers(len(MAC_INFO)))]
    osname, ver = MACOS_NEW[int(rng.integers(len(MACOS_NEW)))]
    W, H = 290, 500
    bg = (38, 38, 40) if dark else (246, 246, 246)
    fg = (235, 235, 235) if dark else (28, 28, 30)
    grey = (150, 150, 155) if dark else (120, 120, 125)
    img = Image.new("RGB", (int(W * u), int(H * u)), bg)
    p = Pen(img, u, family)
    _traffic(p, 20, 16)
    # laptop picture
    p.rrect(75, 60, 215, 150, 8, fill=(30, 30, 32), outline=(150, 150, 155), width=2)
    p.rrect(80, 65, 210, 145, 4, fill=(70, 110, 200))
    p.rrect(60, 150, 230, 158, 3, fill=(185, 185, 190))
    p.text(W / 2, 200, prod, 22, fg, bold=True, anchor="ms")
    p.text(W / 2, 218, sub, 11, grey, anchor="ms")
    rows = [("Chip" if "Apple" in chip else "Processor", chip if "Apple" in chip else cpu),
            ("Memory", mem), ("Serial number", serial), ("macOS", f"{osname} {ver}")]
    y = 262
    sbox = None
    for lab, val in rows:
        p.text(W / 2 - 5 - p.length(lab, 11, True), y, lab, 11, fg, bold=True)
        p.text(W / 2 + 5, y, val, 11, fg)
        if lab == "Serial number":
            sbox = p.d.textbbox(((W / 2 + 5) * u, y * u), val, font=p.font(11), anchor="ls")
        y += 19
    t = "More Info..."
    w = p.length(t, 12) + 26
    p.rrect((W - w) / 2, y + 12, (W + w) / 2, y + 34, 6, fill=(90, 90, 94) if dark else (255, 255, 255),
            outline=(110, 110, 110) if dark else (200, 200, 200), width=0.5)
    p.text(W / 2, y + 27.5, t, 12, fg, anchor="ms")
    p.text(W / 2, H - 42, "Regulatory Certification", 10, (10, 132, 255), anchor="ms")
    p.text(W / 2, H - 26, "\u2122 and \u00a9 1983-2024 Apple Inc.", 10, grey, anchor="ms")
    p.text(W / 2, H - 13, "All Rights Reserved.", 10, grey, anchor="ms")
    return img, sbox, "Serial number", 11


def ios_about(rng, serial, u, family, dark):
    model, number, capacity = IPHONES[int(rng.integers(len(IPHONES)))]
    W, H = 390, 844
    bg = (0, 0, 0) if dark else (242, 242, 247)
    cell = (28, 28, 30) if dark else (255, 255, 255)
    fg = (255, 255, 255) if dark else (0, 0, 0)
    val_c = (152, 152, 157) if dark else (138, 138, 142)
    sep = (56, 56, 58) if dark else (220, 220, 224)
    blue = (10, 132, 255) if dark else (0, 122, 255)
    img = Image.new("RGB", (int(W * u), int(H * u)), bg)
    p = Pen(img, u, family)
    p.text(40, 32, "9:41", 16, fg, bold=True, anchor="ls")
    for i in range(4):  # signal bars
        p.rrect(300 + i * 5, 30 - 3 * i, 303 + i * 5, 32, 1, fill=fg)
    p.rrect(330, 21, 356, 33, 3, outline=fg, width=1)
    p.rrect(332, 23, 350, 31, 2, fill=fg)
    p.text(34, 82, "\u2039 General", 17, blue)
    p.text(W / 2, 82, "About", 17, fg, bold=True, anchor="ms")
    sections = [
        [("Name", rng.choice(NAMES) + "  \u203a"), ("iOS Version", "17.4.1  \u203a"), ("Model Name", model),
         ("Model Number", number), ("Serial Number", serial)],
        [("Songs", "0"), ("Videos", str(int(rng.integers(0, 300)))), ("Photos", f"{int(rng.integers(100, 9999)):,}"),
         ("Applications", str(int(rng.integers(20, 120)))), ("Capacity", capacity),
         ("Available", f"{rng.uniform(5, 60):.1f} GB")],
        [("Wi-Fi Address", _mac_addr(rng)), ("Bluetooth", _mac_addr(rng)), ("Modem Firmware", "2.50.01")],
    ]
    y = 112
    sbox = None
    for sec in sections:
        h = 44 * len(sec)
        p.rrect(16, y, W - 16, y + h, 10, fill=cell)
        for i, (lab, val) in enumerate(sec):
            base = y + 44 * i + 28
            p.text(32, base, lab, 17, fg)
            p.text(W - 32, base, val, 17, val_c, anchor="rs")
            if lab == "Serial Number":
                sbox = p.d.textbbox(((W - 32) * u, base * u), val, font=p.font(17), anchor="rs")
            if i < len(sec) - 1:
                p.d.line([(32 * u, (y + 44 * (i + 1)) * u), ((W - 16) * u, (y + 44 * (i + 1)) * u)],
                         fill=sep, width=max(1, int(0.5 * u)))
        y += h + 35
    return img, sbox, "Serial Number", 17


def pixel_grid(rgb, pitch, strength):
    """Modulate by an RGB-stripe sub-pixel structure of the given pitch (px).
    Sampling this with the camera gives moire."""
    h, w = rgb.shape[:2]
    x = np.arange(w, dtype=np.float32)[None, :]
    y = np.arange(h, dtype=np.float32)[:, None]
    out = np.empty_like(rgb)
    rows = (1 - strength * 0.5 * (0.5 + 0.5 * np.cos(2 * np.pi * y / pitch))) * (1 + strength * 0.9)
    for c in range(3):
        col = 1 - strength * (0.5 + 0.5 * np.cos(2 * np.pi * (x / pitch - c / 3.0)))
        np.multiply(rgb[..., c], col, out=out[..., c])
        out[..., c] *= rows
    return out
