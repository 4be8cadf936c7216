"""Repair-shop / asset stickers carrying the serial as text plus a QR code or Code 128."""
import barcode
import numpy as np
import qrcode
from PIL import Image, ImageDraw, ImageFilter

from . import fonts, surfaces

SHOPS = ["FixPoint Repairs", "iMend Service Centre", "TechMedic", "Mac Clinic", "Campus IT Services",
         "Quick Fix Mobile", "ByteDoctor", "Repair Lab", "CityPhone Repair", "NorthStar IT",
         "PROPERTY OF ACME CORP", "Globex IT Asset", "Initech Helpdesk", "GreenLeaf Refurb",
         "Smart Care Centre", "Laptop Hospital"]
PHONES = ["Tel 555-0142", "+1 (555) 013-2291", "020 7946 0958", "+44 20 7946 0321", "(555) 867-0199",
          "Ph: 555 0187", "+61 2 5550 1234", "Call 555-0110"]
CAPTIONS = ["Sl.#", "Sl. No.", "S/N:", "S/N:", "SN:", "S/N", "Serial:", "SERIAL NO:", "Serial #", "SN"]
QR_URLS = ["https://shop.example/a?sn=", "https://fixpoint.example/t/", "https://assets.example.com/d?serial=",
           "http://repair.example/job?sn="]
HEADER_COLOURS = [(200, 30, 35), (20, 70, 160), (15, 15, 18), (0, 120, 80), (230, 120, 0)]


def _date(rng):
    y, m, d = int(rng.integers(2019, 2026)), int(rng.integers(1, 13)), int(rng.integers(1, 29))
    return [f"{d:02d}/{m:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{m:02d}.{d:02d}.{str(y)[2:]}"][int(rng.integers(3))]


def qr_matrix(payload, rng):
    ec = [qrcode.constants.ERROR_CORRECT_L, qrcode.constants.ERROR_CORRECT_M,
          qrcode.constants.ERROR_CORRECT_Q][int(rng.integers(3))]
    q = qrcode.QRCode(error_correction=ec, box_size=1, border=0)
    q.add_data(payload)
    q.make(fit=True)
    return np.array(q.get_matrix(), bool)


def code128_pattern(payload):
    return barcode.get("code128", payload).build()[0]


