from typing import Any

class Promise:
    """A lazy value: here, a translated string worked out when it is read."""

class _StrPromise(Promise):
    """A lazy translated string: `%` works it out and formats it, as on a str."""
    def __mod__(self, value: Any) -> str: ...

# The rest of the module is untyped here: Any (stubs/README.md).
def __getattr__(name: str) -> Any: ...
