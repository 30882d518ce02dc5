"""Rule sets: a preset plus house-rule changes, the rules a table is opened with."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from games import engine
from games.rule_text import rules_title
from games.wording import refusal


class RuleSet(models.Model):
    """A preset plus house-rule changes, validated as a whole by the engine."""

    PRESET_CHOICES = [(key, title) for key, title in engine.PRESET_TITLES.items()]

    name = models.CharField(_("name"), max_length=80)
    preset = models.CharField(_("preset"), max_length=40, choices=PRESET_CHOICES, default="scat")
    changes = models.JSONField(
        _("changes"),
        default=dict,
        blank=True,
        help_text=_("Options that differ from the preset, by name."),
    )
    description = models.TextField(_("description"), blank=True)
    is_preset = models.BooleanField(
        _("is preset"), default=False, help_text=_("One of the built-in presets.")
    )
    offered = models.BooleanField(
        _("offered"),
        default=True,
        help_text=_(
            "Offered when a table is opened. Tables opened with it keep their rules "
            "either way. The built-in presets are always offered."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        ordering = ["-is_preset", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset"],
                condition=models.Q(is_preset=True),
                name="one_rule_set_per_preset",
            ),
            models.CheckConstraint(
                condition=models.Q(is_preset=False) | models.Q(offered=True),
                name="presets_are_offered",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """Its name as shown: a built-in preset's title in the reader's language (its
        stored name is the English one), house rules' name as written."""
        return rules_title(self.name, self.preset)

    def rules(self) -> engine.Rules:
        return engine.Rules.preset(self.preset, **self.changes)

    def clean(self) -> None:
        if self.is_preset and not self.offered:
            raise ValidationError({"offered": _("The built-in presets are always offered.")})
        if not isinstance(self.changes, dict):
            raise ValidationError({"changes": _("Changes must be a mapping of option names.")})
        try:
            self.rules()
        except engine.RulesError as error:
            raise ValidationError({"changes": refusal(error)}) from error

    @classmethod
    def on_offer(cls) -> models.QuerySet[RuleSet]:
        """The rule sets a table may be opened with: the built-in presets in the engine's
        order, then the site's house rules by name."""
        engine_order = models.Case(
            *(
                models.When(is_preset=True, preset=key, then=models.Value(n))
                for n, key in enumerate(engine.PRESET_TITLES)
            ),
            default=models.Value(len(engine.PRESET_TITLES)),
        )
        return cls.objects.filter(offered=True).order_by(
            "-is_preset", engine_order, Lower("name"), "pk"
        )

    @classmethod
    def sync_presets(cls) -> int:
        """Create or refresh one rule set per engine preset; returns how many."""
        for key, title in engine.PRESET_TITLES.items():
            cls.objects.update_or_create(
                preset=key,
                is_preset=True,
                defaults={"name": title, "changes": {}, "offered": True},
            )
        return len(engine.PRESET_TITLES)
