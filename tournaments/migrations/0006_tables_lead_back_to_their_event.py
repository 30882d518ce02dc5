"""Tables opened for an event before games 0012 lead back to the lobby: give them their
event's page and name, as tournaments.tables.event_home gives a table opened now."""

from django.db import migrations
from django.urls import reverse


def lead_back_to_the_event(apps, schema_editor):
    RoundTable = apps.get_model("tournaments", "RoundTable")
    Table = apps.get_model("games", "Table")
    homes = {}
    for table_id, event_id, name in RoundTable.objects.filter(
        table__isnull=False, table__home_url=""
    ).values_list("table_id", "round__event_id", "round__event__name"):
        homes[table_id] = (reverse("tournaments:detail", args=[event_id]), name)
    for table_id, (url, name) in homes.items():
        Table.objects.filter(pk=table_id, home_url="").update(home_url=url, home_label=name)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_table_home"),
        ("tournaments", "0005_event_live_version"),
    ]

    operations = [migrations.RunPython(lead_back_to_the_event, migrations.RunPython.noop)]
