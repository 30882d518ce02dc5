"""The event pages: `events` (the list, an event's page, entering it, the CSV, creating
one) and `manage` (the organizer's page and its actions)."""
