#!/usr/bin/env python3
"""Generate realistic phone photos of device serial numbers (Legible test set).

    python3 generate.py --seed 20240611 --count 120 --out .

Writes <preset>_<NNN>.jpg and manifest.json into --out. Every photo is drawn from its own
numpy RNG seeded with (seed, index), so any single photo can be regenerated alone
(--only etched_007.jpg) and the result does not depend on --jobs.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from multiprocessing import Pool

import numpy as np

sys.dont_write_bytecode = True  # keep the committed folder free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import fonts, scenes  # noqa: E402

PRESETS = ("etched", "sticker", "screen")
SHARE = {"etched": 0.5, "sticker": 0.375, "screen": 0.125}
DIFF_SHARE = (("easy", 0.3), ("medium", 0.4), ("hard", 0.3))


def plan(seed, count):
    """Deterministic list of tasks: (index, preset, number, difficulty, rotation, options)."""
    n_et = round(count * SHARE["etched"])
    n_st = round(count * SHARE["sticker"])
    n_sc = count - n_et - n_st
    prng = np.random.default_rng([seed, 999_999])
    tasks = []
    idx = 0
    for preset, n in (("etched", n_et), ("sticker", n_st), ("screen", n_sc)):
        # stratified difficulties
        diffs = []
        for name, share in DIFF_SHARE:
            diffs += [name] * round(n * share)
        diffs = (diffs + ["medium"] * n)[:n]
        diffs = [diffs[i] for i in prng.permutation(n)]
        # a quarter sideways (90 or 270 degrees clockwise), the rest upright
        n_side = round(n / 4)
        side = set(prng.permutation(n)[:n_side].tolist())
        rot = []
        flip = 0
        for i in range(n):
            if i in side:
                rot.append(90 if flip % 2 == 0 else 270)
                flip += 1
            else:
                rot.append(0)
        # a quarter of the stickers carry a Code 128 barcode instead of a QR code
        barcode = set(prng.permutation(n)[:round(n / 4)].tolist()) if preset == "sticker" else set()
        for i in range(n):
            tasks.append((idx, preset, i, diffs[i], rot[i], {"barcode": i in barcode}))
            idx += 1
    return tasks


def run_task(args):
    seed, out, (idx, preset, num, difficulty, rotation, opts) = args
    rng = np.random.default_rng([seed, idx])
    name = f"{preset}_{num:03d}.jpg"
    payload = None
    if preset == "etched":
        data, entry = scenes.etched_scene(rng, name, difficulty, rotation)
    elif preset == "sticker":
        data, entry, payload = scenes.sticker_scene(rng, name, difficulty, rotation,
                                                    use_barcode=opts["barcode"])
    else:
        data, entry = scenes.screen_scene(rng, name, difficulty, rotation)
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    return idx, entry, payload


def zbar_check(out, results):
    """Decode every sticker photo with zbarimg; returns (decoded_ok, total, failures)."""
    exe = shutil.which("zbarimg")
    if not exe:
        return None
    ok, total, fails = 0, 0, []
    for idx, e, payload in results:
        if e["preset"] != "sticker":
            continue
        total += 1
        p = subprocess.run([exe, "--raw", "-q", os.path.join(out, e["file"])],
                           capture_output=True, text=True)
        got = [ln.strip() for ln in p.stdout.splitlines() if ln.strip()]
        if payload in got:
            ok += 1
        else:
            fails.append(e["file"])
    return ok, total, fails


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", nargs="*", help="regenerate just these file names (manifest is not rewritten)")
    ap.add_argument("--no-verify", action="store_true", help="skip the zbarimg decode check")
    a = ap.parse_args()

    missing = fonts.check_all()
    if missing:
        sys.exit("missing fonts:\n  " + "\n  ".join(missing))
    os.makedirs(a.out, exist_ok=True)
    tasks = plan(a.seed, a.count)
    if a.only:
        want = set(a.only)
        tasks = [t for t in tasks if f"{t[1]}_{t[2]:03d}.jpg" in want]
    t0 = time.time()
    jobs = [(a.seed, a.out, t) for t in tasks]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            results = pool.map(run_task, jobs, chunksize=1)
    else:
        results = [run_task(j) for j in jobs]
    results.sort(key=lambda r: r[0])
    if not a.only:
        with open(os.path.join(a.out, "manifest.json"), "w") as f:
            json.dump([r[1] for r in results], f, indent=1)
            f.write("\n")
    dt = time.time() - t0
    total = sum(os.path.getsize(os.path.join(a.out, r[1]["file"])) for r in results)
    print(f"wrote {len(results)} photos ({total / 1e6:.1f} MB) in {dt:.0f} s")
    if not a.no_verify:
        z = zbar_check(a.out, results)
        if z is None:
            print("zbarimg not found: skipped decode check")
        elif z[1]:
            print(f"zbarimg decoded {z[0]}/{z[1]} sticker photos ({100 * z[0] / z[1]:.0f}%)"
                  + (f"; not decoded: {' '.join(z[2])}" if z[2] else ""))


if __name__ == "__main__":
    main()
