"""The exported page in a real browser: Debian's chromium, driven by Selenium.

One headless browser serves the whole module (it costs ~1 s of CPU to start). Skipped,
with the reason, when selenium, chromium or chromedriver is missing (.ci/run installs
the Debian packages chromium and chromium-driver). The browser is the system's: nothing
is downloaded. Its launch flags keep it off the network's background services, and the
test reads the DevTools performance log to see that the page asked for nothing.

With PERCEPTRON_WEB_SCREENSHOT=1 the Example 2.1 test also saves its picture of the page
as assets/web.png (the docs' screenshot).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.generators import generate
from perceptron_gui.core.lesson import load_lesson
from perceptron_gui.web import lesson_page, run_page, write_page

CHROMIUM = os.environ.get("PERCEPTRON_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("PERCEPTRON_CHROMEDRIVER", "/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parents[1]

# (The quick suite's install has no selenium: these tests are all long, and the long checks'
# command installs the `long` extra first.)
webdriver = pytest.importorskip(
    "selenium.webdriver", reason='selenium is not installed: pip install ".[long]"'
)
if not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()):
    pytest.skip(
        f"no browser: {CHROMIUM} and {CHROMEDRIVER} are needed "
        "(Debian: apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

from selenium.webdriver.chrome.service import Service  # noqa: E402

# One worker runs them all under pytest-xdist (--dist loadgroup): one browser for the run.
pytestmark = pytest.mark.xdist_group("browser")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

#: The most seconds from navigation to a drawn, answering page that a test accepts.
INTERACTIVE_S = 3.0
EX21 = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1000",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    profile = tempfile.mkdtemp(prefix="perceptron-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.get("about:blank")  # the renderer starts here, not in the first page's time
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(driver: Any, path: Path) -> float:
    """Load `path`; the seconds until the page's script has drawn it (from navigation)."""
    driver.get_log("performance")  # forget what came before
    driver.get_log("browser")
    driver.get(path.as_uri())
    for _ in range(100):
        if driver.execute_script("return !!window.perceptronPage"):
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the page's script did not run")
    return float(
        driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "return n.domContentLoadedEventEnd / 1000;"
        )
    )


def requests_made(driver: Any) -> list[str]:
    """The URLs the page asked the network for (DevTools' Network.requestWillBeSent)."""
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


def errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def text(driver: Any, css: str) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, css).text)


@pytest.mark.long
def test_example_2_1_in_the_browser(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "ex21.html"
    write_page(path, run_page(EX21, TrainConfig(order="first")))
    seconds = open_page(browser, path)
    # Interactive within a second on a quiet machine (0.1-0.3 s measured); the bound leaves
    # room for a CI machine busy with other tests.
    assert seconds < INTERACTIVE_S, seconds
    # Nothing leaves the file: the one request is the file itself.
    assert [u for u in requests_made(browser) if not u.startswith("data:")] == [path.as_uri()]
    assert errors(browser) == []
    slider = browser.find_element(By.CSS_SELECTOR, "input.slider")
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", "7")  # k = 0…7
    # Three presses of → (the page's keys), from k = 0 to k = 3.
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT * 3)
    assert slider.get_attribute("value") == "3"
    readout = text(browser, ".readout")
    assert "w = (1, 1)" in readout and "b = −1" in readout and "k = 3" in readout
    assert text(browser, ".narration").startswith("update 3 on x3 = (1, 1), y = −1")
    # The drawn line is the run's at k = 3: x1 + x2 − 1 = 0, end to end across the view.
    ends = json.loads(
        browser.find_element(By.CSS_SELECTOR, "line.model-line").get_attribute("data-ends")
    )
    view = browser.execute_script("return perceptronPage.data.run.view")
    for x, y in ends:
        assert abs(x + y - 1) < 1e-9
        assert view[0] - 1e-9 <= x <= view[1] + 1e-9 and view[2] - 1e-9 <= y <= view[3] + 1e-9
    assert abs(ends[0][0] - ends[1][0]) > 0.5  # a segment across the view, not a point
    # The pixels agree with the data: the SVG end points are the view's map of them.
    x1 = float(browser.find_element(By.CSS_SELECTOR, "line.model-line").get_attribute("x1"))
    assert abs(x1 - (ends[0][0] - view[0]) / (view[1] - view[0]) * 800) < 1e-6
    assert (
        len(
            [
                h
                for h in browser.find_elements(By.CSS_SELECTOR, "circle")
                if h.get_attribute("visibility") == "visible" and h.get_attribute("r") == "14"
            ]
        )
        == 1
    )  # x3 only
    # The slider goes where it is put; Back steps back.
    browser.execute_script(
        "const s = document.querySelector('input.slider'); s.value = 7;"
        "s.dispatchEvent(new Event('input'));"
    )
    assert "converged" in text(browser, ".narration")
    browser.find_element(By.CSS_SELECTOR, "button.back").click()
    assert slider.get_attribute("value") == "6"
    if os.environ.get("PERCEPTRON_WEB_SCREENSHOT") == "1":
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME + Keys.ARROW_RIGHT * 3)
        browser.save_screenshot(str(ROOT / "assets" / "web.png"))


