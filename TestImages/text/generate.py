#!/usr/bin/env python3
"""Makes the small text images the wrapper tests read (TestImages/text/).

Regenerate with:  pip install Pillow==13.0.0 && python3 TestImages/text/generate.py
Needs fonts-dejavu-core and fonts-liberation2 (Debian). Deterministic: no randomness.
"""
from pathlib import Path
from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
LIBERATION_SERIF = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"


def page(lines, font_path, size, fg=0, bg=255, pad=30, spacing=1.5, mode="L"):
    """Draws lines of text on a plain background sized to fit them."""
    font = ImageFont.truetype(font_path, size)
    widths = [font.getbbox(line)[2] for line in lines]
    height = int(size * spacing * len(lines)) + 2 * pad
    image = Image.new(mode, (max(widths) + 2 * pad, height), bg)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(lines):
        draw.text((pad, pad + int(index * size * spacing)), line, font=font, fill=fg)
    return image


def main():
    page(["The quick brown fox jumps over", "the lazy dog near the river bank.",
          "Pack my box with five dozen jugs."], DEJAVU, 32).save(HERE / "paragraph.png")
    page(["Serial No. C02XK1JCJG5J"], DEJAVU_MONO, 34).save(HERE / "serial-line.png")
    page(["Invoice 4821 dated 2024-03-17", "Total due: 1,250.00 EUR"], LIBERATION_SERIF, 30,
         mode="RGB", fg=(20, 40, 90), bg=(250, 245, 230)).convert("RGB").save(
        HERE / "invoice.jpg", quality=92)
    page(["Serial Number  FVFDG2Y3Q6L4"], DEJAVU, 30, fg=235, bg=28).save(HERE / "dark-mode.png")
    # A Dell label whose Express Service Code is its service tag in decimal (8C5V0WN = 18149698391).
    page(["DELL", "Service Tag 8C5V0WN", "Express Service Code: 181 496 983 91"], DEJAVU, 30).save(
        HERE / "dell-label.png")
    formats = HERE.parent / "formats"
    formats.mkdir(exist_ok=True)
    sample = page(["Legible 42"], DEJAVU, 28, mode="RGB", fg=(10, 10, 10), bg=(255, 255, 255))
    for name, fmt, extra in [("sample.png", "PNG", {}), ("sample.jpg", "JPEG", {"quality": 90}),
                             ("sample.tif", "TIFF", {}), ("sample.webp", "WEBP", {"lossless": True}),
                             ("sample.bmp", "BMP", {}), ("sample.ppm", "PPM", {}), ("sample.gif", "GIF", {})]:
        sample.save(formats / name, fmt, **extra)


if __name__ == "__main__":
    main()
