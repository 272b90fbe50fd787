"""What a screen reader gets: the app under Xvfb, its accessibility tree read over AT-SPI
(Linux's accessibility bus, the one Orca reads) by a client in the system's Python with
pyatspi's Atspi bindings, as Orca does: the window, the widgets' roles and names, the canvas
in words, and the narration announced when a Step pressed through AT-SPI changes it. And
the desktop's reduce-motion setting (the XDG desktop portal's, played by a stand-in on the
same D-Bus session) reaching View ▸ Reduce motion, with Qt 6.12 and later.

Needs (Debian): xvfb, dbus-daemon, at-spi2-core, python3-pyatspi; skipped with the reason
when one is missing. See docs/accessibility.md.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# The app under Xvfb on its own D-Bus session, read over AT-SPI: the long checks.
pytestmark = pytest.mark.long

#: The screen reader's side, run by the system's python3 inside the test's own D-Bus
#: session: it says a screen reader is running (as Orca does at start), starts the app,
#: reads its tree, presses Step through AT-SPI's action interface and listens for the
#: announcement and the canvas's new description; one JSON line out.
READER = r"""
import json, subprocess, sys, time
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib

app_cmd = json.loads(sys.argv[1])
t0 = time.monotonic()
out = {"timings": {}}
# A screen reader is running: the accessibility bus's status, as Orca sets it (Qt's bridge
# turns itself on when it reads this; no environment variable forces it).
session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
session.call_sync(
    "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
    GLib.Variant("(ssv)", ("org.a11y.Status", "ScreenReaderEnabled", GLib.Variant("b", True))),
    None, Gio.DBusCallFlags.NONE, 5000, None)
Atspi.init()
proc = subprocess.Popen(app_cmd)


def find_app():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        a = desktop.get_child_at_index(i)
        if a is not None and a.get_process_id() == proc.pid:
            return a
    return None


def walk(o, path, out):
    try:
        node = {"role": o.get_role_name(), "name": o.get_name() or "",
                "description": o.get_description() or "",
                "showing": o.get_state_set().contains(Atspi.StateType.SHOWING),
                "path": path}
    except GLib.Error:
        return
    out.append(node)
    node["index"] = len(out) - 1
    nodes_by_index[node["index"]] = o
    for i in range(o.get_child_count()):
        c = o.get_child_at_index(i)
        if c is not None:
            walk(c, path + [node["role"]], out)


app = None
try:
    while time.monotonic() - t0 < 60 and proc.poll() is None:
        app = find_app()
        if app is not None and app.get_child_count():
            break  # the window is on the bus
        time.sleep(0.1)
    out["timings"]["app"] = round(time.monotonic() - t0, 2)
    if app is None:
        out["error"] = "the app never showed on the accessibility bus"
        print(json.dumps(out)); sys.exit(0)
    events = []

    def on_event(e):
        try:
            src = [e.source.get_role_name(), e.source.get_name()]
        except GLib.Error:
            src = None
        data = e.any_data if isinstance(e.any_data, str) else None
        events.append({"type": e.type, "source": src, "data": data})

    listener = Atspi.EventListener.new(on_event)
    for kind in ("object:announcement", "object:property-change:accessible-description",
                 "object:property-change:accessible-name"):
        listener.register(kind)
    loop = GLib.MainLoop()

    def until(test, seconds):
        end = time.monotonic() + seconds
        def tick():
            if test() or time.monotonic() > end:
                loop.quit()
                return False
            return True
        GLib.timeout_add(50, tick)
        loop.run()

    # The window's first step (the app was started with it done): wait until the canvas
    # describes it, then read the whole tree.
    nodes_by_index = {}
    def described():
        nodes = []
        nodes_by_index.clear()
        walk(app, [], nodes)
        out["nodes"] = nodes
        return any("misclassified" in n["description"] for n in nodes)
    until(described, 20)
    out["timings"]["tree"] = round(time.monotonic() - t0, 2)
    # Step, pressed as a screen reader's user presses a button: its AT-SPI action.
    steps = [n for n in out["nodes"] if n["role"] == "push button" and n["name"] == "Step"
             and n["showing"]]
    if steps:
        button = nodes_by_index[steps[0]["index"]]
        action = button.get_action_iface()
        out["step_action"] = action.get_action_name(0)
        action.do_action(0)
        until(lambda: any(e["type"] == "object:announcement" for e in events)
              and any(e["type"].endswith("accessible-description") for e in events), 20)
    out["events"] = events
    out["timings"]["events"] = round(time.monotonic() - t0, 2)
finally:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
for n in out.get("nodes", []):
    n.pop("index", None)
print(json.dumps(out))
"""

#: The app's side: Example 2.1 (Zhou's book), one step taken, the window shown.
APP = r"""
import sys
from PySide6.QtWidgets import QApplication
import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
from perceptron_gui.app.main_window import MainWindow
from perceptron_gui.app.storage import name_application