@pytest.mark.long
def test_play_runs_to_the_end(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "noisy.html"
    write_page(path, run_page(generate("noisy", 40, seed=1), TrainConfig(max_updates=100)))
    assert open_page(browser, path) < INTERACTIVE_S  # 40 points, 100 updates
    slider = browser.find_element(By.CSS_SELECTOR, "input.slider")
    browser.find_element(By.CSS_SELECTOR, "button.play").click()
    assert text(browser, "button.play") == "Pause"
    for _ in range(50):  # a frame every 120 ms
        if int(slider.get_attribute("value")) >= 3:
            break
        time.sleep(0.1)
    browser.find_element(By.TAG_NAME, "body").send_keys("p")  # the key pauses
    assert text(browser, "button.play") == "Play"
    held = slider.get_attribute("value")
    time.sleep(0.4)
    assert slider.get_attribute("value") == held and int(held) >= 3
    browser.execute_script("perceptronPage.viewers[0].show(98)")
    browser.find_element(By.CSS_SELECTOR, "button.play").click()  # plays the last two, stops
    for _ in range(50):
        if text(browser, "button.play") == "Play":
            break
        time.sleep(0.1)
    assert slider.get_attribute("value") == "100" and text(browser, "button.play") == "Play"
    assert errors(browser) == []


@pytest.mark.long
@pytest.mark.parametrize("mode", ["kernel", "pocket"])
def test_a_kernel_and_a_pocket_run_load(browser: Any, tmp_path: Path, mode: str) -> None:
    data = generate("xor" if mode == "kernel" else "noisy", 30, seed=2)
    path = tmp_path / f"{mode}.html"
    write_page(path, run_page(data, TrainConfig(mode=mode, order="random", max_updates=30)))
    open_page(browser, path)
    assert errors(browser) == []
    assert [u for u in requests_made(browser) if not u.startswith("data:")] == [path.as_uri()]
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    if mode == "kernel":  # the regions' image, no line
        image = browser.find_element(By.CSS_SELECTOR, "svg.canvas image")
        assert image.get_attribute("visibility") == "visible"
        assert image.get_attribute("href").startswith("data:image/png;base64,")
        assert (
            browser.find_element(By.CSS_SELECTOR, "line.model-line").get_attribute("visibility")
            == "hidden"
        )
    else:  # the pocket's dashed line beside the running one
        assert (
            browser.find_element(By.CSS_SELECTOR, "line.answer-line").get_attribute("visibility")
            == "visible"
        )
        assert "pocket" in text(browser, ".readout")


@pytest.mark.long
def test_a_lesson_page_and_a_chinese_page(browser: Any, tmp_path: Path) -> None:
    lesson = load_lesson("perceptron")
    path = tmp_path / "lesson.html"
    write_page(path, lesson_page(lesson, lang="zh_CN"))
    open_page(browser, path)
    assert errors(browser) == []
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "section.scene h2")]
    assert titles == [f"{i + 1}. {s.title['zh_CN']}" for i, s in enumerate(lesson.scenes)]
    # 40 named points (the XOR scene): no name covers another.
    overlaps = browser.execute_script(
        """const boxes = [...document.querySelectorAll('#scene-12 g.names text')]
             .map(t => t.getBBox());
           let n = 0;
           for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) {
             const a = boxes[i], b = boxes[j];
             if (a.x < b.x + b.width && b.x < a.x + a.width &&
                 a.y < b.y + b.height && b.y < a.y + a.height) n++;
           }
           return [boxes.length, n];"""
    )
    assert overlaps[0] >= 30 and overlaps[1] == 0, overlaps
    model = browser.find_elements(By.CSS_SELECTOR, "section.scene")[0]  # start = stop = 7
    assert model.find_element(By.CSS_SELECTOR, "input.slider").get_attribute("value") == "7"
    first = browser.find_elements(By.CSS_SELECTOR, "section.scene")[1]  # Example 2.1's scene
    answer = first.find_element(By.CSS_SELECTOR, ".question .answer")
    assert not answer.is_displayed()
    first.find_element(By.CSS_SELECTOR, "button.reveal").click()
    assert answer.is_displayed() and answer.text == "下一次更新修正 x1。"
    # Its timeline, Chinese narration: step it by its own button.
    first.find_element(By.CSS_SELECTOR, "button.step").click()
    assert first.find_element(By.CSS_SELECTOR, ".narration").text.startswith("第 1 次更新")
    assert "当前误分类" in first.find_element(By.CSS_SELECTOR, ".readout").text


