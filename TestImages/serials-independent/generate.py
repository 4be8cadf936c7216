#!/usr/bin/env python3
"""Generate synthetic phone photos of device serial numbers (etched / screen / sticker) + manifest.json.

Usage: python3 TestImages/serials-independent/generate.py --out TestImages/serials-independent --seed 7 --count 30
"""
import argparse
import json
import os
import sys
import zlib

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from gen import camera, etched, ids, screen, sticker  # noqa: E402

PRESETS = {"etched": etched.render, "screen": screen.render, "sticker": sticker.render}
DIFFICULTY = ["easy", "medium", "hard"]
# Apple formats dominate etched / screen photos; stickers rotate through all six formats.
WEIGHTS = {"etched": {"apple12": .42, "apple11": .22, "apple10": .26, "generic": .10},
           "screen": {"apple12": .40, "apple11": .20, "apple10": .25, "samsung": .10, "generic": .05}}
# JPEG byte budget per difficulty; keeps 90 photos + code + manifest under 8 MB
BYTES_PER_IMAGE = {"easy": 100_000, "medium": 88_000, "hard": 72_000}


def pick_format(rng, preset, index):
    """Serial format for one photo."""
    if preset == "sticker":
        return ids.FORMATS[(index + index // 6) % len(ids.FORMATS)]   # all six, mixed difficulties
    w = WEIGHTS[preset]
    names = list(w)
    return names[int(rng.choice(len(names), p=np.array(list(w.values())) / sum(w.values())))]


def make_one(seed, preset, index):
    """Render one photo; return (jpeg bytes, manifest entry without the file name)."""
    rng = np.random.default_rng([seed, zlib.crc32(preset.encode()), index])
    difficulty = DIFFICULTY[index % 3]
    fmt = pick_format(rng, preset, index)
    serial = ids.make_serial(rng, fmt)
    obj = PRESETS[preset](rng, difficulty, fmt, serial)
    im, box, quality = camera.photograph(rng, obj, difficulty)
    data, box, quality, size = camera.encode(im, box, quality, BYTES_PER_IMAGE[difficulty])
    entry = {"preset": preset, "difficulty": difficulty, "serial": serial, "format": fmt, "font": obj.font,
             "caption": obj.caption, "serialBox": [round(v, 2) for v in box], "deviceType": obj.device}
    return data, entry


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--count", type=int, default=30, help="photos per preset")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest = []
    for preset in PRESETS:
        for i in range(args.count):
            data, entry = make_one(args.seed, preset, i)
            name = f"{preset}_{i:03d}.jpg"
            with open(os.path.join(args.out, name), "wb") as fh:
                fh.write(data)
            manifest.append({"file": name, **entry})
            print(name, entry["format"], entry["serial"], entry["difficulty"], f"{len(data) // 1024} KB", flush=True)
    with open(os.path.join(args.out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    print(f"wrote {len(manifest)} photos to {args.out}")


if __name__ == "__main__":
    main()
