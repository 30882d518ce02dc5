"""A club's leagues (docs/tournaments.md#leagues): a set of its events, chosen or the weeks
of a weekly series, added up into one table by a rule (today's season rule or points
per place), each player's best N of the M events counted, a minimum to be ranked, ties
by a stated rule. The club's season is the league of a year's events with today's rule
(`tournaments.season`).

- `table`: the table itself, pure (no Django): values, counted and dropped, ranks;
- `reading`: the events' results read from their formats into that table;
- `writes`: an organizer makes, changes and deletes a league, each refusal a sentence;
- `forms`: the league's form; `wording`: what the pages say about its rule;
- `csv_rows`: the table as a CSV file.
"""
