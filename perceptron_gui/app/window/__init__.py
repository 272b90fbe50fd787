"""The main window's rooms: its actions as data, and the parts `MainWindow` is made of.

`MainWindow` itself stays in `perceptron_gui.app.main_window` (public).
"""
