#!/usr/bin/env python3
"""Writes the code-reading fixtures of this folder (see README.md). Deterministic; needs segno, python-barcode,
Pillow and numpy (versions in README.md)."""
import io
import numpy as np
import segno
from barcode import Code128
from barcode.writer import ImageWriter
from PIL import Image, ImageFilter

SERIAL = "C02XK1ABJGH5"


def photo_like(img, size, angle, seed):
    """Pastes a code on a grey card, turns it and adds blur and noise, as a phone photo would."""
    rng = np.random.default_rng(seed)
    card = Image.new("L", size, 170)
    img = img.convert("L")
    card.paste(img, ((size[0] - img.width) // 2, (size[1] - img.height) // 2))
    card = card.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=170)
    card = card.filter(ImageFilter.GaussianBlur(0.8))
    noisy = np.asarray(card, dtype=np.float32) + rng.normal(0, 6, (size[1], size[0]))
    return Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))


qr = segno.make_qr(SERIAL, error="m")
buf = io.BytesIO()
qr.save(buf, kind="png", scale=5, border=4)
photo_like(Image.open(buf), (480, 360), 97, 1).save("qr-serial.png")

buf = io.BytesIO()
Code128(SERIAL, writer=ImageWriter()).write(buf, {"module_width": 0.25, "module_height": 8, "dpi": 300,
                                                   "write_text": False, "quiet_zone": 4})
photo_like(Image.open(buf), (720, 360), -8, 2).save("code128-serial.png")
