from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _

from accounts.checks import mail_settings


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from allauth.account.signals import user_signed_up
        from django.contrib.auth.signals import user_logged_in

        from accounts.data_export import chat, own, played
        from accounts.data_export import tasks as export_tasks  # noqa: F401  (by name)
        from accounts.devices import seen_at_log_in
        from accounts.language import remember_signup_language
        from accounts.login_limits import tolerate_outages
        from accounts.networks import seen_at_sign_in

        checks.register(mail_settings)
        tolerate_outages()
        user_signed_up.connect(remember_signup_language, dispatch_uid="signup-language")
        # The download of a person's data: the accounts' own parts; the other apps add
        # theirs in their own ready (docs/privacy.md#download-my-data).
        for part in (own, played, chat):
            part.register()
        user_logged_in.connect(seen_at_log_in, dispatch_uid="device-seen-at-log-in")
        # Every sign-in notes its network's fingerprint (docs/privacy.md#the-network-fingerprint).
        user_logged_in.connect(seen_at_sign_in, dispatch_uid="network-seen-at-sign-in")
