"""The one write path for clubs (docs/clubs.md#services): members, roles, join requests,
invite links and the club's house rules.

Every function is keyword-only and runs in one transaction. It checks who is asking
(`clubs.access`) and either does the whole change or raises `ServiceError` with a
sentence for that person, having written nothing. `NotAllowed` is the refusal of
someone whose role does not let them ask at all, so a view can answer it with 403.
Views and tests call these; the admin writes through its forms, which refuse the same
bad states (`clubs.admin`).

In parts: who is asking (`checks`), the club itself (`club`), joining and members
(`members`), house rules (`house_rules`) and keep-apart pairs
(`keep_apart`); every name is imported from here.
"""

from clubs.services.checks import (
    ACCEPT,
    ANSWER,
    CHANGE_CLUB,
    CREATE_CLUB,
    HOUSE_RULES,
    JOIN,
    LEAVE,
    NEW_INVITE,
    REMOVE_MEMBER,
    REMOVE_ORGANIZER,
    SET_ROLE,
    NotAllowed,
)
from clubs.services.club import (
    NAME_LENGTH,
    SLUG_LENGTH,
    create_club,
    new_invite_link,
    update_club,
)
from clubs.services.house_rules import (
    add_rule_set,
    create_rule_set,
    remove_rule_set,
    rules_in_use,
)
from clubs.services.keep_apart import (
    KEEP_APART,
    add_keep_apart,
    already,
    checked_pair,
    remove_keep_apart,
)
from clubs.services.members import (
    accept_all_requests,
    accept_request,
    decline_request,
    join,
    join_by_invite,
    leave,
    remove_member,
    set_role,
)
from games.errors import ServiceError

# tournaments.models.Event.FINISHED: the status of an event that is over. Spelled here
# because clubs never imports tournaments (tournaments imports clubs).
EVENT_FINISHED = "finished"

__all__ = [
    "ACCEPT",
    "ANSWER",
    "CHANGE_CLUB",
    "CREATE_CLUB",
    "EVENT_FINISHED",
    "HOUSE_RULES",
    "JOIN",
    "KEEP_APART",
    "LEAVE",
    "NAME_LENGTH",
    "NEW_INVITE",
    "REMOVE_MEMBER",
    "REMOVE_ORGANIZER",
    "SET_ROLE",
    "SLUG_LENGTH",
    "NotAllowed",
    "ServiceError",
    "accept_all_requests",
    "accept_request",
    "add_keep_apart",
    "add_rule_set",
    "already",
    "create_club",
    "create_rule_set",
    "decline_request",
    "join",
    "join_by_invite",
    "checked_pair",
    "leave",
    "new_invite_link",
    "remove_keep_apart",
    "remove_member",
    "remove_rule_set",
    "rules_in_use",
    "set_role",
    "update_club",
]
