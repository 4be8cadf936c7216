"""Serial-number generators with the real structure of each format."""

DIGITS = "0123456789"
# Apple never uses the letter O; I is avoided as well (it is vanishingly rare).
APPLE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
APPLE_ALNUM = DIGITS + APPLE_LETTERS

# 12-character serials: PPP Y W UUU CCCC
APPLE12_PREFIXES = ["C02", "C17", "C1M", "C2V", "C07", "F5K", "F17", "DLX", "DMP", "FVF",
                    "W80", "G8W", "H4T", "DNP", "C39", "F4K", "DQG", "GG7", "FK1", "DX3",
                    "C8Q", "FVH", "F9F", "DYT", "C1J"]
YEAR_CHARS = "CDFGHJKLMNPQRSTVWXYZ"
WEEK_CHARS = "123456789CDFGHJKLMNPQRTVWXY"
# configuration codes seen on real machines, plus random ones
CONFIG_CODES = ["Q05D", "J1GH", "FVH3", "MD6M", "HV2H", "LVDL", "G8WN", "DTY3", "FH04",
                "Q6L4", "JGH5", "DRVC", "H03Q", "1G7L", "MD6T", "ML7H", "P3XY", "Q6LR",
                "HX87", "DV35", "FWW1", "GTHX", "MD6R", "LVCF", "J9JV", "G9FN", "HF1R"]

# 11-character (pre-2010): PP Y WW UUU CCC
APPLE11_PLANTS = ["W8", "YM", "RM", "CK", "4H", "QT", "G8", "SG", "VM", "7J", "1P", "W0"]
APPLE11_MODELS = ["66D", "X92", "U35", "A7N", "Z5V", "0P2", "9GU", "DRJ", "AGX", "8BQ", "66H"]

DELL_CHARS = DIGITS + "BCDFGHJKLMNPQRSTVWXYZ"


def _pick(rng, seq, n=1):
    return "".join(seq[int(rng.integers(len(seq)))] for _ in range(n))


# factory prefixes typical for each device family
PREFIX_BY_DEVICE = {
    "macbook": ["C02", "C17", "C1M", "C2V", "C07", "FVF", "W80", "C1J", "FVH", "C8Q", "G8W", "H4T"],
    "iphone": ["F17", "C39", "DNP", "DX3", "F5K", "F4K", "FK1", "GG7", "DYT", "C8Q", "F2L"],
    "ipad": ["DMP", "DLX", "F9F", "DQG", "F5K", "DYT", "H4T", "GG7"],
}


def apple12(rng, device=None):
    pool = PREFIX_BY_DEVICE.get(device, APPLE12_PREFIXES)
    prefix = pool[int(rng.integers(len(pool)))]
    year = _pick(rng, YEAR_CHARS)
    week = _pick(rng, WEEK_CHARS)
    uniq = _pick(rng, APPLE_ALNUM, 3)
    if rng.random() < 0.55:
        cfg = CONFIG_CODES[int(rng.integers(len(CONFIG_CODES)))]
    else:
        cfg = _pick(rng, APPLE_ALNUM, 4)
    return prefix + year + week + uniq + cfg


def apple11(rng):
    plant = APPLE11_PLANTS[int(rng.integers(len(APPLE11_PLANTS)))]
    year = str(int(rng.integers(0, 10)))
    week = "%02d" % int(rng.integers(1, 53))
    uniq = _pick(rng, APPLE_ALNUM, 3)
    model = APPLE11_MODELS[int(rng.integers(len(APPLE11_MODELS)))] if rng.random() < 0.6 \
        else _pick(rng, APPLE_ALNUM, 3)
    return plant + year + week + uniq + model


def apple10(rng):
    # randomised serials (2021+): 10 chars, A-Z without O and I, plus digits;
    # in practice they mix letters and digits, so insist on at least 2 of each.
    while True:
        s = _pick(rng, APPLE_ALNUM, 10)
        nd = sum(c.isdigit() for c in s)
        if 2 <= nd <= 7:
            return s


def dell(rng):
    while True:
        s = _pick(rng, DELL_CHARS, 7)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def generic(rng):
    """Non-Apple laptop serials: Lenovo 8-char (PF/PC/R9 ...) or HP 10-char (5CG...)."""
    if rng.random() < 0.5:
        return ["PF", "PC", "R9", "MP", "PW"][int(rng.integers(5))] + _pick(rng, APPLE_ALNUM, 6)
    return ["5CG", "5CD", "CND", "2UA"][int(rng.integers(4))] + _pick(rng, DIGITS, 4) + \
        _pick(rng, APPLE_ALNUM, 3)


GENERATORS = {"apple12": apple12, "apple11": apple11, "apple10": apple10,
              "dell": dell, "generic": generic}


def make(rng, fmt, device=None):
    if fmt == "apple12":
        return apple12(rng, device)
    return GENERATORS[fmt](rng)


def choose_format(rng, allow_non_apple=False):
    r = rng.random()
    if allow_non_apple and r < 0.10:
        return "dell" if rng.random() < 0.6 else "generic"
    r = rng.random()
    if r < 0.66:
        return "apple12"
    if r < 0.92:
        return "apple10"
    return "apple11"
