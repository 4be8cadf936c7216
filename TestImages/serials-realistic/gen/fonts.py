"""Font registry. All fonts come from Debian `fonts-*` packages (see README)."""
import glob
import os
from functools import lru_cache

from PIL import ImageFont

# name -> (file name, Debian package)
FONT_FILES = {
    # Apple-like sans faces used for laser etching and screen UI
    "DejaVuSans": ("DejaVuSans.ttf", "fonts-dejavu-core"),
    "DejaVuSans-ExtraLight": ("DejaVuSans-ExtraLight.ttf", "fonts-dejavu-core"),
    "LiberationSans": ("LiberationSans-Regular.ttf", "fonts-liberation2"),
    "NotoSans": ("NotoSans-Regular.ttf", "fonts-noto-core"),
    "OpenSans": ("OpenSans-Regular.ttf", "fonts-open-sans"),
    "OpenSans-Light": ("OpenSans-Light.ttf", "fonts-open-sans"),
    "Roboto": ("Roboto-Regular.ttf", "fonts-roboto-unhinted"),
    "Roboto-Light": ("Roboto-Light.ttf", "fonts-roboto-unhinted"),
    "Roboto-Medium": ("Roboto-Medium.ttf", "fonts-roboto-unhinted"),
    "Cantarell": ("Cantarell-Regular.otf", "fonts-cantarell"),
    "NimbusSans": ("NimbusSans-Regular.otf", "fonts-urw-base35"),
    "Inter": ("Inter-Regular.otf", "fonts-inter"),
    "Inter-Light": ("Inter-Light.otf", "fonts-inter"),
    "Inter-Medium": ("Inter-Medium.otf", "fonts-inter"),
    "Inter-SemiBold": ("Inter-SemiBold.otf", "fonts-inter"),
    "Inter-Bold": ("Inter-Bold.otf", "fonts-inter"),
    "Lato": ("Lato-Regular.ttf", "fonts-lato"),
    "Lato-Light": ("Lato-Light.ttf", "fonts-lato"),
    # label-printer faces for stickers
    "DejaVuSans-Bold": ("DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    "DejaVuSansMono": ("DejaVuSansMono.ttf", "fonts-dejavu-core"),
    "DejaVuSansMono-Bold": ("DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
    "LiberationSans-Bold": ("LiberationSans-Bold.ttf", "fonts-liberation2"),
    "LiberationMono": ("LiberationMono-Regular.ttf", "fonts-liberation2"),
    "LiberationMono-Bold": ("LiberationMono-Bold.ttf", "fonts-liberation2"),
    "NimbusMonoPS": ("NimbusMonoPS-Regular.otf", "fonts-urw-base35"),
    "NimbusMonoPS-Bold": ("NimbusMonoPS-Bold.otf", "fonts-urw-base35"),
    "NimbusSans-Bold": ("NimbusSans-Bold.otf", "fonts-urw-base35"),
    "NotoSans-Bold": ("NotoSans-Bold.ttf", "fonts-noto-core"),
    "OpenSans-Bold": ("OpenSans-Bold.ttf", "fonts-open-sans"),
    "Roboto-Bold": ("Roboto-Bold.ttf", "fonts-roboto-unhinted"),
    "Lato-Bold": ("Lato-Bold.ttf", "fonts-lato"),
    # handwriting for marker scribbles
    "DkgHandwriting": ("dkg.ttf", "fonts-dkg-handwriting"),
    "Breip": ("Breip.ttf", "fonts-breip"),
}

ETCH_FONTS = ["DejaVuSans", "DejaVuSans-ExtraLight", "LiberationSans", "NotoSans",
              "OpenSans", "OpenSans-Light", "Roboto", "Roboto-Light", "Cantarell",
              "NimbusSans", "Inter", "Inter-Light", "Lato", "Lato-Light"]
STICKER_FONTS = ["DejaVuSans-Bold", "DejaVuSansMono", "DejaVuSansMono-Bold",
                 "LiberationSans-Bold", "LiberationMono-Bold", "LiberationSans",
                 "NimbusMonoPS-Bold", "NimbusSans-Bold", "NotoSans-Bold", "Roboto-Medium",
                 "OpenSans-Bold", "Lato-Bold", "DejaVuSans", "Roboto-Bold"]
SCREEN_FONTS = ["Inter", "Roboto", "Cantarell", "OpenSans", "Lato", "NotoSans", "DejaVuSans"]
HAND_FONTS = ["DkgHandwriting", "Breip"]

# the bold companion used for UI titles / shop names
BOLD_OF = {
    "Inter": "Inter-SemiBold", "Roboto": "Roboto-Bold", "Cantarell": "DejaVuSans-Bold",
    "OpenSans": "OpenSans-Bold", "Lato": "Lato-Bold", "NotoSans": "NotoSans-Bold",
    "DejaVuSans": "DejaVuSans-Bold",
}

_ROOT = "/usr/share/fonts"


@lru_cache(maxsize=None)
def font_path(name):
    fname, pkg = FONT_FILES[name]
    hits = sorted(glob.glob(os.path.join(_ROOT, "**", fname), recursive=True))
    # prefer the directory of the package named in FONT_FILES (e.g. liberation2 over
    # the older fonts-liberation), then shortest path, so the choice is stable
    key = pkg.replace("fonts-", "").replace("-unhinted", "").replace("-core", "")
    hits.sort(key=lambda p: (key not in p, len(p), p))
    if not hits:
        raise FileNotFoundError(
            f"font {name} ({fname}) not found; install it with: apt-get install -y {pkg}")
    # prefer truetype/opentype dirs deterministically
    return hits[0]


@lru_cache(maxsize=4096)
def load(name, size):
    return ImageFont.truetype(font_path(name), max(4, int(round(size))))


@lru_cache(maxsize=None)
def cap_ratio(name):
    """Cap height of 'H' divided by the font size."""
    f = load(name, 200)
    l, t, r, b = f.getbbox("H")
    return (b - t) / 200.0


def for_cap(name, cap_px):
    """Font whose capital letters are `cap_px` tall."""
    return load(name, cap_px / cap_ratio(name))


def check_all():
    missing = []
    for n in FONT_FILES:
        try:
            font_path(n)
        except FileNotFoundError as e:
            missing.append(str(e))
    return missing
