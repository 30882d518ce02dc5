from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _

from accounts.checks import mail_settings


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from allauth.account.signals import user_signed_up

        from accounts.language import remember_signup_language
        from accounts.login_limits import tolerate_outages

        checks.register(mail_settings)
        tolerate_outages()
        user_signed_up.connect(remember_signup_language, dispatch_uid="signup-language")
