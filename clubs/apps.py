from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # Who may read whose name (docs/privacy.md#my-name-off-public-pages).
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from clubs import name_lens
        from games.wording import readers

        readers.register_lens_factory(name_lens.lens_for)
        readers.register_scope(name_lens.page_scope)
        post_save.connect(
            name_lens.forget_who_hides, sender=get_user_model(), dispatch_uid="forget_who_hides"
        )
