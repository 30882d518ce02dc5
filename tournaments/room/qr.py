"""QR codes for printed table cards (docs/club-night.md#qr-codes), drawn on the server as
inline SVG by `segno`: no script, no image file, and the same code on screen and on
paper. Django-free, so the type checker covers it."""

from __future__ import annotations

import segno

# Medium error correction (15 %): a card on a table gets a crease or a coffee ring.
ERROR = "m"
# Four modules of white around the code: the quiet zone a phone's camera needs.
BORDER = 4


def code(url: str) -> segno.QRCode:
    """The QR code of `url` (never a micro code: phones' cameras skip those)."""
    return segno.make(url, error=ERROR, micro=False)


def svg(url: str) -> str:
    """`url`'s QR code as an `<svg>` element to put in a page: black on white, sized by
    the page's CSS (a viewBox, no width or height), drawn with whole modules."""
    return code(url).svg_inline(
        border=BORDER,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass="qr-code",
        lineclass=None,
    )


def modules(svg_text: str) -> list[list[bool]]:
    """The dark modules an `svg` of this module draws, row by row, border included:
    what a test compares with the code of the URL it should carry. Its dark path is
    runs of modules: "M x y" moves to a row's first run, "m dx dy" to the next, "h n"
    draws n modules (y is a row's middle: a stroke one module wide)."""
    path = svg_text.split('stroke="#000" d="', 1)[1].split('"', 1)[0]
    tokens = path.replace("M", " M ").replace("m", " m ").replace("h", " h ").split()
    found: dict[tuple[int, int], bool] = {}
    x = y = 0.0
    k = 0
    while k < len(tokens):
        op = tokens[k]
        if op in ("M", "m"):
            dx, dy = float(tokens[k + 1]), float(tokens[k + 2])
            x, y = (dx, dy) if op == "M" else (x + dx, y + dy)
            k += 3
        elif op == "h":
            run = float(tokens[k + 1])
            for col in range(round(x), round(x + run)):
                found[(int(y), col)] = True
            x += run
            k += 2
        else:
            raise ValueError(f"not a path of this module's: {op!r}")
    size = max(max(r for r, _ in found), max(c for _, c in found)) + 1 + BORDER
    return [[found.get((r, c), False) for c in range(size)] for r in range(size)]


def matrix(url: str) -> list[list[bool]]:
    """The dark modules of `url`'s code, border included, as `modules` reads them."""
    qr = code(url)
    return [[bool(v) for v in row] for row in qr.matrix_iter(border=BORDER)]
