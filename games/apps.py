from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Register the Celery tasks that games.notify sends by name, in every process
        # (a web process, too, may run them inline: CELERY_EAGER).
        from games import tasks  # noqa: F401
