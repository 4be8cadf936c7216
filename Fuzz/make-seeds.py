#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora under Fuzz/Corpus/: small valid inputs of every kind each target reads.

Run from the repository root with ../shared beside it: python3 Fuzz/make-seeds.py (needs Pillow and qpdf).
Seeds are small on purpose: libFuzzer mutates short inputs much faster, and the formats' structure is what
matters, not their size.
"""
import io
import json
import pathlib
import shutil
import subprocess
import tempfile

from PIL import Image, ImageDraw

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
SHARED = ROOT.parent / "shared" / "forms"


def picture(mode="RGB", size=(24, 16)):
    image = Image.new("RGB", size, (240, 240, 230))
    draw = ImageDraw.Draw(image)
    draw.rectangle((3, 3, 12, 10), fill=(20, 40, 200))
    draw.line((0, 15, 23, 0), fill=(200, 30, 30))
    return image.convert(mode)


def images():
    out = CORPUS / "image"
    out.mkdir(parents=True, exist_ok=True)
    writes = {
        "rgb.png": lambda f: picture().save(f, "PNG"),
        "gray16.png": lambda f: picture("I;16").save(f, "PNG"),
        "palette.png": lambda f: picture("P").save(f, "PNG", transparency=0),
        "rgba-interlaced.png": lambda f: picture("RGBA").save(f, "PNG", interlace=1),
        "baseline.jpg": lambda f: picture().save(f, "JPEG", quality=70),
        "progressive.jpg": lambda f: picture("L").save(f, "JPEG", progressive=True),
        "cmyk.jpg": lambda f: picture("CMYK").save(f, "JPEG"),
        "animated.gif": lambda f: picture("P").save(
            f, "GIF", save_all=True, append_images=[picture("P", (24, 16)).rotate(90)], loop=0),
        "lzw.tif": lambda f: picture().save(f, "TIFF", compression="tiff_lzw"),
        "pages.tif": lambda f: picture("L").save(f, "TIFF", save_all=True, append_images=[picture("1")]),
        "lossy.webp": lambda f: picture().save(f, "WEBP", quality=50),
        "lossless.webp": lambda f: picture("RGBA").save(f, "WEBP", lossless=True),
        "rgb.bmp": lambda f: picture().save(f, "BMP"),
        "gray.pgm": lambda f: picture("L").save(f, "PPM"),
    }
    for name, write in writes.items():
        buffer = io.BytesIO()
        write(buffer)
        (out / name).write_bytes(buffer.getvalue())
    # EXIF orientation 6 (turned a quarter), as phones write portrait photos.
    exif = Image.Exif()
    exif[0x0112] = 6
    picture().save(out / "exif-rotated.jpg", "JPEG", exif=exif.tobytes())
    for name in ["sample.heic", "grid-bomb.heic"]:
        shutil.copy(ROOT / "TestImages" / "formats" / name, out / name)


def pdfs():
    structure, form = CORPUS / "pdf-structure", CORPUS / "pdf-form"
    for folder in (structure, form):
        folder.mkdir(parents=True, exist_ok=True)
    comb = SHARED / "interactive" / "apache__pdfbox__pdfbox__src__test__resources__org__apache__pdfbox__pdmodel__interactive__form__CombTest.pdf"
    libreoffice = SHARED / "interactive" / "py-pdf__sample-files__012-libreoffice-form__libreoffice-form.pdf"
    # Forms whose fonts are embedded as CFF (FontFile3): the printing fallback hands them to Cairo's CFF subsetter.
    cff_forms = {
        "cff-fonts-form.pdf": SHARED / "interactive" / "Hopding__pdf-lib__assets__pdfs__form_to_flatten.pdf",
        "cff-fonts-tax-form.pdf": SHARED / "more" / "interactive"
        / "codeforamerica__vita-min__app__lib__pdfs__tax_documents__f1040sei-TY2021.pdf",
    }
    with tempfile.TemporaryDirectory() as temporary:
        variants = {
            "comb-table.pdf": [],
            "comb-object-streams.pdf": ["--object-streams=generate", "--compress-streams=y"],
            "comb-qdf.pdf": ["--qdf", "--object-streams=disable"],
            "comb-linearized.pdf": ["--linearize"],
            "comb-encrypted.pdf": ["--encrypt", "user", "owner", "256", "--"],
        }
        for name, arguments in variants.items():
            target = pathlib.Path(temporary) / name
            subprocess.run(["qpdf", *arguments, str(comb), str(target)], check=False)
            for folder in (structure, form):
                shutil.copy(target, folder / name)
        for folder in (structure, form):
            shutil.copy(libreoffice, folder / "libreoffice-form.pdf")
        for name, source in cff_forms.items():
            shutil.copy(source, form / name)
    # A flat form drawn by hand: rulings, boxes, dot leaders and underscores in the text layer.
    content = (
        b"BT /F1 10 Tf 50 750 Td (Name: ______________ Date ..........) Tj ET\n"
        b"72 700 m 300 700 l S 72 650 200 20 re S 320 650 10 10 re S\n"
        b"0.9 g 72 600 200 20 re f 0 g\n"
    )
    flat = handmade_pdf(content)
    (form / "flat-handmade.pdf").write_bytes(flat)
    (structure / "flat-handmade.pdf").write_bytes(flat)


def handmade_pdf(content: bytes) -> bytes:
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    output = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(output))
        output += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    start = len(output)
    output += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        output += b"%010d 00000 n \n" % offset
    output += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(output)


def requests():
    out = CORPUS / "requests"
    out.mkdir(parents=True, exist_ok=True)
    boundary = "LegibleBoundary7MA4YWxk"
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"photo.jpg\"\r\n"
        f"Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0JFIF\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"device_type\"\r\n\r\nmacbook\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"preset\"\r\n\r\netched\r\n"
        f"--{boundary}--\r\n"
    )
    header = f"multipart/form-data; boundary={boundary}\n"
    (out / "scan.multipart").write_bytes((header + body).encode("latin-1"))
    quoted = header.replace(f"boundary={boundary}", f'boundary="{boundary}"; charset=utf-8')
    (out / "quoted-boundary.multipart").write_bytes((quoted + body.replace("filename=\"photo.jpg\"",
        "filename*=UTF-8''f%C3%A9.jpg")).encode("latin-1"))
    values = {"values": [
        {"fieldRegionId": "0F8FAD5B-D9CB-469F-A165-70867728950E", "value": "Ada Lovelace", "source": "manual"},
        {"fieldRegionId": "7C9E6679-7425-40DE-944B-E07FC1F90AE7", "value": "true"},
        {"fieldRegionId": "3B241101-E2BB-4255-8CAF-4136C566A962", "value": "Zürich \u2713", "source": "ai"},
    ]}
    (out / "values.json").write_text(json.dumps(values))
    (out / "values-escapes.json").write_text('{"values":[{"fieldRegionId":"0F8FAD5B-D9CB-469F-A165-70867728950E",'
                                            '"value":"a\\u0000b\\ud83d\\ude00\\n","source":null}]}')


if __name__ == "__main__":
    images()
    pdfs()
    requests()
