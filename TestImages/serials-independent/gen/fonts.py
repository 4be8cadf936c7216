"""Font catalogue: only faces outside the excluded families, with their Debian packages."""
import os
from functools import lru_cache
from PIL import ImageFont

ROOT = "/usr/share/fonts"
# name -> (relative path, debian package, monospaced?)
FONTS = {
    "Inter-Light": ("opentype/inter/Inter-Light.otf", "fonts-inter", False),
    "Inter-Regular": ("opentype/inter/Inter-Regular.otf", "fonts-inter", False),
    "Inter-Medium": ("opentype/inter/Inter-Medium.otf", "fonts-inter", False),
    "Inter-Bold": ("opentype/inter/Inter-Bold.otf", "fonts-inter", False),
    "Karla-Regular": ("truetype/karla/Karla-Regular.otf", "fonts-karla", False),
    "Karla-Bold": ("truetype/karla/Karla-Bold.otf", "fonts-karla", False),
    "ClearSans-Light": ("truetype/clear-sans/ClearSans-Light.ttf", "fonts-clear-sans", False),
    "ClearSans-Regular": ("truetype/clear-sans/ClearSans-Regular.ttf", "fonts-clear-sans", False),
    "ClearSans-Bold": ("truetype/clear-sans/ClearSans-Bold.ttf", "fonts-clear-sans", False),
    "Cabin-Regular": ("opentype/cabin/Cabin-Regular.otf", "fonts-cabin", False),
    "Cabin-SemiBold": ("opentype/cabin/Cabin-SemiBold.otf", "fonts-cabin", False),
    "Manrope-Light": ("truetype/manrope/Manrope-Light.ttf", "fonts-manrope", False),
    "Manrope-Regular": ("truetype/manrope/Manrope-Regular.ttf", "fonts-manrope", False),
    "Manrope-SemiBold": ("truetype/manrope/Manrope-SemiBold.ttf", "fonts-manrope", False),
    "Dosis-Medium": ("opentype/dosis/Dosis-Medium.otf", "fonts-dosis", False),
    "Dosis-Bold": ("opentype/dosis/Dosis-Bold.otf", "fonts-dosis", False),
    "Jura-Medium": ("opentype/jura/Jura-Medium.otf", "fonts-jura", False),
    "Oxygen-Sans": ("truetype/oxygen/Oxygen-Sans.ttf", "fonts-oxygen", False),
    "Oxygen-Sans-Bold": ("truetype/oxygen/Oxygen-Sans-Bold.ttf", "fonts-oxygen", False),
    "B612-Regular": ("opentype/b612/B612-Regular.otf", "fonts-b612", False),
    "NotoSerif-Regular": ("truetype/noto/NotoSerif-Regular.ttf", "fonts-noto-core", False),
    "NotoSerif-Bold": ("truetype/noto/NotoSerif-Bold.ttf", "fonts-noto-core", False),
    "B612Mono-Regular": ("opentype/b612/B612Mono-Regular.otf", "fonts-b612", True),
    "B612Mono-Bold": ("opentype/b612/B612Mono-Bold.otf", "fonts-b612", True),
    "OCRB": ("opentype/ocr-b/OCRB.otf", "fonts-ocr-b", True),
    "OCRA": ("truetype/ocr-a/OCRA.ttf", "fonts-ocr-a", True),
    "AnonymousPro-Regular": ("truetype/anonymous-pro/Anonymous Pro.ttf", "fonts-anonymous-pro", True),
    "AnonymousPro-Bold": ("truetype/anonymous-pro/Anonymous Pro B.ttf", "fonts-anonymous-pro", True),
    "Monoid-Regular": ("truetype/monoid/Monoid-Regular.ttf", "fonts-monoid", True),
    "mononoki-Regular": ("truetype/mononoki/mononoki-Regular.ttf", "fonts-mononoki", True),
    "mononoki-Bold": ("truetype/mononoki/mononoki-Bold.ttf", "fonts-mononoki", True),
    "Hermit-Medium": ("truetype/hermit/Hermit-medium.otf", "fonts-hermit", True),
    "Hermit-Light": ("truetype/hermit/Hermit-light.otf", "fonts-hermit", True),
    "IBM3270-Regular": ("truetype/3270/3270-Regular.ttf", "fonts-3270", True),
    "LeagueMono-Regular": ("opentype/league-mono/LeagueMono-Regular.otf", "fonts-league-mono", True),
    "LeagueMono-CondensedSemiBold": ("opentype/league-mono/LeagueMono-CondensedSemiBold.otf", "fonts-league-mono", True),
    "LeagueMono-Light": ("opentype/league-mono/LeagueMono-Light.otf", "fonts-league-mono", True),
    "OxygenMono-Regular": ("truetype/oxygen/OxygenMono-Regular.ttf", "fonts-oxygen", True),
    "FantasqueSansMono-Regular": ("truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-Regular.ttf", "fonts-fantasque-sans", True),
}

# Which faces each kind of photo may use for the serial line.
ETCHED_FACES = ["Inter-Light", "Inter-Regular", "ClearSans-Light", "ClearSans-Regular", "Manrope-Light",
                "Manrope-Regular", "Karla-Regular", "Cabin-Regular", "Jura-Medium", "Oxygen-Sans",
                "B612-Regular", "Dosis-Medium", "Hermit-Light", "LeagueMono-Light"]
SCREEN_UI_FACES = ["Inter-Regular", "Inter-Medium", "Manrope-Regular", "Karla-Regular", "ClearSans-Regular",
                   "Oxygen-Sans", "Cabin-Regular", "B612-Regular", "Jura-Medium", "Dosis-Medium"]
SCREEN_MONO_FACES = ["Hermit-Medium", "mononoki-Regular", "OxygenMono-Regular", "LeagueMono-Regular",
                     "FantasqueSansMono-Regular", "B612Mono-Regular", "Monoid-Regular"]
STICKER_FACES = ["OCRB", "OCRA", "AnonymousPro-Regular", "AnonymousPro-Bold", "B612Mono-Regular", "B612Mono-Bold",
                 "Monoid-Regular", "LeagueMono-CondensedSemiBold", "IBM3270-Regular", "mononoki-Bold",
                 "ClearSans-Bold", "Inter-Bold", "Karla-Bold", "NotoSerif-Regular", "NotoSerif-Bold",
                 "Cabin-SemiBold", "Oxygen-Sans-Bold", "Dosis-Bold", "Manrope-SemiBold", "Inter-Medium"]


def path_of(name):
    return os.path.join(ROOT, FONTS[name][0])


@lru_cache(maxsize=512)
def font(name, size):
    """Load a face at an integer pixel size (cached)."""
    return ImageFont.truetype(path_of(name), max(6, int(round(size))))


def available():
    """Names whose files exist on this machine."""
    return [n for n in FONTS if os.path.exists(path_of(n))]
