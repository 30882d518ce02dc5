from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        # games announces finished games; it never imports this app.
        from games.signals import game_finished
        from ratings import receivers, tasks  # noqa: F401  (tasks: registered by name)

        game_finished.connect(receivers.game_finished, dispatch_uid="ratings.game_finished")
        from accounts.signals import account_erased

        account_erased.connect(receivers.account_erased, dispatch_uid="ratings.erased")
        # Their ratings in a person's data download (docs/privacy.md#download-my-data).
        from ratings import data_export

        data_export.register()
        # Their rating and rated games for the tournaments' entry conditions
        # (docs/tournaments.md#entry-conditions); the tournaments never import this app.
        from ratings import entry_record
        from tournaments import rated_record

        rated_record.register(entry_record.record)
