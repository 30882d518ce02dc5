from typing import Any

# The rest of Django is untyped here: Any (stubs/README.md).
def __getattr__(name: str) -> Any: ...
