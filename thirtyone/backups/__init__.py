"""Backups of the site's database and their restore (docs/backups.md).

- `names`: what a backup file is called and the folder they live in;
- `migrations`: which migrations a database has applied, against the code's;
- `sqlite`, `postgres`: a consistent copy of each kind of database, checked;
- `making`: `make_backup`, the one way a backup is written (the command, the worker);
- `retention`: which automatic backups are kept;
- `running`: whether the site's processes are running (a restore waits for them to stop);
- `restoring`: `restore`, a backup put back in the database's place;
- `automatic`: the worker's backups while a game or an event is live.
"""
