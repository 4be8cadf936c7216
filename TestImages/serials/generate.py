#!/usr/bin/env python3
"""Generate labelled synthetic phone photos of device serial numbers.

    python3 TestImages/serials/generate.py --out TestImages/serials --seed 1
    python3 TestImages/serials/generate.py --out TestImages/serials-holdout \
        --seed 2 --fonts holdout --count 30
    python3 TestImages/serials/generate.py --out TestImages/screenshots --screenshots \
        --seed 3 --count 24

Each image is produced independently from (seed, preset, index), so the output
is deterministic and any single image can be regenerated (--only). See
README.md for the manifest format.
"""
import argparse
import json
import os
import sys
from multiprocessing import Pool

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gen import degrade, etched, fonts, screen, serials, sticker  # noqa: E402
from gen.degrade import DIFFICULTY, uniform  # noqa: E402

PRESETS = {"etched": etched, "screen": screen, "sticker": sticker}
PRESET_IDS = {"etched": 1, "screen": 2, "sticker": 3}
LEVELS = ["easy", "medium", "hard"]
ASPECTS = [4 / 3, 3 / 2, 16 / 9, 1.0]


def frame_size(rng, portrait_p):
    """Output size: long side 1000-1600 px (skewed small), phone aspect ratios."""
    long_side = int(1000 + 600 * rng.random() ** 2.2)
    aspect = ASPECTS[rng.choice(len(ASPECTS), p=[0.5, 0.2, 0.2, 0.1])]
    short = int(round(long_side / aspect))
    return (short, long_side) if rng.random() < portrait_p else (long_side, short)


def photograph(shot, difficulty, rng):
    """Render the shot through the camera model; returns (jpeg bytes, serial box)."""
    p = dict(DIFFICULTY[difficulty], **(shot.overrides or {}))
    w, h = frame_size(rng, shot.portrait_p)
    n = len(shot.serial)
    frac = uniform(rng, p["frac"])
    frac = min(0.6, max(frac, p["min_char_px"] * n / w))
    target = frac * w
    ux0, uy0, ux1, uy1 = shot.serial_units
    scale = target / (ux1 - ux0)
    cw, ch = int(w * 1.5), int(h * 1.5)
    # where the serial sits inside the (unrotated) frame: aim at the context
    # (caption + serial, or the whole text block) while keeping the serial inside
    sh = (uy1 - uy0) * scale
    free_x = max(0.0, (w - target) / 2 - 0.06 * w)
    free_y = max(0.0, (h - sh) / 2 - 0.12 * h)
    sx, sy = (ux0 + ux1) / 2 * scale, (uy0 + uy1) / 2 * scale
    kx0, ky0, kx1, ky1 = shot.context_units or shot.serial_units
    kx, ky = (kx0 + kx1) / 2 * scale, (ky0 + ky1) / 2 * scale
    dx = float(np.clip(sx - kx + rng.uniform(-0.3, 0.3) * free_x, -free_x, free_x))
    dy = float(np.clip(sy - ky + rng.uniform(-0.3, 0.3) * free_y, -free_y, free_y))
    cx, cy = cw / 2 + dx, ch / 2 + dy
    offset = (cx - (ux0 + ux1) / 2 * scale, cy - (uy0 + uy1) / 2 * scale)
    canvas, box = shot.render(cw, ch, scale, offset, rng)
    assert box is not None, "preset did not draw the serial"

    rot = uniform(rng, p["rotate"])
    persp = uniform(rng, p["persp"])
    for attempt in range(12):
        quad = degrade.camera_quad(rng, (cw, ch), (w, h), rot, persp)
        hm = degrade.homography(quad, [(0, 0), (w, 0), (w, h), (0, h)])
        sbox = degrade.box_through(hm, box)
        inside = (sbox[0] > 0.02 * w and sbox[1] > 0.02 * h and
                  sbox[0] + sbox[2] < 0.98 * w and sbox[1] + sbox[3] < 0.98 * h)
        if inside:
            break
        rot *= 0.8
        persp *= 0.8
    img, hm = degrade.warp_to_frame(canvas, quad, (w, h))
    sbox = degrade.box_through(hm, box)

    a = np.asarray(img, np.float32)
    if shot.photo is not None:
        a = shot.photo(rng, a, p, sbox)
    a = degrade.uneven_lighting(rng, a, uniform(rng, p["light"]))
    if rng.random() < 0.7:
        a = degrade.glare(rng, a, uniform(rng, p["glare"]), sbox)
    a = degrade.adjust_contrast(a, uniform(rng, p["contrast"]), rng.uniform(0, 12))
    a = degrade.color_cast(rng, a, 0.06)
    # blur scales with the character height (what matters for legibility)
    char_h = min(sbox[3], 1.4 * sbox[2] / n)
    a = degrade.gaussian_blur(a, min(3.0, uniform(rng, p["blur_rel"]) * char_h))
    if rng.random() < 0.5:
        a = degrade.motion_blur(a, min(uniform(rng, p["motion"]), 0.12 * char_h), rng.uniform(0, np.pi))
    a = degrade.sensor_noise(rng, a, uniform(rng, p["noise"]))
    a = degrade.isp_denoise(a, rng.uniform(0.45, 0.7))
    jpeg = degrade.to_jpeg(a, rng.integers(p["jpeg"][0], p["jpeg"][1] + 1))
    return jpeg, [round(v, 1) for v in sbox]


