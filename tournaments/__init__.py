"""Swiss tournaments at multi-seat tables (issue 23). For now only the pure seating core
(tournaments.seating); the Django app will live in this package later."""
