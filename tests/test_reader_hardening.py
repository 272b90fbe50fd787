"""The reader refuses every malformed session with one line naming the file: in the core,
from `perceptron trace` (exit 2) and through `window.load()` (False, the window as it was);
fast and in bounded memory, before anything is decompressed or allocated."""

from __future__ import annotations

import io
import json
import struct
import time
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from timing import limit

from perceptron_gui.cli import command as cli
from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import load_file, write_session
from perceptron_gui.core.reading import guarded, refuse

N = 12
RNG = np.random.default_rng(3)
X = RNG.normal(size=(N, 2))
Y = np.where(X[:, 0] + X[:, 1] > 0, 1.0, -1.0)


def npy(a: np.ndarray) -> bytes:
    b = io.BytesIO()
    np.lib.format.write_array(b, a, allow_pickle=False)
    return b.getvalue()


def header(n: int = N, **extra: object) -> bytes:
    doc = {
        "format": "perceptron-gui-session",
        "version": 2,
        "n": n,
        "settings": TrainConfig().to_dict(),
        "view": {},
    }
    doc.update(extra)
    return npy(np.array(json.dumps(doc)))


def stored(name: str, data: bytes, *, method: int = 0, flags: int = 0) -> tuple:
    return (name, data, method, len(data), zlib.crc32(data), flags)


def make_zip(path: Path, members: list[tuple]) -> Path:
    """A zip written by hand, so that any member, method, flag or size can be claimed."""
    out = bytearray()
    central = bytearray()
    for name, data, method, size, crc, flags in members:
        off = len(out)
        nb = name.encode()
        out += struct.pack(
            "<4sHHHHHIIIHH", b"PK\x03\x04", 20, flags, method, 0, 0x21, crc, len(data), size,
            len(nb), 0,
        )  # fmt: skip
        out += nb + data
        central += struct.pack(
            "<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, flags, method, 0, 0x21, crc,
            len(data), size, len(nb), 0, 0, 0, 0, 0, off,
        )  # fmt: skip
        central += nb
    cd = len(out)
    out += central
    out += struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(members), len(members),
                       len(central), cd, 0)  # fmt: skip
    path.write_bytes(bytes(out))
    return path


def good_members(n: int = N) -> list[tuple]:
    return [
        stored("header.npy", header(n)),
        stored("points.npy", npy(X[:n].copy())),
        stored("labels.npy", npy(Y[:n].astype(np.int8))),
    ]


