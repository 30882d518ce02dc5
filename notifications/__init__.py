"""Notifications (docs/notifications.md): telling people what happened while they were not
looking — in the site (a list with an unread count in the header), by e-mail, and by the
browser's own notifications while a tab of the site is open — each kind on or off per
channel by the person. Kinds, channels and the sources that make notifications are
plug-ins found through registries (`kinds`, `channels`, `sources`)."""
