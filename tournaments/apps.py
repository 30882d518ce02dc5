from collections.abc import Callable

from django.apps import AppConfig
from django.utils.functional import Promise


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"
    # `Event.format`'s choices (`tournaments.models.format_choices`): the formats'
    # registry's, which imports the models, so it is read once they are loaded.
    format_choices: Callable[[], list[tuple[str, str | Promise]]]

    def ready(self) -> None:
        # games announces finished games; it never imports this app.
        from games.signals import game_finished, player_back
        from tournaments import receivers, tasks  # noqa: F401  (tasks: registered by name)

        game_finished.connect(receivers.game_finished, dispatch_uid="tournaments.game_finished")
        player_back.connect(receivers.player_back, dispatch_uid="tournaments.player_back")
        from accounts.signals import account_erased

        account_erased.connect(receivers.account_erased, dispatch_uid="tournaments.erased")
        from tournaments import formats

        self.format_choices = formats.choices
        # A format's tables may say more on their page (a knockout's: who arrived and who
        # left; games never imports this app).
        from games import notes

        for provider in formats.table_notes():
            notes.register(provider)
        # While its event runs, a game's review is its own players' (games.access).
        from games import running_events
        from tournaments import running_games

        running_events.register(running_games.event_running)
        # Players are called to their tables at the top of every page (calls).
        from calls import registry
        from tournaments.room import seat_calls

        registry.register(seat_calls.calls_for)
        # A player calls the organizer from their table: a line on an event table's
        # page, and the organizers' calls bar (docs/club-night.md#calling-the-organizer).
        from tournaments.room import organizer_calls

        registry.register(organizer_calls.calls_for)
        notes.register(organizer_calls.table_notes)
        # A guest's entries go to whoever accepts their invitation to the club
        # (docs/clubs.md#a-guest-becomes-a-member; clubs never imports this app).
        from clubs import guest_results
        from tournaments.services import guest_claims

        guest_results.register(guest_claims.claim_guest)
        # Their events, calendar feed and corrections in a person's data download
        # (accounts never imports this app: docs/privacy.md#download-my-data).
        from tournaments import data_export

        data_export.register()
        # An event numbers the pseudonyms of those who hide their name on its pages.
        from tournaments import name_scope

        name_scope.register()