def bomb(size: int) -> tuple:
    """A deflated points.npy of `size` zero bytes, made without compressing them all."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = c.compress(b"\0" * (1 << 24)) + c.flush(zlib.Z_FULL_FLUSH)
    data = piece * (size >> 24) + c.flush()
    return ("points.npy", data, 8, size, 0, 0)


def _other_session_arrays(tmp_path: Path) -> Path:
    """A file whose header (and checksum) is one session's, its arrays another's."""
    write_session(tmp_path / "a.npz", make_dataset(X, Y), TrainConfig(), version=2)
    import zipfile

    with zipfile.ZipFile(tmp_path / "a.npz") as z:
        head = z.read("header.npy")
    other = -X
    return make_zip(
        tmp_path / "s.npz",
        [
            stored("header.npy", head),
            stored("points.npy", npy(other)),
            stored("labels.npy", npy(Y.astype(np.int8))),
        ],
    )


def _changed_digit_v1(tmp_path: Path) -> Path:
    p = tmp_path / "s.json"
    pts = np.array([[1.25, -2.5], [3.0, 4.75]])
    write_session(p, make_dataset(pts, np.array([1.0, -1.0])), TrainConfig(), version=1)
    text = p.read_text("utf-8")
    assert '"checksum": "sha256:' in text and "4.75" in text
    p.write_text(text.replace("4.75", "4.76"), "utf-8")
    return p


def _deep(tmp_path: Path) -> Path:
    members = good_members()
    text = '{"format": "perceptron-gui-session", "version": 2, "n": 12, "settings": '
    text += "[" * 100_000 + "]" * 100_000 + "}"
    members[0] = stored("header.npy", npy(np.array(text)))
    return make_zip(tmp_path / "s.npz", members)


def _method_99(tmp_path: Path) -> Path:
    m = good_members()
    m[1] = stored("points.npy", m[1][1], method=99)
    return make_zip(tmp_path / "s.npz", m)


def _encrypted(tmp_path: Path) -> Path:
    m = good_members()
    m[1] = stored("points.npy", m[1][1], flags=1)
    return make_zip(tmp_path / "s.npz", m)


def _bad_magic(tmp_path: Path) -> Path:
    m = good_members()
    m[1] = stored("points.npy", b"\x92NOMPY" + m[1][1][6:])
    return make_zip(tmp_path / "s.npz", m)


def _huge_n(tmp_path: Path) -> Path:
    m = good_members()
    m[0] = stored("header.npy", header(10**12))
    return make_zip(tmp_path / "s.npz", m)


def _huge_shape(tmp_path: Path) -> Path:
    """The header says 12 points, the .npy header claims 10^12 rows."""
    m = good_members()
    fake = npy(X.copy()).replace(b"(12, 2)", b"(1000000000000, 2)")
    m[1] = stored("points.npy", fake)
    return make_zip(tmp_path / "s.npz", m)


def _bomb(tmp_path: Path) -> Path:
    m = good_members()
    m[1] = bomb(1_600_000_000 // (1 << 24) * (1 << 24))
    return make_zip(tmp_path / "s.npz", m)


def _foreign_member(tmp_path: Path) -> Path:
    return make_zip(tmp_path / "s.npz", [*good_members(), stored("w.npy", npy(np.zeros(3)))])


def _duplicate(tmp_path: Path) -> Path:
    m = good_members()
    return make_zip(tmp_path / "s.npz", [*m, stored("points.npy", npy(-X))])


def _not_npy_member(tmp_path: Path) -> Path:
    m = good_members()
    m[2] = stored("labels.npy", b"hello, world")
    return make_zip(tmp_path / "s.npz", m)


def _wrong_n(tmp_path: Path) -> Path:
    m = good_members()
    m[0] = stored("header.npy", header(N - 1))
    return make_zip(tmp_path / "s.npz", m)


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "method 99": (_method_99, "compression method 99"),
    "encrypted": (_encrypted, "encrypted"),
    "deep header": (_deep, "nested too deeply"),
    "bad npy magic": (_bad_magic, "bad magic"),
    "10^12 rows in the header": (_huge_n, "claims 1,000,000,000,000 points"),
    "10^12 rows in the npy header": (_huge_shape, "points.npy"),
    "bomb": (_bomb, "points.npy"),
    "foreign member": (_foreign_member, "foreign member 'w.npy'"),
    "foreign arrays": (_other_session_arrays, "checksum"),
    "duplicate member": (_duplicate, "twice"),
    "member not an npy": (_not_npy_member, "labels.npy"),
    "header disagrees with members": (_wrong_n, "points.npy"),
    "changed digit, version 1": (_changed_digit_v1, "checksum"),
}


@pytest.mark.parametrize("case", CASES)
def test_refused_with_one_line_naming_the_file_fast_and_small(tmp_path: Path, case: str) -> None:
    make, words = CASES[case]
    path = make(tmp_path)
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        with pytest.raises(DataError) as e:
            load_file(path)
        elapsed = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    assert words in msg
    assert elapsed < limit(1.0), elapsed
    assert peak < 200 * 2**20, peak


@pytest.mark.parametrize("case", CASES)
def test_trace_exits_2_with_the_file_named(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = CASES[case][0](tmp_path)
    assert cli.main(["trace", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert str(path) in err and len(err.splitlines()) == 1


def test_an_intact_hand_made_session_is_read(tmp_path: Path) -> None:
    """The hand-made zips above are well formed: without the fault, they load."""
    got = load_file(make_zip(tmp_path / "s.npz", good_members()))
    np.testing.assert_array_equal(got.data.points, X)
    np.testing.assert_array_equal(got.data.labels, Y)


def test_sessions_without_a_checksum_still_load(tmp_path: Path) -> None:
    p = tmp_path / "old.json"
    p.write_text(
        json.dumps(
            {
                "format": "perceptron-gui-session",
                "version": 1,
                "points": [[1.0, 2.0]],
                "labels": [1],
                "settings": {},
            }
        )
    )
    assert load_file(p).data.n == 1


@pytest.mark.parametrize("version", [1, 2])
def test_written_sessions_carry_a_checksum_that_matches(tmp_path: Path, version: int) -> None:
    p = tmp_path / "s.npz"
    write_session(p, make_dataset(X, Y), TrainConfig(), version=version)
    got = load_file(p)
    assert got.data.points.tobytes() == X.tobytes()


def test_guarded_turns_any_exception_into_one_line_naming_the_file() -> None:
    with pytest.raises(DataError) as e:
        with guarded("lesson.toml"):
            raise ValueError("step\nkind")
    assert str(e.value) == "lesson.toml: cannot read it (ValueError: step)"
    err = refuse("l.toml", "unknown kind\n'x'", line=3)
    assert str(err) == "l.toml, line 3: unknown kind 'x'"
    assert str(refuse("s.npz", "bad", member="points.npy")) == "s.npz: member points.npy: bad"


@pytest.mark.long
@pytest.mark.parametrize("case", ["method 99", "deep header", "bomb", "changed digit, version 1"])
def test_window_load_returns_false_and_leaves_the_window_as_it_was(
    window: object, qtbot: object, tmp_path: Path, case: str
) -> None:
    from PySide6.QtWidgets import QApplication

    w = window
    w.controller.set_data(make_dataset(X[:5], Y[:5]), "five")  # type: ignore[attr-defined]
    w.step()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: w.state() == w.state())  # type: ignore[attr-defined]
    QApplication.processEvents()
    before = w.state()  # type: ignore[attr-defined]
    title = w.windowTitle()  # type: ignore[attr-defined]
    path = CASES[case][0](tmp_path)
    assert w.load(path) is False  # type: ignore[attr-defined]
    QApplication.processEvents()
    after = w.state()  # type: ignore[attr-defined]
    # "view" is the visible rectangle: the message's banner takes room from the canvas.
    # (the augmented view's "line" is the canvas's line clipped to that rectangle)
    changed = {k for k in after if k not in ("view", "augmented") and after[k] != before.get(k)}
    assert changed == set()
    assert after["augmented"]["normal"] == before["augmented"]["normal"]
    assert w.windowTitle() == title  # type: ignore[attr-defined]
    assert str(path) in w.notice.text()  # type: ignore[attr-defined]
