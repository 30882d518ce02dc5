from django.apps import AppConfig
from django.core import checks

from accounts.checks import mail_settings


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        checks.register(mail_settings)
