"""The example's build backend (PEP 517 and PEP 660), in the standard library only.

`pip install -e examples/normalised-perceptron` (or `pip install` of it) then needs
nothing downloaded and no build package (setuptools builds wheels only with `wheel`
installed). Your own plugin would name setuptools or hatchling in its
``[build-system]`` instead; this file is not part of what a plugin must have.

The wheels hold the package (or, editable, a finder that imports it from this folder),
the metadata and the entry points read from ``pyproject.toml``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = tomllib.loads((HERE / "pyproject.toml").read_text("utf-8"))["project"]
NAME = PROJECT["name"].replace("-", "_")
VERSION = PROJECT["version"]
PACKAGE = "perceptron_normalised"
DIST_INFO = f"{NAME}-{VERSION}.dist-info"
TAG = "py3-none-any"

#: The editable install's finder: imports the package from this folder (and nothing else
#: of it: its tests and this file stay out of sys.path).
FINDER = """import importlib.abc
import importlib.util
import sys

PACKAGE, PATH = {package!r}, {path!r}


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != PACKAGE:
            return None
        return importlib.util.spec_from_file_location(
            name, PATH + "/__init__.py", submodule_search_locations=[PATH]
        )


def install():
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
"""


def _metadata() -> bytes:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {PROJECT['name']}",
        f"Version: {VERSION}",
        f"Summary: {PROJECT.get('description', '')}",
        f"Requires-Python: {PROJECT.get('requires-python', '')}",
        *(f"Requires-Dist: {d}" for d in PROJECT.get("dependencies", [])),
    ]
    return ("\n".join(lines) + "\n").encode()


def _entry_points() -> bytes:
    out = []
    for group, points in PROJECT.get("entry-points", {}).items():
        out += [f"[{group}]", *(f"{k} = {v}" for k, v in points.items()), ""]
    return "\n".join(out).encode()


def _wheel(directory: str, files: dict[str, bytes]) -> str:
    files = {
        **files,
        f"{DIST_INFO}/METADATA": _metadata(),
        f"{DIST_INFO}/entry_points.txt": _entry_points(),
        f"{DIST_INFO}/WHEEL": (
            f"Wheel-Version: 1.0\nGenerator: build_backend\nRoot-Is-Purelib: true\nTag: {TAG}\n"
        ).encode(),
    }
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{DIST_INFO}/RECORD,,")
    files[f"{DIST_INFO}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{NAME}-{VERSION}-{TAG}.whl"
    with zipfile.ZipFile(Path(directory) / name, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            z.writestr(path, data)
    return name


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, object] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """A wheel of the package (PEP 517)."""
    files = {
        p.relative_to(HERE).as_posix(): p.read_bytes()
        for p in sorted((HERE / PACKAGE).rglob("*.py"))
    }
    return _wheel(wheel_directory, files)


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, object] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """A wheel that imports the package from this folder (PEP 660)."""
    finder = f"_{NAME}_editable"
    source = FINDER.format(package=PACKAGE, path=str(HERE / PACKAGE))
    return _wheel(
        wheel_directory,
        {
            f"{finder}.py": source.encode(),
            f"{NAME}-editable.pth": f"import {finder}; {finder}.install()\n".encode(),
        },
    )


def build_sdist(sdist_directory: str, config_settings: dict[str, object] | None = None) -> str:
    """The source: pyproject.toml, this file, the package and its tests (PEP 517)."""
    base = f"{NAME}-{VERSION}"
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as tar:
        for p in sorted(HERE.rglob("*")):
            rel = p.relative_to(HERE)
            if p.is_file() and "__pycache__" not in rel.parts:
                tar.add(p, f"{base}/{rel.as_posix()}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return name
