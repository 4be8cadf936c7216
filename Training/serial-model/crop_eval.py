#!/usr/bin/env python3
"""Scores a recogniser on the true serial boxes of a labelled serial set: each photo's `serialBox` (from its
manifest) is cut out with a margin, turned grey, stretched and scaled to ~32 px capitals, and read by the
`tesseract` CLI as one line (--psm 7). A serial counts as read when the line, with spaces removed, contains it.

Photos whose manifest gives a `rotation` (sideways text) have their crop turned upright first. `--cap` sets the
capital height crops are scaled to; `--tophat` prepares them as the scanner's first reading of an engraved line
does (needs scipy), to compare preparations as well as models.

This measures the recogniser alone (no line finding, no grammar repair), to compare models:

    python3 Training/serial-model/crop_eval.py --images TestImages/serials --lang eng
    python3 Training/serial-model/crop_eval.py --images TestImages/serials --lang serial \
        --tessdata Sources/SerialScan/Models
"""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image


def crop(path, box, polarity, rotation=0, cap_pixels=32, tophat=False):
    """The serial's box with a margin, turned upright when the manifest says the photo's text runs at
    `rotation` degrees (clockwise), stretched and scaled for Tesseract."""
    img = Image.open(path).convert("L")
    x, y, w, h = box
    cap = (w if rotation in (90, 270) else h) * 0.7
    m = cap * 0.5
    c = img.crop((int(max(0, x - m)), int(max(0, y - m)), int(min(img.width, x + w + m)), int(min(img.height, y + h + m))))
    if rotation:
        c = c.rotate(rotation, expand=True)
    a = np.asarray(c, np.float32)
    if tophat:
        # The scanner's first reading of an engraved line: a top-hat along the rows (an element wider than a
        # glyph, one pixel high), in the text's own polarity, stretched dark on light.
        from scipy import ndimage
        size = (1, max(9, int(cap * 1.3)) | 1)
        light = np.percentile(a, 98) - np.median(a) > np.median(a) - np.percentile(a, 2)
        hat = a - ndimage.grey_opening(a, size=size) if light else ndimage.grey_closing(a, size=size) - a
        lo, hi = np.percentile(hat, 50), max(np.percentile(hat, 99.5), np.percentile(hat, 50) + 8)
        a = 255 - np.clip((hat - lo) * 255 / (hi - lo), 0, 255)
        polarity = "dark"
    lo, hi = np.percentile(a, 1), np.percentile(a, 99)
    a = np.clip((a - lo) * 255 / max(8, hi - lo), 0, 255)
    if polarity == "light" or (polarity == "auto" and np.median(a) < 128):
        a = 255 - a
    c = Image.fromarray(a.astype(np.uint8))
    f = cap_pixels / max(4, cap)
    return c.resize((max(8, int(c.width * f)), max(8, int(c.height * f))), Image.BILINEAR)


def read(args, entry):
    with tempfile.NamedTemporaryFile(suffix=".png") as tmp:
        crop(os.path.join(args.images, entry["file"]), entry["serialBox"], args.polarity,
             entry.get("rotation", 0), args.cap, args.tophat).save(tmp.name)
        cmd = ["tesseract", tmp.name, "stdout", "--psm", "7", "-l", args.lang]
        if args.tessdata:
            cmd += ["--tessdata-dir", args.tessdata]
        out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    return "".join(out.split())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--images", required=True)
    p.add_argument("--lang", default="eng")
    p.add_argument("--tessdata")
    p.add_argument("--polarity", default="auto", choices=["auto", "dark", "light"])
    p.add_argument("--cap", type=float, default=32, help="capital height the crops are scaled to, pixels")
    p.add_argument("--tophat", action="store_true", help="prepare crops as the scanner's first reading of engraving")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    manifest = json.load(open(os.path.join(args.images, "manifest.json")))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        texts = list(pool.map(lambda e: read(args, e), manifest))
    hits = collections.Counter()
    totals = collections.Counter()
    for entry, text in zip(manifest, texts):
        ok = entry["serial"] in text
        for key in (entry["preset"], entry["preset"] + "/" + entry["difficulty"], "all"):
            totals[key] += 1
            hits[key] += ok
        if args.verbose and not ok:
            print(f"{entry['file']}: {entry['serial']} read {text}")
    for key in sorted(totals):
        print(f"{key:18} {hits[key]:4}/{totals[key]:<4} {100 * hits[key] / totals[key]:5.1f}%")


if __name__ == "__main__":
    main()
