"""Serial-number grammars.

Every generator returns a string that is valid for its format. Characters that
OCR commonly confuses (0/O, 1/I, 5/S, 8/B, 2/Z, 6/G) are over-sampled on
purpose. Apple formats never contain I or O (Apple excludes them), so the 0/O
and 1/I pairs only appear in the Samsung and generic formats.
"""
import string

DIGITS = string.digits
UPPER = string.ascii_uppercase
ALNUM = DIGITS + UPPER
APPLE_ALNUM = "".join(c for c in ALNUM if c not in "IO")
APPLE_YEAR = "CDFGHJKLMNPQRSTVWXYZ"
APPLE_WEEK = "123456789CDFGHJKLMNPQRTVWXY"
DELL_ALNUM = DIGITS + "".join(c for c in UPPER if c not in "AEIOU")

# Characters drawn with extra probability (the confusable members of each pair).
CONFUSABLE = "0O1I5S8B2Z6G"
CONFUSE_P = 0.35

# Plausible real-world Apple factory/location prefixes (12-char format).
APPLE_LOCATIONS = ["C02", "C07", "C17", "C1M", "FVF", "DMP", "DNP", "F5K", "G8W",
                   "F17", "FK1", "H4H", "GG7", "DLX", "C39", "W8P", "D25", "F4G"]

FORMAT_LENGTH = {"apple12": 12, "apple11": 11, "apple10": 10, "dell": 7, "samsung": 11}


def _pick(rng, alphabet, n=1):
    """n characters from `alphabet`, favouring its confusable characters."""
    conf = [c for c in alphabet if c in CONFUSABLE]
    out = []
    for _ in range(n):
        if conf and rng.random() < CONFUSE_P:
            out.append(conf[rng.integers(len(conf))])
        else:
            out.append(alphabet[rng.integers(len(alphabet))])
    return "".join(out)


def apple12(rng):
    """Apple 2010-2020: LLL Y W UUU MMMM (location, year, week, unique id, model)."""
    if rng.random() < 0.6:
        loc = APPLE_LOCATIONS[rng.integers(len(APPLE_LOCATIONS))]
    else:
        loc = _pick(rng, APPLE_ALNUM, 3)
    return (loc + _pick(rng, APPLE_YEAR) + _pick(rng, APPLE_WEEK)
            + _pick(rng, APPLE_ALNUM, 3) + _pick(rng, APPLE_ALNUM, 4))


def apple11(rng):
    """Apple legacy (pre-2010): PP Y WW UUU MMM, e.g. W8812345XYZ."""
    plant = _pick(rng, APPLE_ALNUM, 2)
    year = str(rng.integers(10))
    week = f"{rng.integers(1, 53):02d}"
    return plant + year + week + _pick(rng, APPLE_ALNUM, 3) + _pick(rng, APPLE_ALNUM, 3)


def apple10(rng):
    """Apple randomised (2021+): 10 characters, no I/O, mixes letters and digits."""
    while True:
        s = _pick(rng, APPLE_ALNUM, 10)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def dell(rng):
    """Dell service tag: 7 characters of digits and consonants."""
    while True:
        s = _pick(rng, DELL_ALNUM, 7)
        if any(c.isdigit() for c in s) and any(c.isalpha() for c in s):
            return s


def samsung(rng):
    """Samsung: R + factory(2) + year + month + 6 alphanumerics, e.g. R58M12ABCDE."""
    factory = _pick(rng, DIGITS + UPPER, 2)
    year = "KLMNRT"[rng.integers(6)]
    month = "123456789ABC"[rng.integers(12)]
    return "R" + factory + year + month + _pick(rng, ALNUM, 6)


def generic(rng):
    """Generic alphanumeric ID, 8-16 characters, at least two digits and two letters."""
    n = int(rng.integers(8, 17))
    while True:
        s = _pick(rng, ALNUM, n)
        if sum(c.isdigit() for c in s) >= 2 and sum(c.isalpha() for c in s) >= 2:
            return s


GENERATORS = {"apple12": apple12, "apple11": apple11, "apple10": apple10,
              "dell": dell, "samsung": samsung, "generic": generic}


def make(rng, fmt):
    """Serial string of format `fmt` (a key of GENERATORS)."""
    return GENERATORS[fmt](rng)


def validate(serial, fmt):
    """True when `serial` obeys the grammar of `fmt` (used as a self-check)."""
    if fmt == "apple12":
        return (len(serial) == 12 and all(c in APPLE_ALNUM for c in serial)
                and serial[3] in APPLE_YEAR and serial[4] in APPLE_WEEK)
    if fmt == "apple11":
        return len(serial) == 11 and all(c in APPLE_ALNUM for c in serial)
    if fmt == "apple10":
        return len(serial) == 10 and all(c in APPLE_ALNUM for c in serial)
    if fmt == "dell":
        return len(serial) == 7 and all(c in DELL_ALNUM for c in serial)
    if fmt == "samsung":
        return len(serial) == 11 and serial[0] == "R" and all(c in ALNUM for c in serial)
    if fmt == "generic":
        return 8 <= len(serial) <= 16 and all(c in ALNUM for c in serial)
    return False


# ---- distractor strings (not serials) ---------------------------------------

def apple_model(rng):
    """Apple regulatory model number, e.g. A2338."""
    return "A" + str(rng.integers(1100, 3300))


def apple_part(rng):
    """Apple part / order number, e.g. MYS7LL/A."""
    return ("M" + _pick(rng, "".join(c for c in UPPER if c not in "IO"), 2)
            + _pick(rng, APPLE_ALNUM, 2) + ["LL/A", "B/A", "ZP/A", "CH/A", "D/A", "X/A"][rng.integers(6)])


def imei(rng, spaced=True):
    """A 15-digit IMEI-looking number with a Luhn check digit."""
    body = "35" + "".join(str(d) for d in rng.integers(0, 10, 12))
    total = 0
    for i, ch in enumerate(body):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    full = body + str((10 - total % 10) % 10)
    return f"{full[:2]} {full[2:8]} {full[8:14]} {full[14]}" if spaced else full


def mac_address(rng):
    """Colon-separated MAC address."""
    return ":".join(f"{b:02x}" for b in rng.integers(0, 256, 6))


def hex_string(rng, n):
    """Upper-case hexadecimal string of n digits."""
    return "".join("0123456789ABCDEF"[i] for i in rng.integers(0, 16, n))


def uuid(rng):
    """UUID in 8-4-4-4-12 upper-case form."""
    h = hex_string(rng, 32)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def express_service_code(tag):
    """Dell's Express Service Code of a service tag: the tag read as a base-36 number (0-9 then A-Z),
    written in decimal in groups of three from the left, as on Dell's labels ("125 423 316 01")."""
    decimal = str(int(tag, 36))
    return " ".join(decimal[i:i + 3] for i in range(0, len(decimal), 3))


def digits(rng, n):
    """n random decimal digits."""
    return "".join(str(d) for d in rng.integers(0, 10, n))
