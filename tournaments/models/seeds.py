"""An event's seed and its commitment
(docs/fair-seating.md#everything-that-changes-a-seating-is-recorded): the seed every
random choice of its seating is drawn from, committed to when the event is created,
before anyone has entered (`tournaments.fairness.commitment` hashes it), and public once
it is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils import timezone

from tournaments.fairness import commitment


def _seed() -> str:
    return commitment.new_seed()


if TYPE_CHECKING:
    # Type-checked as the model it is mixed into (Django is untyped here: Any), so
    # the event's fields and `save` are known; at run time a plain mixin.
    from django.db.models import Model as _Model
else:
    _Model = object


class SeedCommitted(_Model):
    """What an `Event` does with its seed fields (`seed`, `seed_salt`,
    `seating_algorithm`, `seed_commitment`, `seed_committed_at`, declared with the
    event's other fields): commit to the seed as it is first saved, and say when the
    seed may be shown."""

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self._state.adding and not self.seed_commitment:
            self.commit_to_seed()
        super().save(*args, **kwargs)

    def commit_to_seed(self) -> None:
        """Fix the seed before anything is drawn from it: a fresh salt, the algorithm
        that will draw, and their commitment (not saved here)."""
        self.seed_salt = commitment.new_salt()
        self.seating_algorithm = commitment.ALGORITHM
        self.seed_commitment = commitment.commitment(
            self.seed_salt, self.seed, self.seating_algorithm
        )
        self.seed_committed_at = timezone.now()

    @property
    def seed_revealed(self) -> bool:
        """The seed and salt are public once the event is over, and not before."""
        return self.status == self.FINISHED
