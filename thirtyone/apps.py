from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, for what belongs to the whole site rather than to
    one app: its lookups (thirtyone.lookups), the check on its address
    (thirtyone.checks) and the counting of tasks (thirtyone.observe)."""

    name = "thirtyone"
    verbose_name = "Thirty-One"

    def ready(self) -> None:
        from django.core import checks

        from thirtyone import lookups, observe  # noqa: F401  (registers them)
        from thirtyone.checks import site_address

        checks.register(site_address)
        observe.connect()
