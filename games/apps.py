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
