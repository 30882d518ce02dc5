from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Register the Celery tasks that games.notify sends by name, in every process
        # (a web process, too, may run them inline: CELERY_EAGER).
        # A table's pages number the pseudonyms of those who hide their name.
        from games import (
            name_scope,
            tasks,  # noqa: F401
        )

        name_scope.register()
        # A finished game's review is enqueued (docs/bots.md#the-review-of-a-finished-game).
        from games.signals import game_finished

        game_finished.connect(tasks.game_finished, dispatch_uid="games.review")
