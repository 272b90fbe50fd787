"""The Qt-free engine: data, the perceptron in primal, dual and pocket form, the Novikoff bound.

Imports numpy and the standard library only (a test checks it).
"""

from __future__ import annotations
