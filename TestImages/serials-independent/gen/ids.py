"""Serial-number grammars and distractor identifiers (IMEI, MAC, UUID, EAN ...)."""
import string

DIGITS = string.digits
UPPER = string.ascii_uppercase
APPLE_ALPHABET = "".join(c for c in DIGITS + UPPER if c not in "IO")  # 34 chars
APPLE_YEAR = "CDFGHJKLMNPQRSTVWXYZ"
APPLE_WEEK = "123456789CDFGHJKLMNPQRTVWXY"
APPLE_LOCATIONS = ["C02", "C1M", "C17", "FVF", "F5K", "DMP", "DLX", "G8W", "F2L", "W8Q",
                   "H4G", "FK1", "GG7", "DNP", "F17", "C39", "YM8", "RM2", "FFM", "D25"]
HEX = "0123456789ABCDEF"
FORMATS = ["apple12", "apple11", "apple10", "dell", "samsung", "generic"]
APPLE_FORMATS = ("apple12", "apple11", "apple10")


def pick(rng, seq, n=1):
    """Concatenate n random choices from seq."""
    return "".join(seq[int(rng.integers(len(seq)))] for _ in range(n))


def choice(rng, items):
    """One random element of a list (works for lists of tuples too)."""
    return items[int(rng.integers(len(items)))]


def apple12(rng):
    """Location(3) + year + week + unique(3) + model(4)."""
    loc = choice(rng, APPLE_LOCATIONS) if rng.random() < 0.6 else pick(rng, APPLE_ALPHABET, 3)
    return (loc + pick(rng, APPLE_YEAR) + pick(rng, APPLE_WEEK)
            + pick(rng, APPLE_ALPHABET, 3) + pick(rng, APPLE_ALPHABET, 4))


def apple11(rng):
    """Legacy: plant(2) + year digit + week(2 digits) + unique(3) + model(3)."""
    week = "%02d" % int(rng.integers(1, 53))
    return (pick(rng, APPLE_ALPHABET, 2) + pick(rng, DIGITS) + week
            + pick(rng, APPLE_ALPHABET, 3) + pick(rng, APPLE_ALPHABET, 3))


def apple10(rng):
    """Randomised 10-character serial; at least two letters and two digits."""
    while True:
        s = pick(rng, APPLE_ALPHABET, 10)
        if sum(c.isdigit() for c in s) >= 2 and sum(c.isalpha() for c in s) >= 2:
            return s


def dell(rng):
    """7-character service tag (digits and capitals, no I/O), at least one letter."""
    while True:
        s = pick(rng, APPLE_ALPHABET, 7)
        if any(c.isalpha() for c in s) and any(c.isdigit() for c in s):
            return s


def dell_express_code(tag):
    """Express Service Code: the tag read as a base-36 number, in decimal."""
    return str(int(tag, 36))


def samsung(rng):
    """R + factory digit + 9 digits/capitals = 11 characters."""
    return "R" + pick(rng, "2356789") + pick(rng, "CFGJKMNRTVW") + pick(rng, DIGITS, 2) + pick(rng, APPLE_ALPHABET, 6)


def generic(rng):
    """Another maker's serial: 8-14 letters/digits, O and I allowed."""
    style = int(rng.integers(4))
    if style == 0:   # e.g. 5CG1234XYZ
        s = pick(rng, DIGITS) + pick(rng, UPPER, 2) + pick(rng, DIGITS, 4) + pick(rng, UPPER + DIGITS, 3)
    elif style == 1:  # e.g. PF2ABCDE
        s = pick(rng, UPPER, 2) + pick(rng, DIGITS) + pick(rng, UPPER + DIGITS, 5)
    elif style == 2:  # long numeric-ish e.g. 0F2D1IO7384921
        n = int(rng.integers(11, 15))
        s = pick(rng, DIGITS) + pick(rng, UPPER) + pick(rng, UPPER + DIGITS, n - 2)
    else:
        s = pick(rng, UPPER + DIGITS, int(rng.integers(8, 15)))
    if not any(c.isdigit() for c in s):
        s = s[:-1] + pick(rng, DIGITS)
    if not any(c.isalpha() for c in s):
        s = pick(rng, UPPER) + s[1:]
    return s


