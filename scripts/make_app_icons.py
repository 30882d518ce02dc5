"""Draw the installable app's icons (docs/app.md#icons) from the site's own mark,
static/img/favicon.svg: a spade on felt. Run once when the mark changes; the PNGs are
committed (static/img/app-*.png).

    .venv/bin/pip install pillow && .venv/bin/python scripts/make_app_icons.py

Pillow draws no SVG, so the mark's one path is written here as its cubic Bézier
segments (the SVG's own numbers, made absolute) and drawn as a polygon, four times
larger than the icon and scaled down, for smooth edges."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

STATIC = Path(__file__).resolve().parent.parent / "static" / "img"
FELT = (13, 77, 47)  # the mark's #0d4d2f
SPADE = (244, 239, 225)  # its #f4efe1
START = (32.0, 8.0)
# favicon.svg's path on its 64 x 64 box: each segment's two control points and its end.
CURVES = [
    ((24, 20), (12, 26), (12, 37)),
    ((12, 44), (17, 48), (23, 48)),
    ((26, 48), (28, 47), (30, 45)),
    ((29, 50), (27, 53), (24, 56)),
    ((24, 56), (40, 56), (40, 56)),  # the stem's foot (the SVG's h16), as a straight line
    ((37, 53), (35, 50), (34, 45)),
    ((36, 47), (38, 48), (41, 48)),
    ((47, 48), (52, 44), (52, 37)),
    ((52, 26), (40, 20), (32, 8)),
]
SCALE = 4  # drawn this many times larger, then scaled down


def outline(steps: int = 24) -> list[tuple[float, float]]:
    points = [START]
    here = START
    for c1, c2, end in CURVES:
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            x = u**3 * here[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * end[0]
            y = u**3 * here[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * end[1]
            points.append((x, y))
        here = (float(end[0]), float(end[1]))
    return points


def icon(size: int, *, corner: float, spade: float) -> Image.Image:
    """`size` px square; `corner`: the felt's corner radius as a share of the side (0:
    square to the edge); `spade`: the spade's 64-box scaled to this share of the side."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=int(corner * big), fill=FELT)
    box = spade * big
    offset = (big - box) / 2
    draw.polygon([(offset + x / 64 * box, offset + y / 64 * box) for x, y in outline()], fill=SPADE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    # "any": the mark as the favicon draws it, rounded corners (12 of 64) included.
    for size in (192, 512):
        icon(size, corner=12 / 64, spade=1.0).save(STATIC / f"app-{size}.png", optimize=True)
    # "maskable": felt to every edge, the spade inside the safe zone (the middle circle
    # of 80% of the side, which any mask keeps): its box at 70% of the side.
    icon(512, corner=0, spade=0.7).save(STATIC / "app-maskable-512.png", optimize=True)
    # iOS rounds a home-screen icon's corners itself and shows no transparency.
    icon(180, corner=0, spade=0.9).convert("RGB").save(STATIC / "app-180.png", optimize=True)
    for path in sorted(STATIC.glob("app-*.png")):
        print(f"{path.relative_to(STATIC.parent.parent)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