@pytest.mark.long
def test_a_big_run_stays_usable(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "big.html"
    write_page(path, run_page(generate("separable", 10_000, seed=1), TrainConfig()))
    assert path.stat().st_size < 2_000_000
    seconds = open_page(browser, path)
    assert seconds < 4 * INTERACTIVE_S, seconds  # 0.4-1.8 s measured on a busy machine
    start = time.perf_counter()
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT * 5)
    assert time.perf_counter() - start < 3.0  # five frames of 2000 drawn points
    assert "of 10000" in text(browser, ".readout")
    assert errors(browser) == []


@pytest.mark.long
def test_every_mode_plays_in_the_browser(browser: Any, tmp_path: Path) -> None:
    from perceptron_gui.core.config import MODES
    from perceptron_gui.core.registry import spec

    data = generate("noisy", 12, seed=3)
    for mode in MODES:
        order = "random" if spec(mode).allows("random") else "cyclic"
        path = tmp_path / f"{mode}.html"
        write_page(path, run_page(data, TrainConfig(mode=mode, order=order, max_updates=12)))
        open_page(browser, path)
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        last = browser.execute_script("const v = perceptronPage.viewers[0]; return v.index;")
        assert last == len(browser.execute_script("return perceptronPage.data.run.frames")) - 1
        assert text(browser, ".narration") and "b = " in text(browser, ".readout"), mode
        drawn = browser.execute_script(
            "return [...document.querySelectorAll('svg.canvas line.model-line, svg.canvas image')]"
            ".filter(e => e.getAttribute('visibility') === 'visible').length"
        )
        assert drawn >= 1, mode  # a line or the regions
        assert errors(browser) == [], mode


@pytest.mark.long
def test_the_notebooks_frame_draws_the_run(browser: Any, tmp_path: Path) -> None:
    """What Jupyter shows for `train(...)`: the page in a sandboxed iframe still runs."""
    from perceptron_gui.core.api import train

    result = train([[3, 3], [4, 3], [1, 1]], [1, 1, -1], order="first")
    path = tmp_path / "cell.html"
    path.write_text(
        f"<!DOCTYPE html><html><body>{result._repr_html_()}</body></html>", encoding="utf-8"
    )
    browser.get(path.as_uri())
    browser.switch_to.frame(browser.find_element(By.TAG_NAME, "iframe"))
    try:
        for _ in range(100):
            if browser.execute_script("return !!window.perceptronPage"):
                break
            time.sleep(0.05)
        browser.find_element(By.CSS_SELECTOR, "button.step").click()
        assert text(browser, ".narration").startswith("update 1 on x1")
        assert "w = (3, 3)" in text(browser, ".readout")
    finally:
        browser.switch_to.default_content()


#: Per frame of the page's first run: each number and vector of the narration (vectors up
#: to 32 characters, as the page keeps them whole) that lies on more than one line, or
#: past the box's right edge, as the browser laid it out.
BROKEN_NUMBERS = """
const viewer = perceptronPage.viewers[0], out = [];
const numbers = /\\([^()]{1,32}\\)|[+\u2212-]?\\d+(?:\\.\\d+)?/g;
for (let i = 0; i < viewer.frames.length; i++) {
  viewer.show(i);
  const nar = document.querySelector('.narration'), box = nar.getBoundingClientRect();
  const nodes = [], walk = document.createTreeWalker(nar, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    nodes.push([t, text.length]);
    text += t.textContent;
  }
  const at = (k) => {  // (the text node and the offset in it of character k)
    let j = nodes.length - 1;
    while (j > 0 && nodes[j][1] > k) j--;
    return [nodes[j][0], k - nodes[j][1]];
  };
  for (const m of text.matchAll(numbers)) {
    if (m[0].startsWith('(') && !/\\d/.test(m[0])) continue;
    const range = document.createRange();
    range.setStart(...at(m.index));
    range.setEnd(...at(m.index + m[0].length - 1));
    range.setEnd(range.endContainer, range.endOffset + 1);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    const tops = new Set(rects.map(r => Math.round(r.bottom)));
    if (tops.size > 1 || rects.some(r => r.right > box.right + 1)) out.push([i, m[0]]);
  }
}
return out;
"""


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_narration_never_breaks_a_number(browser: Any, tmp_path: Path, lang: str) -> None:
    """'What this update did' at 1024 and 400 px wide: every number and vector whole on
    its line (the page broke the glued equations anywhere: '(0.553, 1.40' / '1)')."""
    path = tmp_path / f"run_{lang}.html"
    write_page(path, run_page(generate("separable", 25, seed=3), TrainConfig(), lang=lang))
    try:
        for width in (1024, 400):
            browser.set_window_size(width, 900)
            open_page(browser, path)
            assert browser.execute_script("return window.innerWidth") <= width
            assert browser.execute_script(BROKEN_NUMBERS) == [], width
            shown = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".narration .num")]
            vectors = [t for t in shown if t.startswith("(")]
            assert any(", " in v for v in vectors), shown  # (a vector, in one span)
            assert all(v.endswith(")") for v in vectors), shown
            assert errors(browser) == []
    finally:
        browser.set_window_size(1280, 1000)
