from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # games announces finished games; it never imports this app.
        from games.signals import game_finished
        from ratings import receivers, tasks  # noqa: F401  (tasks: registered by name)

        game_finished.connect(receivers.game_finished, dispatch_uid="ratings.game_finished")
