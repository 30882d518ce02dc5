from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # games announces finished games; it never imports this app.
        from games.signals import game_finished, player_back
        from tournaments import receivers, tasks  # noqa: F401  (tasks: registered by name)

        game_finished.connect(receivers.game_finished, dispatch_uid="tournaments.game_finished")
        player_back.connect(receivers.player_back, dispatch_uid="tournaments.player_back")
        # A knockout's tables say who arrived and who left (games never imports this app).
        from games import notes
        from tournaments.formats.knockout import pages as knockout_pages

        notes.register(knockout_pages.table_notes)
        # Players are called to their tables at the top of every page (calls).
        from calls import registry
        from tournaments.room import seat_calls

        registry.register(seat_calls.calls_for)
