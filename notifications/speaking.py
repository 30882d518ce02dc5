"""Writing to people in their own language (docs/i18n.md): a notification, its e-mail and
its pop-up are made by a worker, outside any request, so each is worded in its
recipient's language (`accounts.language.language_of`), whatever the language of the
request whose change caused it.

A notification's text is worded once, when it is made, and stored so: the list, the
e-mail and the pop-up show that text. A person who changes language reads their older
notifications in the language they were made in, and the new ones in the new one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.language import language_of
from games.wording import readers

T = TypeVar("T")


def languages(user_ids: Iterable[int]) -> dict[int, str]:
    """Each person's language for what is written to them (one query); a person not
    found (gone meanwhile) is written to in the site's default."""
    user_ids = set(user_ids)
    found = {
        user.pk: language_of(user)
        for user in get_user_model()
        .objects.filter(pk__in=user_ids)
        .only("pk", "language", "reads_in")
    }
    return {user_id: found.get(user_id, settings.LANGUAGE_CODE) for user_id in user_ids}


def in_their_languages(user_ids: Iterable[int], word: Callable[[], T]) -> dict[int, T]:
    """What each of `user_ids` is told: `word()` called once per language among them,
    with that language active; words shared by several readers, so names in them read
    as no one in particular may read them (docs/privacy.md#my-name-off-public-pages)."""
    theirs = languages(user_ids)
    said: dict[str, T] = {}
    for language in sorted(set(theirs.values())):
        with translation.override(language), readers.reading_as(None):
            said[language] = word()
    return {user_id: said[language] for user_id, language in theirs.items()}
