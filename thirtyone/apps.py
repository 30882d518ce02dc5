from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, for what belongs to the whole site rather than to
    one app: its lookups (thirtyone.lookups)."""

    name = "thirtyone"
    verbose_name = "Thirty-One"

    def ready(self) -> None:
        from thirtyone import lookups  # noqa: F401  (registers them)
