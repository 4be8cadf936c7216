"""Font registry.

Fonts are looked up by absolute path under /usr/share/fonts (Debian layout).
Each entry records the Debian package that ships it, so a missing font fails
with an actionable message instead of silently falling back to another face.

Two disjoint font sets exist:
  * MAIN    -> TestImages/serials
  * HOLDOUT -> TestImages/serials-holdout
No family (nor a metric/design clone of it, e.g. Arimo=Liberation Sans,
Noto Sans~Open Sans, Hack~DejaVu Sans Mono) appears in both sets.
"""
import os
import sys

from PIL import ImageFont

FONT_ROOT = "/usr/share/fonts"

# key -> (path relative to FONT_ROOT, apt package)
FONT_FILES = {
    # ---- main set -------------------------------------------------------
    "DejaVuSans": ("truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
    "DejaVuSans-Bold": ("truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    "DejaVuSans-ExtraLight": ("truetype/dejavu/DejaVuSans-ExtraLight.ttf", "fonts-dejavu-extra"),
    "DejaVuSansCondensed": ("truetype/dejavu/DejaVuSansCondensed.ttf", "fonts-dejavu-extra"),
    "DejaVuSansMono": ("truetype/dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
    "DejaVuSansMono-Bold": ("truetype/dejavu/DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
    "LiberationSans-Regular": ("truetype/liberation2/LiberationSans-Regular.ttf", "fonts-liberation2"),
    "LiberationSans-Bold": ("truetype/liberation2/LiberationSans-Bold.ttf", "fonts-liberation2"),
    "LiberationMono-Regular": ("truetype/liberation2/LiberationMono-Regular.ttf", "fonts-liberation2"),
    "LiberationMono-Bold": ("truetype/liberation2/LiberationMono-Bold.ttf", "fonts-liberation2"),
    "OpenSans-Light": ("truetype/open-sans/OpenSans-Light.ttf", "fonts-open-sans"),
    "OpenSans-Regular": ("truetype/open-sans/OpenSans-Regular.ttf", "fonts-open-sans"),
    "OpenSans-Semibold": ("truetype/open-sans/OpenSans-Semibold.ttf", "fonts-open-sans"),
    "OpenSans-CondBold": ("truetype/open-sans/OpenSans-CondBold.ttf", "fonts-open-sans"),
    "Lato-Light": ("truetype/lato/Lato-Light.ttf", "fonts-lato"),
    "Lato-Regular": ("truetype/lato/Lato-Regular.ttf", "fonts-lato"),
    "Lato-Bold": ("truetype/lato/Lato-Bold.ttf", "fonts-lato"),
    "FreeMonoBold": ("truetype/freefont/FreeMonoBold.ttf", "fonts-freefont-ttf"),
    "Hack-Regular": ("truetype/hack/Hack-Regular.ttf", "fonts-hack"),
    # ---- holdout set ----------------------------------------------------
    "Roboto-Light": ("truetype/roboto/unhinted/RobotoTTF/Roboto-Light.ttf", "fonts-roboto-unhinted"),
    "Roboto-Regular": ("truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "fonts-roboto-unhinted"),
    "Roboto-Medium": ("truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf", "fonts-roboto-unhinted"),
    "RobotoCondensed-Regular": ("truetype/roboto/unhinted/RobotoCondensed-Regular.ttf", "fonts-roboto-unhinted"),
    "Cantarell-Light": ("opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
    "Cantarell-Regular": ("opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
    "Cantarell-Bold": ("opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
    "NimbusSans-Regular": ("opentype/urw-base35/NimbusSans-Regular.otf", "fonts-urw-base35"),
    "NimbusSans-Bold": ("opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"),
    "NimbusMonoPS-Bold": ("opentype/urw-base35/NimbusMonoPS-Bold.otf", "fonts-urw-base35"),
    "URWGothic-Book": ("opentype/urw-base35/URWGothic-Book.otf", "fonts-urw-base35"),
    "JetBrainsMono-Light": ("truetype/jetbrains-mono/JetBrainsMono-Light.ttf", "fonts-jetbrains-mono"),
    "JetBrainsMono-Regular": ("truetype/jetbrains-mono/JetBrainsMono-Regular.ttf", "fonts-jetbrains-mono"),
    "FiraCode-Regular": ("truetype/firacode/FiraCode-Regular.ttf", "fonts-firacode"),
    "Go-Regular": ("fonts-go/Go-Regular.ttf", "fonts-go"),
    "Go-Mono": ("fonts-go/Go-Mono.ttf", "fonts-go"),
    "Inconsolata": ("truetype/inconsolata/Inconsolata.otf", "fonts-inconsolata"),
    "NotoSansMono-Regular": ("truetype/noto/NotoSansMono-Regular.ttf", "fonts-noto-mono"),
}

# Per set and per preset: "serial" faces (one is drawn per image and used for
# the serial line) and "ui" faces (bold / heading faces for other text).
FONT_SETS = {
    "main": {
        "etched": {"serial": ["DejaVuSans-ExtraLight", "OpenSans-Light", "Lato-Light",
                              "LiberationSans-Regular", "DejaVuSansMono", "DejaVuSansCondensed"],
                   "ui": ["DejaVuSans", "OpenSans-Regular", "Lato-Regular"]},
        "screen": {"serial": ["OpenSans-Regular", "Lato-Regular", "LiberationSans-Regular",
                              "DejaVuSans", "DejaVuSansMono"],
                   "ui": ["OpenSans-Semibold", "Lato-Bold", "LiberationSans-Bold", "DejaVuSans-Bold"]},
        "sticker": {"serial": ["DejaVuSansMono", "LiberationMono-Regular", "LiberationMono-Bold",
                               "FreeMonoBold", "LiberationSans-Regular", "OpenSans-CondBold",
                               "Hack-Regular", "DejaVuSansCondensed", "Lato-Regular"],
                    "ui": ["LiberationSans-Bold", "DejaVuSans-Bold", "OpenSans-Semibold"]},
    },
    "holdout": {
        "etched": {"serial": ["Roboto-Light", "Cantarell-Light", "JetBrainsMono-Light",
                              "URWGothic-Book", "NimbusSans-Regular"],
                   "ui": ["Roboto-Regular", "Cantarell-Regular"]},
        "screen": {"serial": ["Roboto-Regular", "Cantarell-Regular", "NimbusSans-Regular",
                              "Go-Regular", "Go-Mono"],
                   "ui": ["Roboto-Medium", "Cantarell-Bold", "NimbusSans-Bold"]},
        "sticker": {"serial": ["JetBrainsMono-Regular", "FiraCode-Regular", "Go-Mono",
                               "Inconsolata", "NimbusMonoPS-Bold", "RobotoCondensed-Regular",
                               "NotoSansMono-Regular"],
                    "ui": ["NimbusSans-Bold", "Roboto-Medium"]},
    },
}


def font_path(key):
    """Absolute path of font `key`; exits with the apt package to install if absent."""
    rel, package = FONT_FILES[key]
    path = os.path.join(FONT_ROOT, rel)
    if not os.path.isfile(path):
        sys.exit(f"error: font '{key}' not found at {path}\n"
                 f"       install it with: apt-get install {package}")
    return path


def check_all(set_name):
    """Fail early (before any image is written) if a font of the set is missing."""
    for preset in FONT_SETS[set_name].values():
        for key in preset["serial"] + preset["ui"]:
            font_path(key)


_cache = {}


def get(key, size_px):
    """A cached PIL FreeType font of `key` at `size_px` (float sizes allowed)."""
    size_px = max(1.0, round(float(size_px), 1))
    k = (key, size_px)
    if k not in _cache:
        if len(_cache) > 400:
            _cache.clear()
        _cache[k] = ImageFont.truetype(font_path(key), size_px)
    return _cache[k]


def text_width(key, text, size):
    """Advance width of `text` in the same unit as `size` (measured at 100 px)."""
    return get(key, 100).getlength(text) * size / 100.0
