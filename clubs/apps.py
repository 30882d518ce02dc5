from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # Who may read whose name (docs/privacy.md#my-name-off-public-pages).
        from clubs import name_lens
        from games.wording import readers

        readers.register_lens_factory(name_lens.lens_for)
        readers.register_scope(name_lens.page_scope)