def make_one(job):
    """Worker: build, photograph and save image `index` of `preset`."""
    out, preset, index, seed, font_set = job
    rng = np.random.default_rng([seed, PRESET_IDS[preset], index])
    difficulty = LEVELS[index % 3]
    shot = PRESETS[preset].build(rng, difficulty, fonts.FONT_SETS[font_set][preset])
    assert serials.validate(shot.serial, shot.fmt), (shot.serial, shot.fmt)
    jpeg, sbox = photograph(shot, difficulty, rng)
    name = f"{preset}_{index:03d}.jpg"
    with open(os.path.join(out, name), "wb") as fh:
        fh.write(jpeg)
    return {"file": name, "preset": preset, "difficulty": difficulty, "serial": shot.serial,
            "format": shot.fmt, "font": shot.font, "caption": shot.caption,
            "serialBox": sbox, "deviceType": shot.device}


def make_screenshot(job):
    """Worker: lay out About screen `index` and save it as the device's own screenshot (PNG, no camera)."""
    out, index, seed, font_set = job
    # Preset id 4: its own random streams, apart from the photos'.
    rng = np.random.default_rng([seed, 4, index])
    shot = screen.build(rng, "easy", fonts.FONT_SETS[font_set]["screen"])
    assert serials.validate(shot.serial, shot.fmt), (shot.serial, shot.fmt)
    image, (x0, y0, x1, y1) = shot.capture(rng)
    box = (x0, y0, x1 - x0, y1 - y0)  # the painter gives corners; manifests give [x, y, width, height]
    name = f"screenshot_{index:03d}.png"
    image.save(os.path.join(out, name), optimize=True)
    return {"file": name, "preset": "screen", "difficulty": "easy", "serial": shot.serial,
            "format": shot.fmt, "font": shot.font, "caption": shot.caption,
            "serialBox": [round(v, 1) for v in box], "deviceType": shot.device}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="output directory (images + manifest.json)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=72, help="images per preset")
    ap.add_argument("--fonts", choices=sorted(fonts.FONT_SETS), default="main",
                    help="font set: 'main' for serials/, 'holdout' for serials-holdout/")
    ap.add_argument("--presets", default="etched,screen,sticker")
    ap.add_argument("--only", type=int, help="render only this index (no manifest written)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--screenshots", action="store_true",
                    help="About screens as the devices save screenshots (PNG, no camera) instead of photos")
    args = ap.parse_args()

    fonts.check_all(args.fonts)
    os.makedirs(args.out, exist_ok=True)
    presets = args.presets.split(",")
    indices = [args.only] if args.only is not None else range(args.count)
    if args.screenshots:
        worker, jobs = make_screenshot, [(args.out, i, args.seed, args.fonts) for i in indices]
    else:
        worker, jobs = make_one, [(args.out, p, i, args.seed, args.fonts) for p in presets for i in indices]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            records = pool.map(worker, jobs, chunksize=1)
    else:
        records = [worker(j) for j in jobs]
    if args.only is None:
        records.sort(key=lambda r: r["file"])
        with open(os.path.join(args.out, "manifest.json"), "w") as fh:
            json.dump(records, fh, indent=1)
            fh.write("\n")
    print(f"wrote {len(records)} images to {args.out}")


if __name__ == "__main__":
    main()
