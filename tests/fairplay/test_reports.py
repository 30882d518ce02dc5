"""Reports and the moderation queue (docs/fair-play.md#reports,
docs/fair-play.md#who-moderates): refusals write nothing, actions are audited and told,
organizers see their club's reports only."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Membership
from fairplay import moderation, reports
from fairplay.models import ModerationAction, Report, Sanction
from games import chat
from games.errors import ServiceError
from games.models import Table
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_report_on_a_seat_without_javascript_thanks_and_keeps_the_table(
    table: Table, ann: Any, bob: Any
) -> None:
    page = _client(ann).get(table.get_absolute_url()).content.decode()
    assert reverse("fairplay:table", args=[table.pk]) in page  # the link at the foot
    listing = _client(ann).get(reverse("fairplay:table", args=[table.pk])).content.decode()
    assert "bob" in listing
    response = _client(ann).post(
        reverse("fairplay:report_at_table", args=[table.pk]),
        {"person": bob.pk, "reason": "collusion", "note": "feeds cat hearts"},
        follow=True,
    )
    assert "Thank you: the moderators will look at it." in response.content.decode()
    (report,) = Report.objects.all()
    assert (report.reporter, report.reported, report.subject) == (ann, bob, Report.SEAT)
    assert report.table == table and report.club is None and report.note == "feeds cat hearts"


def test_a_report_on_a_chat_line_keeps_its_words_and_the_game_step(
    table: Table, ann: Any, bob: Any
) -> None:
    from games import services

    game = services.start_game(table=table, by=ann)
    line = chat.post(table=table, user=bob, text="you fool")
    report = reports.report_line(reporter=ann, table=table, line_id=line.pk, reason="abuse")
    assert report.chat_message == line and report.quoted == "you fool"
    assert report.game == game and report.seq == game.seq and report.step is not None


@pytest.mark.parametrize(
    ("who", "reason", "sentence"),
    [
        ("self", "abuse", "You cannot report yourself."),
        ("bob", "rude", "Choose a reason from the list."),
    ],
)
def test_a_report_on_oneself_or_with_an_unknown_reason_is_refused_and_writes_nothing(
    table: Table, ann: Any, bob: Any, who: str, reason: str, sentence: str
) -> None:
    person = ann if who == "self" else bob
    response = _client(ann).post(
        reverse("fairplay:report_at_table", args=[table.pk]),
        {"person": person.pk, "reason": reason},
        follow=True,
    )
    assert sentence in response.content.decode()
    with pytest.raises(ServiceError, match=sentence.rstrip(".")):
        reports.report_profile(reporter=ann, reported_id=person.pk, reason=reason)
    assert not Report.objects.exists()


def test_someone_not_at_the_table_cannot_be_reported_there(
    table: Table, ann: Any, cat: Any
) -> None:
    with pytest.raises(ServiceError, match="Choose a person at this table"):
        reports.report_seat(reporter=ann, table=table, reported_id=cat.pk, reason="abuse")
    assert not Report.objects.exists()


def test_reports_are_rate_limited_per_reporter(ann: Any, bob: Any) -> None:
    client = _client(ann)
    url = reverse("fairplay:report_profile", args=["bob"])
    for _ in range(reports.REPORTS.count):
        client.post(url, {"reason": "other"}, follow=True)  # each page reads its message
    response = client.post(url, {"reason": "other"}, follow=True)
    assert Report.objects.count() == reports.REPORTS.count
    assert "Thank you" not in response.content.decode()


def test_staff_warn_audited_and_both_told(
    ann: Any, bob: Any, staff: Any, django_capture_on_commit_callbacks: Any
) -> None:
    report = reports.report_profile(reporter=ann, reported_id=bob.pk, reason="abuse")
    client = _client(staff)
    assert "bob" in client.get(reverse("fairplay:queue")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("fairplay:report", args=[report.pk]),
            {"action": "warn", "note": "Mind your words."},
        )
    (done,) = ModerationAction.objects.all()
    assert (done.by, done.action, done.note, done.report) == (
        staff,
        "warn",
        "Mind your words.",
        report,
    )
    report.refresh_from_db()
    assert report.status == Report.HANDLED
    told = Notification.objects.get(user=bob, kind="moderated")
    assert told.text == "A moderator warned you: Abusive chat" and told.body == "Mind your words."
    outcome = Notification.objects.get(user=ann, kind="report_handled")
    assert outcome.text == "Your report was handled: action was taken. Thank you."
    assert "warn" not in outcome.text.lower()  # the reporter is not told what
    with pytest.raises(ServiceError, match="handled already"):
        moderation.act(report_id=report.pk, by=staff, action="dismiss")
    assert ModerationAction.objects.count() == 1


def test_a_ban_from_rated_play_tells_what_until_when_and_why(
    ann: Any, bob: Any, staff: Any, django_capture_on_commit_callbacks: Any
) -> None:
    report = reports.report_profile(reporter=ann, reported_id=bob.pk, reason="cheating")
    with django_capture_on_commit_callbacks(execute=True):
        done = moderation.act(report_id=report.pk, by=staff, action="rated", days=3)
    assert done.sanction is not None and done.sanction.kind == Sanction.RATED_BAN
    told = Notification.objects.get(user=bob, kind="moderated")
    assert told.text.startswith("You may not play rated games until ")
    assert told.text.endswith(": Cheating otherwise")


def test_a_dismissal_tells_the_reporter_no_action_and_the_reported_nothing(
    ann: Any, bob: Any, staff: Any, django_capture_on_commit_callbacks: Any
) -> None:
    report = reports.report_profile(reporter=ann, reported_id=bob.pk, reason="other")
    with django_capture_on_commit_callbacks(execute=True):
        moderation.act(report_id=report.pk, by=staff, action="dismiss")
    assert Notification.objects.get(user=ann, kind="report_handled").text == (
        "Your report was handled: no action was taken."
    )
    assert not Notification.objects.filter(user=bob).exists()
    assert not Sanction.objects.exists()


def test_a_sanction_needs_its_days(ann: Any, bob: Any, staff: Any) -> None:
    report = reports.report_profile(reporter=ann, reported_id=bob.pk, reason="abuse")
    with pytest.raises(ServiceError, match="Choose from 1 to 365 days"):
        moderation.act(report_id=report.pk, by=staff, action="mute", days=0)
    assert not Sanction.objects.exists() and not ModerationAction.objects.exists()


def test_organizers_see_their_clubs_event_reports_only_and_act_within_their_club(
    event_table: Table, members: list[Any], ann: Any, bob: Any, django_user_model: Any
) -> None:
    p1, p2 = members[0], members[1]
    here = reports.report_seat(
        reporter=p1, table=event_table, reported_id=p2.pk, reason="collusion"
    )
    assert here.club is not None and here.club.slug == "kitchen"
    about_ann = reports.report_profile(reporter=p1, reported_id=ann.pk, reason="abuse")
    elsewhere = Club.objects.create(name="Other Club", slug="other")
    olga = django_user_model.objects.create_user("olga", password="x" * 12)
    Membership.objects.create(club=elsewhere, user=olga, role=Membership.OWNER)

    assert list(moderation.queue(ann)) == [here]  # ann organizes the Kitchen Club
    assert list(moderation.queue(olga)) == []
    assert _client(olga).get(reverse("fairplay:report", args=[here.pk])).status_code == 404
    assert _client(ann).get(reverse("fairplay:report", args=[about_ann.pk])).status_code == 404
    assert _client(bob).get(reverse("fairplay:queue")).status_code == 404
    with pytest.raises(ServiceError, match="no such report"):
        moderation.act(report_id=here.pk, by=olga, action="warn")
    with pytest.raises(ServiceError, match="Only the site's moderators"):
        moderation.act(report_id=here.pk, by=ann, action="rated", days=2)
    done = moderation.act(report_id=here.pk, by=ann, action="club", days=5, note="Twice now.")
    assert done.sanction is not None and done.sanction.club == here.club
