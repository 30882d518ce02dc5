"""A crawl of every page a role can reach (as the hostile-input walk finds the routes),
for the tests that look for a person's name where it may not be
(docs/privacy.md#deleting-an-account, docs/privacy.md#my-name-off-public-pages)."""

from __future__ import annotations

from django.test import Client

from tests.thirtyone import hostile


def reachable(prober: Client, known: hostile.Known) -> list[str]:
    """Every route of the resolver at the first known thing it finds there (a page that
    is not a 404), as the hostile-input walk finds them."""
    found = hostile.Walk(values=0, field_values=0)
    urls = []
    for route in hostile.routes():
        if route.name.startswith(("admin", "account_", "mfa_", "usersessions_")):
            continue  # staff's admin shows the stored token; allauth's pages are one's own
        url = hostile._real_url(found, route, prober, known)
        if url is not None:
            urls.append(url)
    return urls


def crawl(clients: dict[str, Client], urls: list[str]) -> dict[str, str]:
    """What each client is shown at `urls`: "role url" -> body, for the 200s."""
    bodies = {}
    for role, client in clients.items():
        for url in urls:
            response = client.get(url)
            if response.status_code == 200 and not response.streaming:
                bodies[f"{role} {url}"] = response.content.decode(errors="replace")
    return bodies
