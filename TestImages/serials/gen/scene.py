"""Resolution-independent scene description and its painter.

A preset lays out its content in its own units (points for screens,
millimetres for labels and engravings) as a list of items. The painter maps
units to canvas pixels (`px = offset + unit * scale`) so the same layout can be
rendered at whatever magnification the camera model asks for; text outside the
canvas is clipped by PIL. The serial is a Text item with `serial_span`; the
painter reports its exact pixel bounding box.
"""
from dataclasses import dataclass, field

from PIL import ImageDraw

from . import fonts


@dataclass
class Text:
    """A line of text anchored at (x, y); anchor as in PIL ('ls' = left/baseline)."""
    x: float
    y: float
    text: str
    font: str
    size: float
    fill: object = 0
    anchor: str = "ls"
    serial_span: tuple = None  # (start, end) of the serial inside `text`

    def draw(self, p):
        f = fonts.get(self.font, self.size * p.scale)
        x, y = p.pt(self.x, self.y)
        width = f.getlength(self.text)
        h = self.anchor[0]
        if h == "m":
            x -= width / 2
        elif h == "r":
            x -= width
        anchor = "l" + self.anchor[1]
        p.draw.text((x, y), self.text, font=f, fill=self.fill, anchor=anchor)
        if self.serial_span:
            a, b = self.serial_span
            x0 = x + f.getlength(self.text[:a])
            box = p.draw.textbbox((x0, y), self.text[a:b], font=f, anchor=anchor)
            p.serial_box = box


@dataclass
class Rect:
    """Rectangle (optionally rounded) in units."""
    x0: float
    y0: float
    x1: float
    y1: float
    fill: object = None
    outline: object = None
    width: float = 0.0
    radius: float = 0.0

    def draw(self, p):
        a = p.pt(self.x0, self.y0)
        b = p.pt(self.x1, self.y1)
        if b[0] - a[0] < 0.5 or b[1] - a[1] < 0.5:
            return
        w = max(1, round(self.width * p.scale)) if self.outline is not None else 0
        r = self.radius * p.scale
        if r >= 1:
            p.draw.rounded_rectangle([a, b], radius=r, fill=self.fill, outline=self.outline, width=w)
        else:
            p.draw.rectangle([a, b], fill=self.fill, outline=self.outline, width=w)


@dataclass
class Ellipse:
    """Ellipse inscribed in a box (units); an outline-only ellipse has fill=None."""
    x0: float
    y0: float
    x1: float
    y1: float
    fill: object = None
    outline: object = None
    width: float = 0.0

    def draw(self, p):
        w = max(1, round(self.width * p.scale)) if self.outline is not None else 0
        p.draw.ellipse([p.pt(self.x0, self.y0), p.pt(self.x1, self.y1)],
                       fill=self.fill, outline=self.outline, width=w)


@dataclass
class Arc:
    """Arc of the ellipse in a box (units), angles in degrees (PIL convention)."""
    x0: float
    y0: float
    x1: float
    y1: float
    start: float
    end: float
    fill: object = 0
    width: float = 0.3

    def draw(self, p):
        p.draw.arc([p.pt(self.x0, self.y0), p.pt(self.x1, self.y1)], self.start, self.end,
                   fill=self.fill, width=max(1, round(self.width * p.scale)))


@dataclass
class Line:
    """Polyline through `points` (units)."""
    points: list
    fill: object = 0
    width: float = 0.3

    def draw(self, p):
        p.draw.line([p.pt(x, y) for x, y in self.points], fill=self.fill,
                    width=max(1, round(self.width * p.scale)), joint="curve")


@dataclass
class Polygon:
    """Filled polygon (units)."""
    points: list
    fill: object = 0

    def draw(self, p):
        p.draw.polygon([p.pt(x, y) for x, y in self.points], fill=self.fill)


@dataclass
class Bars:
    """Barcode: alternating bar/space widths in modules, starting with a bar."""
    x: float
    y: float
    module: float
    height: float
    widths: list = field(default_factory=list)
    fill: object = 0

    def draw(self, p):
        x = self.x
        for i, w in enumerate(self.widths):
            if i % 2 == 0:
                a = p.pt(x, self.y)
                b = p.pt(x + w * self.module, self.y + self.height)
                p.draw.rectangle([a, (b[0] - 1, b[1])], fill=self.fill)
            x += w * self.module


class Painter:
    """Draws items onto a PIL image with a units->pixel mapping."""

    def __init__(self, image, scale, offset):
        self.draw = ImageDraw.Draw(image)
        self.scale = scale
        self.offset = offset
        self.serial_box = None

    def pt(self, x, y):
        return (self.offset[0] + x * self.scale, self.offset[1] + y * self.scale)

    def paint(self, items):
        for it in items:
            it.draw(self)
        return self.serial_box


def barcode_widths(rng, n_symbols):
    """Code128-like bar/space widths: start, n random 11-module symbols, stop."""
    widths = [2, 1, 1, 2, 1, 4]  # a start-like symbol
    for _ in range(n_symbols):
        while True:
            w = list(rng.integers(1, 5, 6))
            if sum(w) == 11:
                break
        widths += [int(v) for v in w]
    widths += [2, 3, 3, 1, 1, 1, 2]  # stop pattern
    return widths


def serial_text(x, y, before, serial, after, font, size, fill=0, anchor="ls"):
    """A Text item containing the serial, and the serial's approximate box in units.

    The box (x0, y0, x1, y1) is only used to scale and position the layout; the
    exact pixel box is measured by the painter when the item is drawn.
    """
    text = before + serial + after
    total = fonts.text_width(font, text, size)
    left = x - {"l": 0, "m": total / 2, "r": total}[anchor[0]]
    x0 = left + fonts.text_width(font, before, size)
    x1 = x0 + fonts.text_width(font, serial, size)
    f = fonts.get(font, 100)
    _, top, _, bottom = f.getbbox(serial, anchor="ls")
    base = {"s": y, "m": y + size * 0.35, "t": y + size * 0.75}.get(anchor[1], y)
    box = (x0, base + top * size / 100, x1, base + bottom * size / 100)
    item = Text(x, y, text, font, size, fill, anchor, (len(before), len(before) + len(serial)))
    return item, box


@dataclass
class Shot:
    """Everything a preset hands to the camera model for one photo.

    render(canvas_w, canvas_h, scale, offset, rng) -> (PIL RGB image, serial box px)
    photo(rng, array, params, serial_box) -> array   (preset-specific damage)
    capture(rng) -> (PIL RGB image, serial box px)   (screens: the device's own screenshot)
    """
    serial: str
    fmt: str
    caption: object
    font: str
    device: str
    serial_units: tuple
    render: object
    photo: object = None
    portrait_p: float = 0.3   # probability of a portrait frame
    overrides: dict = None    # replaces entries of degrade.DIFFICULTY for this shot
    context_units: tuple = None  # region the photographer aims at (contains the serial)
    capture: object = None    # capture(rng) -> (PIL RGB image, serial box px): a screenshot, screens only
