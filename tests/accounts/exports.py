"""Helpers of the data download's tests (docs/privacy.md#download-my-data): the folder
in a temporary directory, asking for a person's data with the tasks run as a worker
would (inline), and reading the ZIP."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from accounts.data_export import asking, storage
from accounts.models import DataExport

# The transcript's first line, its signature: base64, where two letters between a "+" and
# a "/" could read as a card's code to the search for hidden cards.
SIGNATURE = re.compile(r'\[Signature "[^"]*"\]')


@pytest.fixture
def export_dir(settings: Any, tmp_path: Path) -> Path:
    settings.DATA_EXPORT_DIR = tmp_path / "data-exports"
    return settings.DATA_EXPORT_DIR


def ready_export(user: Any, capture: Any) -> DataExport:
    """`user` asks for their data; the worker builds it (inline) and it is ready."""
    with capture(execute=True):
        export, asked = asking.ask(user)
    assert asked
    export.refresh_from_db()
    assert export.status == DataExport.READY
    return export


def files_in(export: DataExport) -> dict[str, bytes]:
    with zipfile.ZipFile(storage.path_of(export)) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()}


def json_in(export: DataExport) -> dict[str, Any]:
    return {
        name: json.loads(data) for name, data in files_in(export).items() if name.endswith(".json")
    }


def all_text(export: DataExport) -> str:
    """Every word of the ZIP: index.html, and each JSON file's keys and values (read
    back, so a transcript's lines are as written), the transcripts' signatures out."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.append(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif value is not None:
            found.append(str(value))

    for name, data in files_in(export).items():
        if name.endswith(".json"):
            walk(json.loads(data))
        else:
            found.append(data.decode())
    return SIGNATURE.sub("", "\n".join(found))
