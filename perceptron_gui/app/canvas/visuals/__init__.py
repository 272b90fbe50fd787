"""The canvas's visuals: one object per kind of drawing, over the canvas's `ViewModel`."""