SERIAL_MAKERS = {"apple12": apple12, "apple11": apple11, "apple10": apple10,
                 "dell": dell, "samsung": samsung, "generic": generic}


def make_serial(rng, fmt):
    """Serial string of the given format name."""
    return SERIAL_MAKERS[fmt](rng)


# ---------------------------------------------------------------- distractors
def luhn_digit(body):
    """Luhn check digit for a digit string."""
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return str((10 - total % 10) % 10)


def imei(rng, spaced=False):
    """15-digit IMEI with valid Luhn check digit."""
    body = choice(rng, ["35", "01", "86", "99"]) + pick(rng, DIGITS, 12)
    s = body + luhn_digit(body)
    return f"{s[:2]} {s[2:8]} {s[8:14]} {s[14]}" if spaced else s


def ean13(rng, prefix=""):
    """EAN-13 with a correct check digit."""
    body = prefix + pick(rng, DIGITS, 12 - len(prefix))
    tot = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - tot % 10) % 10)


def upc(rng):
    """UPC-A (12 digits) with a correct check digit."""
    body = "19" + pick(rng, DIGITS, 9)
    tot = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(body))
    return body + str((10 - tot % 10) % 10)


def mac(rng, sep=":"):
    return sep.join(pick(rng, HEX, 2) for _ in range(6))


def uuid(rng):
    return "-".join(pick(rng, HEX, n) for n in (8, 4, 4, 4, 12))


def udid(rng):
    return "0000" + pick(rng, "81") + pick(rng, DIGITS, 3) + "-" + pick(rng, HEX, 16)


def eid(rng):
    return "89049032" + pick(rng, DIGITS, 24)


def meid(rng):
    return pick(rng, HEX, 14)


def apple_model(rng):
    return "A" + pick(rng, "12") + pick(rng, DIGITS, 3)


def emc(rng):
    return "EMC " + pick(rng, "23") + pick(rng, DIGITS, 3)


def fcc_id(rng, grantee="BCG"):
    return f"{grantee}-" + pick(rng, "EA") + pick(rng, DIGITS, 4) + pick(rng, "AB", int(rng.integers(0, 2)))


def part_number(rng):
    """Apple-style part number such as MYS7LL/A or MK2K3B/A."""
    region = choice(rng, ["LL/A", "B/A", "ZP/A", "CH/A", "FN/A", "D/A", "J/A", "X/A"])
    return "M" + pick(rng, "NKLPQRVWXY") + pick(rng, APPLE_ALPHABET, 2) + pick(rng, DIGITS) + region


def date(rng):
    y, m, d = int(rng.integers(2016, 2025)), int(rng.integers(1, 13)), int(rng.integers(1, 29))
    return choice(rng, [f"{y}-{m:02d}", f"{m:02d}/{y}", f"{y}.{m:02d}.{d:02d}", f"{y}/{m:02d}/{d:02d}"])


def version(rng):
    return f"{int(rng.integers(12, 18))}.{int(rng.integers(0, 7))}.{int(rng.integers(0, 4))}"


def rating(rng):
    return choice(rng, ["19V 3.42A", "20V 3.25A", "19.5V 3.34A", "5V 2A", "12V 1.5A", "20.3V 3.0A", "9V 2A", "15V 3A"])


def generic_part(rng):
    return choice(rng, [pick(rng, DIGITS, 2) + "NR" + pick(rng, UPPER + DIGITS, 4) + "-M" + pick(rng, DIGITS, 5),
                        "0" + pick(rng, APPLE_ALPHABET, 5),
                        "L" + pick(rng, DIGITS, 5) + "-" + pick(rng, DIGITS, 3),
                        pick(rng, UPPER, 2) + "-" + pick(rng, DIGITS, 4) + pick(rng, UPPER, 2)])
