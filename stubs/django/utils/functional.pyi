class Promise:
    """A lazy value: here, a translated string worked out when it is read."""
