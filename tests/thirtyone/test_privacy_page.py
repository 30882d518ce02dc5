"""The privacy page, /privacy/ (thirtyone.privacy, docs/privacy.md): in each of the four
languages it says what is kept and for how long, with the periods of the settings the
purges use, names the operator (or says they have not been filled in), links the data
download and the account's deletion; every page's footer and the sign-up page link it;
and production is warned while the operator is unset (thirtyone.W002)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from thirtyone import checks

pytestmark = pytest.mark.django_db

PRIVACY = "/privacy/"

# Each language's key sentences, with the settings of `_retention` below in them.
SAYS = {
    "en": [
        '<h1 id="privacy-heading">Privacy</h1>',
        "This site is run by Vesterbro Kortklub.",
        'For questions about your data, write to <a href="mailto:data@vesterbro.example">'
        "data@vesterbro.example</a>.",
        "A notification you have read, or one that only came by e-mail, is deleted 45 days "
        "after it was made. One you have not read yet stays until you read it.",
        "Otherwise it stops working at the latest 10 days after you last used it",
        "It is deleted 3 days after it was made.",
        "As long as your account exists.",
    ],
    "da": [
        '<h1 id="privacy-heading">Privatliv</h1>',
        "Siden drives af Vesterbro Kortklub.",
        'Har du spørgsmål om dine data, så skriv til <a href="mailto:data@vesterbro.example">'
        "data@vesterbro.example</a>.",
        "En notifikation, du har læst, eller en, der kun kom pr. e-mail, slettes 45 dage "
        "efter, den blev lavet. En, du ikke har læst endnu, bliver, til du læser den.",
        "Ellers holder den op med at virke senest 10 dage efter, at du sidst brugte den",
        "Den slettes 3 dage efter, at den blev lavet.",
        "Så længe din konto findes.",
    ],
    "de": [
        '<h1 id="privacy-heading">Datenschutz</h1>',
        "Diese Seite wird von Vesterbro Kortklub betrieben.",
        'Fragen zu deinen Daten schickst du an <a href="mailto:data@vesterbro.example">'
        "data@vesterbro.example</a>.",
        "Eine Benachrichtigung, die du gelesen hast oder die nur per E-Mail kam, wird 45 Tage "
        "nach ihrem Entstehen gelöscht. Eine, die du noch nicht gelesen hast, bleibt, bis du "
        "sie liest.",
        "Sonst gilt sie spätestens 10 Tage nach deiner letzten Nutzung nicht mehr",
        "Sie wird 3 Tage nach ihrem Entstehen gelöscht.",
        "Solange dein Konto besteht.",
    ],
    "fr": [
        '<h1 id="privacy-heading">Confidentialité</h1>',
        "Ce site est géré par Vesterbro Kortklub.",
        'Pour toute question sur vos données, écrivez à <a href="mailto:data@vesterbro.example">'
        "data@vesterbro.example</a>.",
        "Une notification que vous avez lue, ou qui n’est venue que par e-mail, est effacée "
        "45 jours après sa création. Une notification que vous n’avez pas encore lue reste "
        "jusqu’à ce que vous la lisiez.",
        "elle cesse de fonctionner au plus tard 10 jours après votre dernière utilisation",
        "Elle est effacée 3 jours après sa création.",
        "Tant que votre compte existe.",
    ],
}


@pytest.fixture
def _retention(settings: Any) -> None:
    settings.THIRTYONE_NOTIFICATION_DAYS = 45
    settings.THIRTYONE_DATA_EXPORT_DAYS = 3
    settings.SESSION_COOKIE_AGE = 10 * 24 * 3600
    settings.THIRTYONE_OPERATOR = "Vesterbro Kortklub"
    settings.THIRTYONE_CONTACT_EMAIL = "data@vesterbro.example"


def _page(path: str, language: str = "en") -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(path)
    assert response.status_code == 200, response.status_code
    # Words as a reader sees them: one space for each run of white space.
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


@pytest.mark.usefixtures("_retention")
@pytest.mark.parametrize("language", sorted(SAYS))
def test_the_page_says_what_is_kept_and_for_how_long_in_each_language(language: str) -> None:
    page = _page(PRIVACY, language)

    missing = [sentence for sentence in SAYS[language] if sentence not in page]
    assert missing == []
    assert f'<html lang="{language}">' in page


@pytest.mark.usefixtures("_retention")
def test_a_period_changed_in_the_settings_changes_the_page(settings: Any) -> None:
    settings.THIRTYONE_NOTIFICATION_DAYS = 1
    settings.THIRTYONE_DATA_EXPORT_DAYS = 30

    page = _page(PRIVACY)

    assert "is deleted 1 day after it was made." in page
    assert "It is deleted 30 days after it was made." in page
    assert "45 days" not in page


def test_an_operator_left_unset_is_said_to_be_missing(settings: Any) -> None:
    settings.THIRTYONE_OPERATOR = ""
    settings.THIRTYONE_CONTACT_EMAIL = ""

    page = _page(PRIVACY)

    assert "The operator of this site has not filled in their name yet." in page
    assert "The operator has not filled in an address for questions about your data yet." in page
    assert "mailto:" not in page
    assert "This site is run by" not in page


def test_the_page_links_the_download_and_the_deletion_by_their_paths() -> None:
    page = _page(PRIVACY)

    assert '<a href="/accounts/data/">Download your data</a>' in page
    assert '<a href="/accounts/delete/">Delete your account</a>' in page


def test_the_backups_line_follows_the_profile(settings: Any) -> None:
    settings.THIRTYONE_AUTO_BACKUPS = True
    own = _page(PRIVACY)
    settings.THIRTYONE_AUTO_BACKUPS = False
    operators = _page(PRIVACY)

    assert "the last 20, and the newest of each of the last 30 days" in own
    assert "The operator decides how long backups are kept." in operators
    assert "the last 20" not in operators


@pytest.mark.parametrize("path", ["/", reverse("account_signup"), PRIVACY])
def test_every_pages_footer_links_the_privacy_page(path: str) -> None:
    page = _page(path)
    footer = page.split('<footer class="site-footer">', 1)[1]

    assert '<a href="/privacy/">Privacy</a>' in footer


def test_the_sign_up_form_says_where_the_privacy_page_is() -> None:
    page = _page(reverse("account_signup"))
    main = page.split('<main id="main"', 1)[1].split("</main>", 1)[0]

    assert 'is on the <a href="/privacy/">privacy page</a>.' in main


def test_the_privacy_page_is_left_for_search_engines_to_list() -> None:
    response = Client().get(PRIVACY)

    assert "X-Robots-Tag" not in response
    assert b'name="robots"' not in response.content


# ---- the check: production is told while the operator is unset ---------------------


def ids(settings: Any, **values: Any) -> list[str]:
    for name, value in values.items():
        setattr(settings, name, value)
    return [message.id for message in checks.operator_named()]


PRODUCTION = {"EMBEDDED": False, "DEBUG": False}
NAMED = {"THIRTYONE_OPERATOR": "Vesterbro Kortklub", "THIRTYONE_CONTACT_EMAIL": "a@b.example"}


def test_production_without_an_operator_or_an_address_is_warned(settings: Any) -> None:
    assert ids(settings, **PRODUCTION, **{**NAMED, "THIRTYONE_OPERATOR": ""}) == ["thirtyone.W002"]
    assert ids(settings, **PRODUCTION, **{**NAMED, "THIRTYONE_CONTACT_EMAIL": ""}) == [
        "thirtyone.W002"
    ]
    assert ids(settings, **PRODUCTION, **NAMED) == []


def test_the_warning_names_what_is_missing(settings: Any) -> None:
    ids(settings, **PRODUCTION, THIRTYONE_OPERATOR="", THIRTYONE_CONTACT_EMAIL="")

    [warning] = checks.operator_named()

    assert warning.msg.startswith("THIRTYONE_OPERATOR and THIRTYONE_CONTACT_EMAIL are unset")


def test_make_runs_profile_and_debug_are_not_warned(settings: Any) -> None:
    unset = {"THIRTYONE_OPERATOR": "", "THIRTYONE_CONTACT_EMAIL": ""}

    assert ids(settings, EMBEDDED=True, DEBUG=False, **unset) == []
    assert ids(settings, EMBEDDED=False, DEBUG=True, **unset) == []


def test_the_operator_check_is_registered(settings: Any) -> None:
    from django.core import checks as django_checks

    ids(settings, **PRODUCTION, THIRTYONE_OPERATOR="", THIRTYONE_CONTACT_EMAIL="")

    assert "thirtyone.W002" in [message.id for message in django_checks.run_checks()]