app = QApplication(sys.argv[:1])
name_application(app)
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.resize(1024, 700)
w.show()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.spaces.set_visible("weights")
w.step()
app.exec()
"""


def _system_python_with_atspi() -> str | None:
    """A python3 outside the test's environment that imports Atspi (Debian's python3-pyatspi
    brings it for /usr/bin/python3)."""
    seen = set()
    for candidate in ("/usr/bin/python3", shutil.which("python3")):
        if not candidate or candidate in seen or not Path(candidate).exists():
            continue
        seen.add(candidate)
        r = subprocess.run(
            [
                candidate,
                "-c",
                "import gi; gi.require_version('Atspi', '2.0')\nfrom gi.repository import Atspi",
            ],
            capture_output=True,
            timeout=30,
        )
        if r.returncode == 0:
            return candidate
    return None


def _needs_dbus_and_atspi() -> str:
    """The system's python3 with Atspi, or a skip naming what to install."""
    if not sys.platform.startswith("linux"):
        pytest.skip("AT-SPI and the desktop portal are Linux's")
    missing = [t for t in ("Xvfb", "dbus-run-session") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (Debian: xvfb, dbus-daemon)")
    if not Path("/usr/share/dbus-1/services/org.a11y.Bus.service").exists():
        pytest.skip("needs the AT-SPI bus (Debian: at-spi2-core)")
    python = _system_python_with_atspi()
    if python is None:
        pytest.skip("needs Atspi for the system's python3 (Debian: python3-pyatspi)")
    return python


def _run_on_xvfb(tmp: Path, command: list[str], **env_changes: str) -> subprocess.CompletedProcess:
    """`command` in a D-Bus session of its own (dbus-run-session), on an Xvfb screen of its
    own, the app's state in `tmp`; skipped when Xvfb or Qt's xcb cannot start."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as fh:
        number = fh.readline().strip()
    if not number:
        xvfb.kill()
        pytest.skip("Xvfb did not start")
    env = {
        **os.environ,
        "DISPLAY": f":{number}",
        "QT_QPA_PLATFORM": "xcb",
        "PERCEPTRON_GUI_NO_JIT": "1",  # (the compiled loop's load: not what is tested here)
        "PERCEPTRON_GUI_STATE_DIR": str(tmp / "state"),
        "LANG": "C.UTF-8",
        **env_changes,
    }
    env.pop("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", None)  # the screen reader's status turns it on
    env.pop("NO_AT_BRIDGE", None)
    try:
        r = subprocess.run(
            ["dbus-run-session", "--", *command],
            capture_output=True,
            text=True,
            env=env,
            cwd=Path(__file__).resolve().parents[1],
            timeout=180,
        )
    finally:
        xvfb.terminate()
        xvfb.wait()
    if r.returncode != 0 and "could not connect to display" in r.stderr:
        pytest.skip("Qt's xcb platform could not connect to Xvfb")
    assert r.returncode == 0, r.stderr[-3000:]
    return r


@pytest.fixture(scope="module")
def reader_view(tmp_path_factory) -> dict:  # noqa: ANN001
    """The screen reader's view of the app (see READER), read once for the module."""
    python = _needs_dbus_and_atspi()
    app = [sys.executable, "-c", APP]
    r = _run_on_xvfb(
        tmp_path_factory.mktemp("screen-reader"), [python, "-c", READER, json.dumps(app)]
    )
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "error" not in out, (out, r.stderr[-3000:])
    return out


def test_the_window_and_its_controls_are_named_for_a_screen_reader(reader_view: dict) -> None:
    nodes = reader_view["nodes"]
    assert nodes[0]["role"] == "application"
    frame = nodes[1]
    assert frame["role"] == "frame" and frame["name"].startswith("perceptron-gui"), frame
    # Every control a screen reader's user can reach says what it is.
    controls = {
        "push button", "toggle button", "check box", "radio button", "combo box",
        "spin button", "slider", "page tab", "table", "text", "menu item", "menu bar",
        "tool bar", "scroll bar", "status bar", "frame",
    }  # fmt: skip
    shown = [n for n in nodes if n["showing"] and n["role"] in controls]
    assert len(shown) > 40, len(shown)
    assert [n for n in shown if not n["name"].strip()] == []
    by_role = {(n["role"], n["name"]) for n in shown}
    for expected in (("push button", "Step"), ("slider", "Timeline"), ("menu item", "View")):
        assert expected in by_role, expected
    assert ("status bar", "Window") not in by_role  # (a status bar is not the window)


def test_the_canvas_is_read_in_words(reader_view: dict) -> None:
    canvas = [n for n in reader_view["nodes"] if n["name"] == "Data canvas" and n["description"]]
    assert canvas, "no canvas on the accessibility bus"
    assert canvas[0]["role"] == "chart", canvas[0]  # (a "filler" is read as layout)
    text = canvas[0]["description"]
    assert "3 points: 2 labelled +1, 1 labelled −1." in text
    assert "w = (3, 3), b = 1" in text and "1 misclassified: x3." in text
    assert "x1 = (3, 3), +1; x2 = (4, 3), +1; x3 = (1, 1), −1." in text  # each point named
    # The weight space (a picture) is a chart with its description in words too.
    space = [n for n in reader_view["nodes"] if n["name"].startswith("Weight space (w1")]
    space = [n for n in space if n["role"] == "chart"]  # (not the View menu's item)
    assert space, [n for n in reader_view["nodes"] if n["name"].startswith("Weight space")]
    assert "(k = 1) ends at ŵ = (3, 3, 1)" in space[0]["description"], space[0]
    assert "It breaks 1: x3." in space[0]["description"], space[0]


def test_a_step_pressed_through_at_spi_is_announced(reader_view: dict) -> None:
    assert reader_view.get("step_action"), "no Step button to press"
    events = reader_view["events"]
    said = [e["data"] for e in events if e["type"] == "object:announcement"]
    assert said, events
    assert said[-1].startswith("update 2 on x3 = (1, 1), y = −1"), said
    assert "\u00a0" not in said[-1]  # read as words, not held together by no-break spaces
    described = [e["data"] for e in events if e["type"].endswith("accessible-description")]
    assert any("w = (2, 2), b = 0" in (d or "") for d in described), described


#: A stand-in for the XDG desktop portal's settings (what GNOME's and KDE's portals answer):
#: org.freedesktop.appearance's reduced-motion is argv[1] (1: reduce); then it runs argv[2:]
#: and answers until that ends.
PORTAL = r"""
import subprocess, sys
from gi.repository import Gio, GLib

XML = (
    '<node><interface name="org.freedesktop.portal.Settings">'
    '<method name="ReadAll"><arg type="as" direction="in"/>'
    '<arg type="a{sa{sv}}" direction="out"/></method>'
    '<method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/>'
    '<arg type="v" direction="out"/></method>'
    '<method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/>'
    '<arg type="v" direction="out"/></method>'
    '<signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>'
    '<property name="version" type="u" access="read"/>'
    '</interface></node>'
)
APPEARANCE = "org.freedesktop.appearance"
values = {"reduced-motion": GLib.Variant("u", int(sys.argv[1])),
          "color-scheme": GLib.Variant("u", 0), "contrast": GLib.Variant("u", 0)}


def call(conn, sender, path, iface, method, params, invocation):
    if method == "ReadAll":
        wanted = params.unpack()[0]
        answer = {APPEARANCE: values} if not wanted or APPEARANCE in wanted else {}
        invocation.return_value(GLib.Variant("(a{sa{sv}})", (answer,)))
        return
    namespace, key = params.unpack()
    if namespace == APPEARANCE and key in values:
        value = values[key] if method == "ReadOne" else GLib.Variant("v", values[key])
        invocation.return_value(GLib.Variant("(v)", (value,)))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", key)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
node = Gio.DBusNodeInfo.new_for_xml(XML)
bus.register_object("/org/freedesktop/portal/desktop", node.interfaces[0], call,
                    lambda *a: GLib.Variant("u", 2), None)
loop = GLib.MainLoop()
owned = []
Gio.bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", 0,
                               lambda *a: (owned.append(1), loop.quit()), lambda *a: loop.quit())
loop.run()
assert owned, "the portal's name was not ours"
app = subprocess.Popen(sys.argv[2:])
GLib.child_watch_add(GLib.PRIORITY_DEFAULT, app.pid, lambda *a: loop.quit())
loop.run()
sys.exit(app.wait())
"""

#: The app's side: a window made as a user's is; what View ▸ Reduce motion says.
MOTION_APP = r"""
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import perceptron_gui.app  # noqa: F401
from perceptron_gui.app.main_window import MainWindow

app = QApplication(sys.argv[:1])
w = MainWindow(autosave_ms=None)
w.show()


def report():
    print(json.dumps({"checked": w.act_reduce_motion.isChecked(),
                      "animation_ms": w.canvas.animation_ms}), flush=True)
    app.quit()


QTimer.singleShot(500, report)
app.exec()
"""


@pytest.mark.parametrize("reduce", [1, 0])
def test_the_desktops_reduce_motion_reaches_the_window(tmp_path, reduce: int) -> None:  # noqa: ANN001
    """Qt 6.12 and later read the system's reduce-motion setting (on Linux the desktop
    portal's, which GNOME's settings set): a window starts with View ▸ Reduce motion checked,
    and no slow motion, when the setting asks; not when it does not."""
    import PySide6

    if tuple(int(v) for v in PySide6.__version__.split(".")[:2]) < (6, 12):
        pytest.skip(f"Qt reports the system's reduce-motion from 6.12 (here {PySide6.__version__})")
    python = _needs_dbus_and_atspi()
    r = _run_on_xvfb(
        tmp_path,
        [python, "-c", PORTAL, str(reduce), sys.executable, "-c", MOTION_APP],
        QT_QPA_PLATFORMTHEME="xdgdesktopportal",
    )
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["checked"] is bool(reduce), out
    assert (out["animation_ms"] == 0) is bool(reduce), out
