from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from notifications import (
            channels,
            receivers,
            sources,
            tasks,  # noqa: F401  (registered by name)
        )
        from notifications.channels.browser import BrowserChannel
        from notifications.channels.email import EmailChannel
        from notifications.channels.site import SiteChannel
        from notifications.channels.webpush import WebPushChannel

        # The channels in the order the preferences page shows them.
        for channel in (SiteChannel(), EmailChannel(), BrowserChannel(), WebPushChannel()):
            channels.register(channel)
        sources.load()  # the sources register themselves and their kinds
        # The apps it listens to never import this one
        # (docs/architecture.md#apps-depend-one-way,
        # docs/notifications.md#kinds-channels-and-sources).
        receivers.connect()
        # Their notifications in a person's data download (docs/privacy.md#download-my-data).
        from notifications import (
            checks,  # noqa: F401  (registers the system checks)
            data_export,
        )

        data_export.register()
