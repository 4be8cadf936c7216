#!/usr/bin/env python3
"""Copies a labelled photo folder (JPEGs + manifest.json) with every photo scaled up so its longer side is
--side pixels (default 4032, a 12 MP phone camera's), Lanczos, JPEG quality 92: the serial sets at the size
phones take photos, to measure scans of full-size camera photos.

    python3 Scripts/upscale-photos.py TestImages/serials /tmp/serials-4032
    .build/release/ocrbench serials --images /tmp/serials-4032 --use-device-hints
"""
import argparse
import json
import os
import shutil
from concurrent.futures import ProcessPoolExecutor

from PIL import Image


def upscale(job):
    source, target, side = job
    image = Image.open(source)
    factor = side / max(image.size)
    size = (round(image.size[0] * factor), round(image.size[1] * factor))
    image.resize(size, Image.LANCZOS).save(target, quality=92)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--side", type=int, default=4032)
    arguments = parser.parse_args()
    os.makedirs(arguments.target, exist_ok=True)
    with open(os.path.join(arguments.source, "manifest.json")) as file:
        manifest = json.load(file)
    entries = manifest if isinstance(manifest, list) else next(v for v in manifest.values() if isinstance(v, list))
    jobs = [(os.path.join(arguments.source, entry["file"]), os.path.join(arguments.target, entry["file"]),
             arguments.side) for entry in entries]
    with ProcessPoolExecutor() as pool:
        list(pool.map(upscale, jobs))
    shutil.copy(os.path.join(arguments.source, "manifest.json"), os.path.join(arguments.target, "manifest.json"))
    print(f"wrote {len(jobs)} photos to {arguments.target}")


if __name__ == "__main__":
    main()
