"""A person's own data as one ZIP, "Download my data" (docs/privacy.md#download-my-data):
GDPR's access and portability.

In parts: what the ZIP holds, registered by each app whose data it is (`parts`; the
accounts' own in `own`, `played` and `chat`), where the files are kept (`storage`),
building one in a worker (`building`, `tasks`), asking for one and what the page shows
(`asking`), deleting those past their days (`purging`), and the pages (`views`)."""
