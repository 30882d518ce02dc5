"""The club room (docs/club-night.md#the-check-in-desk): the organizer's console (`console`) and its
check-in desk (`desk`), the projector view (`projector`), the QR codes of the printed
table cards (`qr`), and what an event calls its players to at the top of every page
(`seat_calls`). Readers at the top of the house: they read the pages, the services and
the formats, and nothing below them imports them. What the formats fill in for a screen
or a print is `tournaments.formats.screen_parts` and `tournaments.formats.printed`; the
news every page shows is `tournaments.news`."""