def render(rng, serial, cap, module, use_barcode, scale):
    """Render an upright sticker at scene scale.
    cap: cap height (px) of the serial line; module: QR module / barcode bar unit (px).
    Returns dict(image=RGBA, serial_quad, code_quad, payload, carrier, caption, font)."""
    font_name = fonts.STICKER_FONTS[int(rng.integers(len(fonts.STICKER_FONTS)))]
    bold_name = font_name if "Bold" in font_name else fonts.STICKER_FONTS[0]
    caption = CAPTIONS[int(rng.integers(len(CAPTIONS)))] if rng.random() > 0.08 else None
    shop = SHOPS[int(rng.integers(len(SHOPS)))]
    # body lines (serial line always present)
    others = []
    if rng.random() < 0.75:
        others.append(["ASSET %06d" % int(rng.integers(1, 99999)), "Asset Tag: IT-%05d" % int(rng.integers(1, 99999)),
                       "Job #A%04d" % int(rng.integers(1, 9999)), "Ticket %d" % int(rng.integers(1000, 99999))][int(rng.integers(4))])
    if rng.random() < 0.7:
        others.append(PHONES[int(rng.integers(len(PHONES)))])
    if rng.random() < 0.7:
        others.append(["", "Rcvd ", "Date: ", "Exp "][int(rng.integers(4))] + _date(rng))
    if rng.random() < 0.3:
        others.append(["MBP 13\" 2019", "MacBook Air M1", "iPad 9th gen", "Warranty 90 days", "Batt + KB",
                       "Inv. %d" % int(rng.integers(10000, 99999))][int(rng.integers(6))])
    order = list(rng.permutation(len(others) + 1))
    serial_pos = int(np.argmin(order)) if rng.random() < 0.5 else min(1, len(others))
    lines = others[:serial_pos] + [None] + others[serial_pos:]

    f_ser = fonts.for_cap(font_name, cap)
    f_oth = fonts.for_cap(font_name, cap * rng.uniform(0.8, 1.05))
    header_style = ["band", "bold", "none"][int(rng.choice(3, p=[0.4, 0.45, 0.15]))]
    f_head = fonts.for_cap(bold_name, cap * rng.uniform(1.05, 1.35))
    pad = cap * rng.uniform(0.7, 1.2)
    lead = cap * rng.uniform(1.55, 1.9)

    ser_text = (caption + " " + serial) if caption else serial
    cap_w = f_ser.getlength(caption + " ") if caption else 0
    text_w = max([f_ser.getlength(ser_text)] + [f_oth.getlength(t) for t in others])
    text_h = lead * len(lines)

    payload, carrier = None, None
    if use_barcode:
        carrier = "code128"
        payload = serial
        pattern = code128_pattern(payload)
        quiet = 10 * module
        code_w = len(pattern) * module + 2 * quiet
        # tall enough that a slightly skewed photo still has straight scan lines through it
        code_h = max(cap * 2.4, (code_w - 2 * quiet) * rng.uniform(0.2, 0.32))
    else:
        carrier = "qr"
        r = rng.random()
        payload = serial if r < 0.5 else ("S/N:" + serial if r < 0.75 else
                                          QR_URLS[int(rng.integers(len(QR_URLS)))] + serial)
        mat = qr_matrix(payload, rng)
        quiet = int(rng.integers(2, 5)) * module
        code_w = code_h = mat.shape[0] * module + 2 * quiet

    head_h = 0
    if header_style != "none":
        head_h = f_head.size * 1.35 + (pad * 0.6 if header_style == "band" else 0)
    if use_barcode:
        W = max(text_w, code_w) + 2 * pad
        Hh = head_h + pad + text_h + code_h + cap * 1.6 + pad
    else:
        W = text_w + code_w + pad * 2.5
        Hh = head_h + pad + max(text_h, code_h) + pad * 0.8
    W, Hh = int(W), int(Hh)
    W = max(W, int(f_head.getlength(shop) + 2 * pad))

    tint = ["white", "white", "white-glossy", "yellow"][int(rng.integers(4))]
    img = surfaces.paper(rng, W, Hh, tint, scale)
    ink = Image.new("L", (W, Hh), 0)
    d = ImageDraw.Draw(ink)
    colour_layer = None
    y = pad * 0.5
    if header_style == "band":
        col = HEADER_COLOURS[int(rng.integers(len(HEADER_COLOURS)))]
        band = np.zeros((Hh, W), np.float32)
        band[: int(head_h + pad * 0.3)] = 1.0
        colour_layer = (band, col)
        y = pad * 0.35
    if header_style != "none":
        hx = (W - f_head.getlength(shop)) / 2 if rng.random() < 0.6 else pad
        if header_style == "bold":
            d.text((hx, y), shop, fill=255, font=f_head, anchor="lt")
        head_text_pos = (hx, y)
        y = head_h + pad * 0.5
    else:
        y = pad
    # code placement
    if use_barcode:
        tx = pad
        code_x = (W - code_w) / 2
        code_y = y + text_h + cap * 0.2
    else:
        left_qr = rng.random() < 0.35
        code_x = pad * 0.6 if left_qr else W - code_w - pad * 0.6
        code_y = y + max(0, (max(text_h, code_h) - code_h) / 2) - quiet * 0.3
        tx = (code_x + code_w + pad * 0.6) if left_qr else pad
    ty = y + (max(0, code_h - text_h) / 2 if not use_barcode else 0)
    serial_box = None
    for i, t in enumerate(lines):
        base = ty + lead * i + cap * 1.25
        if t is None:
            d.text((tx, base), ser_text, fill=255, font=f_ser, anchor="ls")
            serial_box = d.textbbox((tx + cap_w, base), serial, font=f_ser, anchor="ls")
        else:
            d.text((tx, base), t, fill=255, font=f_oth, anchor="ls")
    # the code itself
    if use_barcode:
        x = code_x + quiet
        bh = code_h
        for bit in pattern:
            if bit == "1":
                d.rectangle([x, code_y, x + module - 1, code_y + bh], fill=255)
            x += module
        f_hri = fonts.for_cap("DejaVuSansMono", cap * 0.7)
        d.text((W / 2, code_y + bh + cap * 0.25), serial, fill=255, font=f_hri, anchor="mt")
        code_box = (code_x, code_y, code_x + code_w, code_y + bh)
    else:
        n = mat.shape[0]
        qr_img = Image.fromarray((mat * 255).astype(np.uint8), "L").resize((n * module, n * module), Image.Resampling.NEAREST)
        ink.paste(qr_img, (int(code_x + quiet), int(code_y + quiet)), qr_img)
        code_box = (code_x, code_y, code_x + code_w, code_y + code_h)
    # printed border
    if rng.random() < 0.6:
        inset = pad * rng.uniform(0.15, 0.35)
        d.rounded_rectangle([inset, inset, W - inset, Hh - inset], radius=cap * 0.6, outline=255,
                            width=max(2, int(cap * rng.uniform(0.08, 0.18))))
    # ink -> colour (thermal print: slightly soft and unevenly dark)
    a = np.asarray(ink.filter(ImageFilter.GaussianBlur(0.35 * scale)), np.float32) / 255.0
    fade = 1.0 - 0.12 * np.abs(surfaces.streaks(rng, Hh, W, length=W / 3).T)[:Hh, :W].clip(0, 2) / 2
    a = a * fade
    ink_col = np.array([rng.uniform(15, 45)] * 3, np.float32)
    if colour_layer is not None:
        band, col = colour_layer
        img = img * (1 - band[..., None]) + np.array(col, np.float32) * band[..., None]
        # shop name printed white-on-colour
        hl = Image.new("L", (W, Hh), 0)
        ImageDraw.Draw(hl).text(head_text_pos, shop, fill=255, font=f_head, anchor="lt")
        ha = np.asarray(hl.filter(ImageFilter.GaussianBlur(0.35 * scale)), np.float32)[..., None] / 255
        img = img * (1 - ha) + 245 * ha
    img = img * (1 - a[..., None]) + ink_col * a[..., None]
    # paper is not perfectly flat: soft shading
    img *= (1 + 0.04 * surfaces.smooth_noise(rng, W, Hh, max(W, Hh) / 2))[..., None]
    alpha = Image.new("L", (W, Hh), 0)
    ImageDraw.Draw(alpha).rounded_rectangle([0, 0, W - 1, Hh - 1], radius=cap * rng.uniform(0.3, 1.0), fill=255)
    rgba = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
    rgba.putalpha(alpha)
    q = lambda b: np.array([[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], float)
    return dict(image=rgba, serial_quad=q(serial_box), code_quad=q(code_box), payload=payload,
                carrier=carrier, caption=caption, font=font_name)
