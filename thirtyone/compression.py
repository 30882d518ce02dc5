"""Pages compressed with gzip (docs/web.md#compressed-pages).

Django's GZipMiddleware, for the responses worth it: a page or an htmx fragment (a
table page is 23 KB of HTML, 5 KB gzipped). Not a streaming response (none is made
today; one would be compressed on the fly, chunk by chunk, to no gain), nor a type
that is not text (an image or an archive is compressed already). Static files never
reach it: WhiteNoise, above it in MIDDLEWARE, answers them first, with the gzip and
Brotli files `collectstatic` made. Sockets never do either: Channels routes them apart
from Django's middleware, and Daphne accepts no WebSocket compression.

BREACH (a secret in a compressed page guessed from the sizes of responses that also
reflect text an attacker chose) is met as Django meets it: its GZipMiddleware (5.2)
pads each response with up to 100 random bytes in the gzip header ("Heal the Breach"),
so a size says little without many more requests per guess; the CSRF token a page holds
is masked anew in every response (the secret XORed with a fresh random mask), so no two
pages carry the same token text to guess at; the session and CSRF cookies travel in
headers, never compressed. What else a page holds that is secret from someone -- a
player's own hand, a private table's join link -- is shown only to a person who may see
it, and guessing it this way would need them to reload that page many times per guess
while an attacker both writes into it (a chat line, a name) and watches their traffic.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

# Content types worth compressing (the start of the header's value).
COMPRESSIBLE = (
    "text/",
    "application/json",
    "application/javascript",
    "application/xml",
    "application/xhtml+xml",
    "application/x-pem-file",
    "image/svg+xml",
)


class CompressedPages(GZipMiddleware):
    """GZipMiddleware for pages and fragments only (see the module's docstring)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.streaming or not response.get("Content-Type", "").startswith(COMPRESSIBLE):
            return response
        return super().process_response(request, response)
