from django.db import migrations

FAMILIES = ("lives", "points", "banking")


def make_locks(apps, schema_editor):
    FamilyLock = apps.get_model("ratings", "FamilyLock")
    for family in FAMILIES:
        FamilyLock.objects.get_or_create(family=family)


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(make_locks, migrations.RunPython.noop)]
