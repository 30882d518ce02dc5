from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FairplayConfig(AppConfig):
    name = "fairplay"
    verbose_name = _("Fair play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # games and the tournaments enforce the sanctions and blocks through their own
        # registries; neither imports this app (docs/architecture.md#plug-in-registries).
        from fairplay import blocks, data_export, leavers, links, sanctions
        from fairplay.collusion import tasks as collusion_tasks
        from games import chat_hiding, gates, notes
        from games.signals import game_finished, game_reviewed
        from tournaments import entry_gates

        gates.register(gates.CHAT, sanctions.chat_refusal)
        gates.register(gates.RATED_PLAY, sanctions.rated_refusal)
        gates.register(gates.JOIN, blocks.join_refusal)
        gates.register_avoided(blocks.blockers_of)
        chat_hiding.register(blocks.hidden_by, blocks.readers_hiding)
        entry_gates.register(sanctions.event_refusal)
        notes.register_footer(links.table_footer)
        data_export.register()
        game_finished.connect(leavers.game_finished, dispatch_uid="fairplay.leavers")
        game_finished.connect(collusion_tasks.game_over, dispatch_uid="fairplay.collusion")
        game_reviewed.connect(collusion_tasks.game_over, dispatch_uid="fairplay.collusion")
