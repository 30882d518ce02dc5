"""Checking an event's seating against its revealed seed
(docs/fair-seating.md#the-verify-page-and-the-command, docs/verify-event.md): the report
the verify page and `manage.py verify_event` show.

The common part is here: the commitment (the revealed salt, seed and algorithm hashed
again) and the report's verdict. The rounds themselves are each format's to draw again
(`Format.checks.seating_checks`, with `tournaments.formats.seat_checks`): this module never branches
on a format. Nothing here shows a seed before the event is over: the report of an event
still running holds its commitment only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from tournaments import formats
from tournaments.fairness import commitment
from tournaments.formats.seat_checks import DIFFERS, MATCHES, UNCHECKED, Check
from tournaments.models import Event

# ---- the report --------------------------------------------------------------------------

UNCOMMITTED = "uncommitted"  # the event started before events committed to their seed
SEALED = "sealed"  # committed, not over: the seed is still secret
REVEALED = "revealed"  # over: the seed is shown and every round drawn again


@dataclass
class Report:
    event: Event
    stage: str
    commitment: str = ""
    algorithm: str = ""
    committed_at: datetime | None = None
    # Once revealed:
    seed: str = ""
    salt: str = ""
    committed_text: str = ""
    shell: str = ""
    commitment_matches: bool | None = None
    algorithm_known: bool = True
    checks: list[Check] = field(default_factory=list)

    @property
    def grouped_commitment(self) -> str:
        return commitment.grouped(self.commitment)

    @property
    def outcome(self) -> str:
        """MATCHES when the commitment and every round check out, DIFFERS when anything
        differs, UNCHECKED when the seating could not be checked (not over, no
        commitment, an algorithm this code does not draw, a round it cannot draw)."""
        if self.stage != REVEALED or not self.algorithm_known:
            return UNCHECKED
        if self.commitment_matches is False or any(c.outcome == DIFFERS for c in self.checks):
            return DIFFERS
        if any(c.outcome == UNCHECKED for c in self.checks):
            return UNCHECKED
        return MATCHES

    @property
    def summary(self) -> str:
        differing = [c.title for c in self.checks if c.outcome == DIFFERS]
        if self.stage == UNCOMMITTED:
            return _(
                "This event started before events committed to their seed: its seating "
                "cannot be proven."
            )
        if self.stage == SEALED:
            return _(
                "The event is not over: its seed stays secret until it ends. Then this page "
                "shows it and draws every round again."
            )
        if self.commitment_matches is False:
            return _(
                "The revealed seed does not match the commitment made when the event was created."
            )
        if not self.algorithm_known:
            return _(
                "This event was seated by %(algorithm)s, which this version of the site "
                "cannot draw again."
            ) % {"algorithm": self.algorithm}
        if differing:
            return _("Differs from the seed: %(checks)s.") % {"checks": ", ".join(differing)}
        if self.outcome == UNCHECKED:
            return _("Some rounds cannot be checked: see below why.")
        return _("Everything matches: every round was seated as the seed and the results say.")

    @property
    def exit_code(self) -> int:
        """`manage.py verify_event`'s: 0 all match, 1 something differs, 2 not checkable."""
        return {MATCHES: 0, DIFFERS: 1}.get(self.outcome, 2)


def report(event: Event) -> Report:
    """The event's seating checked against its seed, as far as its state allows."""
    if not event.seed_commitment:
        return Report(event, UNCOMMITTED)
    found = Report(
        event,
        SEALED,
        commitment=event.seed_commitment,
        algorithm=event.seating_algorithm,
        committed_at=event.seed_committed_at,
    )
    if not event.seed_revealed:
        return found
    found.stage = REVEALED
    found.seed, found.salt = event.seed, event.seed_salt
    found.committed_text = commitment.committed_text(event.seed_salt, event.seed, found.algorithm)
    found.shell = commitment.shell_check(event.seed_salt, event.seed, found.algorithm)
    found.commitment_matches = (
        commitment.commitment(event.seed_salt, event.seed, found.algorithm) == found.commitment
    )
    found.algorithm_known = found.algorithm in commitment.ALGORITHMS
    if found.algorithm_known:
        found.checks = formats.of(event).checks.seating_checks(event)
    return found


def as_text(found: Report) -> str:
    """The report as `manage.py verify_event` prints it: what the page says, in lines."""
    event = found.event
    out = [f"{event.name} (event {event.pk}): {found.summary}"]
    if found.stage != UNCOMMITTED:
        out.append(f"Commitment: {found.commitment} ({found.algorithm})")
        if found.committed_at is not None:
            out.append(f"Committed at: {found.committed_at.isoformat()}")
    if found.stage == REVEALED:
        verdict = "matches" if found.commitment_matches else "DIFFERS"
        out += [
            f"Seed: {found.seed}",
            f"Salt: {found.salt}",
            f"SHA-256 of {found.committed_text}: {verdict}",
            f"Check it: {found.shell}",
        ]
    for check in found.checks:
        out.append(f"{check.title}: {check.verdict}")
        out += [f"  - {line}" for line in check.lines]
        out += [f"  ! {line}" for line in check.listed]
    return "\n".join(out) + "\n"
