"""Random data sets: seeded, the right shapes, and what each kind promises."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.generators import KINDS, _separable_with_line, generate
from perceptron_gui.core.novikoff import best_line_margin, novikoff


@pytest.mark.parametrize("kind", KINDS)
def test_deterministic_shapes_and_labels(kind: str) -> None:
    a = generate(kind, 57, seed=3)
    b = generate(kind, 57, seed=3)
    assert isinstance(a, Dataset)
    assert a == b
    fixed = {"example": 3, "update-geometry": 6}  # fixed sets: N and seed ignored
    n = fixed.get(kind, 57)
    assert a.points.shape == (n, 2) and a.labels.shape == (n,)
    assert set(np.unique(a.labels)) == {-1.0, 1.0}
    assert np.all(np.isfinite(a.points))
    if kind not in fixed:
        assert generate(kind, 57, seed=4) != a


def test_example_is_the_worked_example() -> None:
    d = generate("example", 99, margin=2.0, noise=0.5, seed=7)
    np.testing.assert_array_equal(d.points, [[3, 3], [4, 3], [1, 1]])
    np.testing.assert_array_equal(d.labels, [1, 1, -1])


@pytest.mark.parametrize("margin", [0.0, 0.1, 1.0, 3.9])
def test_separable_respects_margin(margin: float) -> None:
    for seed in range(5):
        X, y, w, c = _separable_with_line(300, margin, np.random.default_rng(seed))
        assert np.linalg.norm(w) == pytest.approx(1.0)
        s = X @ w + c
        assert np.all(np.abs(s) >= margin)
        np.testing.assert_array_equal(y, np.where(s > 0, 1.0, -1.0))
        assert np.any(y > 0) and np.any(y < 0)
        assert np.all(np.abs(X) <= 5.0)
        # generate() uses the same draws
        d = generate("separable", 300, margin=margin, seed=seed)
        np.testing.assert_array_equal(d.points, X)
        np.testing.assert_array_equal(d.labels, y)
        if margin > 0:
            assert novikoff(d).separable
            assert best_line_margin(d) >= margin


def test_separable_small_n_has_both_classes() -> None:
    for seed in range(200):
        d = generate("separable", 2, margin=1.0, seed=seed)
        assert d.has_both_classes
    assert generate("separable", 1).n == 1


@pytest.mark.parametrize("noise", [0.0, 0.1, 0.25, 1.0])
def test_noisy_flips_exactly_the_fraction(noise: float) -> None:
    n = 200
    clean = generate("separable", n, margin=0.3, seed=9)
    noisy = generate("noisy", n, margin=0.3, noise=noise, seed=9)
    np.testing.assert_array_equal(noisy.points, clean.points)
    assert int(np.sum(noisy.labels != clean.labels)) == round(noise * n)


def test_xor_labels_and_gap() -> None:
    d = generate("xor", 500, margin=0.5, seed=1)
    X, y = d.points, d.labels
    assert np.all(np.abs(X) >= 0.5)
    np.testing.assert_array_equal(y, np.sign(X[:, 0] * X[:, 1]))
    assert not novikoff(d).separable
    assert generate("xor", 2, seed=0).has_both_classes


def test_blobs_and_circles() -> None:
    d = generate("blobs", 401, noise=0.0, seed=2)
    assert np.sum(d.labels > 0) == 201
    assert np.mean(d.points[d.labels > 0], axis=0) == pytest.approx([2.0, 1.5], abs=0.25)
    assert np.mean(d.points[d.labels < 0], axis=0) == pytest.approx([-2.0, -1.5], abs=0.25)
    assert np.std(d.points[d.labels > 0]) == pytest.approx(1.0, abs=0.15)
    c = generate("circles", 400, noise=0.0, seed=2)
    r = np.linalg.norm(c.points, axis=1)
    np.testing.assert_allclose(r[c.labels > 0], 1.5)
    np.testing.assert_allclose(r[c.labels < 0], 3.5)
    assert not novikoff(c).separable
    cn = generate("circles", 400, noise=0.1, seed=2)
    assert 0.1 < np.std(np.linalg.norm(cn.points, axis=1)[cn.labels > 0]) < 0.4
    # classes are interleaved, not in two runs
    assert np.count_nonzero(np.diff(d.labels)) > 50


def test_million_points_vectorised() -> None:
    import time

    t = time.perf_counter()
    d = generate("separable", 10**6, margin=0.2, seed=0)
    assert time.perf_counter() - t < 5.0
    assert d.n == 10**6 and d.has_both_classes


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"kind": "spiral"}, "unknown kind"),
        ({"kind": "separable", "n": 0}, "n must"),
        ({"kind": "separable", "n": -3}, "n must"),
        ({"kind": "separable", "n": 10**7 + 1}, "n must"),
        ({"kind": "separable", "n": 2.5}, "n must"),
        ({"kind": "separable", "n": True}, "n must"),
        ({"kind": "separable", "margin": -0.1}, "margin must"),
        ({"kind": "separable", "margin": float("nan")}, "margin must"),
        ({"kind": "separable", "margin": 4.0}, "margin must"),
        ({"kind": "noisy", "noise": 1.5}, "noise must"),
        ({"kind": "noisy", "noise": -0.01}, "noise must"),
        ({"kind": "blobs", "noise": float("inf")}, "noise must"),
    ],
)
def test_bad_arguments(kwargs: dict, word: str) -> None:
    with pytest.raises(DataError, match=word):
        generate(**kwargs)
