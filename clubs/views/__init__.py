"""The club pages: the list of clubs, a club's page and what its buttons do.

Thin views: they read, call `clubs.services`, and redirect with a message, so every
page works without JavaScript. A refusal because of the person's role (`NotAllowed`)
is a 403 page with the reason; any other refusal is a message on the club's page, or
an error on the form's field when there is a form to show again.

In parts: the list and a club's page (`club_page`), joining and members (`members`),
house rules (`house_rules`), keep-apart pairs (`keep_apart`), members by CSV
(`roster`) and how they all answer (`answers`); the URLs take every view from here.
"""

from clubs.views.club_page import club_detail, club_list, edit
from clubs.views.house_rules import add_rule_set, new_rule_set, remove_rule_set
from clubs.views.keep_apart import keep_apart, remove_keep_apart
from clubs.views.members import (
    accept_all,
    answer_request,
    invite,
    join,
    leave,
    member,
    new_invite,
)
from clubs.views.roster import import_members, invitation, members_csv, send_invitations

__all__ = [
    "accept_all",
    "add_rule_set",
    "answer_request",
    "club_detail",
    "club_list",
    "edit",
    "import_members",
    "invitation",
    "invite",
    "join",
    "keep_apart",
    "leave",
    "member",
    "members_csv",
    "new_invite",
    "new_rule_set",
    "remove_keep_apart",
    "remove_rule_set",
    "send_invitations",
]
