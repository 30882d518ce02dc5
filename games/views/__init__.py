"""Views: thin functions that read, call games.services, and render or redirect."""
