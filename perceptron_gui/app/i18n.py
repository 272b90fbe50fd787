"""The window's language: English (the source texts) or Simplified Chinese, via Qt's translators.

Every visible text goes through ``self.tr`` / ``QCoreApplication.translate``; the
Chinese texts are in ``perceptron_gui/i18n/perceptron_gui_zh_CN.ts`` and compiled
to the ``.qm`` next to it (``scripts/update_translations.py`` refreshes both).
`set_language` installs or removes the translators; Qt then sends
``QEvent.LanguageChange`` to every widget, and each one sets its texts again in
its own ``retranslate()``.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QTranslator,
)

from perceptron_gui.app.storage import preferences


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:  # noqa: N802 (lupdate's name)
    """Mark `source` for lupdate in `context` and give it back untranslated.

    PySide6's own does the same but is typed as returning ``object``; pyside6-lupdate
    finds the marks by this name wherever it comes from.
    """
    return source


#: The languages offered, by code: English is the source language (no translator).
LANGUAGES = ("en", "zh_CN")
#: Each language's name in itself, for the View ▸ Language menu (never translated).
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}
#: The key of the remembered choice in `preferences()`.
PREFERENCE_KEY = "language"
#: The app's own translation files, in the package (``perceptron_gui/i18n``).
QM_PREFIX = "perceptron_gui_"

#: The names of the algorithm's choices on screen, by the key the code and files use
#: (marked for lupdate here, translated by `order_name`, `stop_reason_name`,
#: `kernel_name`). The modes' names, tips and notes are marked where the registry declares
#: them (core/registry.py, core/proof.py, core/params.py: lupdate sources too) and shown
#: by `mode_name` and `core_text`.
KERNEL_NAMES = {
    "linear": QT_TRANSLATE_NOOP("Names", "linear"),
    "poly": QT_TRANSLATE_NOOP("Names", "poly"),
    "rbf": QT_TRANSLATE_NOOP("Names", "rbf"),
}
ORDER_NAMES = {
    "first": QT_TRANSLATE_NOOP("Names", "first"),
    "cyclic": QT_TRANSLATE_NOOP("Names", "cyclic"),
    "random-cyclic": QT_TRANSLATE_NOOP("Names", "random-cyclic"),
    "random": QT_TRANSLATE_NOOP("Names", "random"),
}
STOP_REASONS = {
    "converged": QT_TRANSLATE_NOOP("Names", "converged"),
    "update limit": QT_TRANSLATE_NOOP("Names", "update limit"),
    "epoch limit": QT_TRANSLATE_NOOP("Names", "epoch limit"),
    "overflow": QT_TRANSLATE_NOOP("Names", "overflow"),
}

_language = "en"
_translators: list[QTranslator] = []
_keep_alive: dict[QTranslator, bytes] = {}


def qm_resource(code: str) -> resources.abc.Traversable:
    """The compiled translation of the app into language `code` (in the package)."""
    return resources.files("perceptron_gui") / "i18n" / f"{QM_PREFIX}{code}.qm"


def _name(names: dict[str, str], key: str) -> str:
    return QCoreApplication.translate("Names", names[key]) if key in names else key


def mode_name(mode: str) -> str:
    """The name of mode `mode` (its registry label) in the current language.

    A plugin's mode has no translation here: its label is shown as it is.
    """
    from perceptron_gui.core.registry import REGISTRY

    label = REGISTRY[mode].label if mode in REGISTRY else mode
    return QCoreApplication.translate("Names", label)


def order_name(order: str) -> str:
    """The name of visiting order `order` ("first", "cyclic", …) in the current language."""
    return _name(ORDER_NAMES, order)


def stop_reason_name(reason: str) -> str:
    """The trainer's `stop_reason` ("update limit", …) in the current language."""
    return _name(STOP_REASONS, reason)


def kernel_name(kernel: str) -> str:
    """The name of kernel `kernel` ("linear", "poly", "rbf") in the current language."""
    return _name(KERNEL_NAMES, kernel)


def core_text(text: str) -> str:
    """A text of the core in the current language (a text marked in the core with
    ``QT_TRANSLATE_NOOP("Core", ...)``); others, a plugin's, unchanged."""
    return QCoreApplication.translate("Core", text) if text else text


def language() -> str:
    """The language the texts are in now (one of `LANGUAGES`)."""
    return _language


def system_language() -> str:
    """The language of the system locale: ``zh_CN`` for any Chinese locale, else ``en``."""
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


def saved_language() -> str | None:
    """The language remembered in the preferences, or None (never chosen, or unknown)."""
    code = preferences().value(PREFERENCE_KEY, None)
    return code if isinstance(code, str) and code in LANGUAGES else None


def startup_language() -> str:
    """The language to start in: the remembered one, else the system locale's."""
    return saved_language() or system_language()


def set_language(code: str, *, remember: bool = True) -> bool:
    """Show every text in language `code` (one of `LANGUAGES`) from now on.

    Installs the app's translator (and Qt's own, for standard buttons such as
    Cancel) on the application, or removes them for English; every widget gets
    ``QEvent.LanguageChange`` before this returns.

    Parameters
    ----------
    code
        ``"en"`` or ``"zh_CN"``.
    remember
        Save the choice in the preferences (the next start uses it).

    Returns
    -------
    bool
        False when `code` is not offered or its translation cannot be loaded
        (the language stays as it was).
    """
    global _language
    app = QCoreApplication.instance()
    if code not in LANGUAGES or app is None:
        return False
    loaded: list[QTranslator] = []
    if code != "en":
        ours = QTranslator(app)
        data = qm_resource(code).read_bytes() if qm_resource(code).is_file() else b""
        # The data must outlive the translator: QTranslator.loadFromData does not copy it.
        if not data or not ours.load(data):
            return False
        _keep_alive[ours] = data
        loaded.append(ours)
        qt_own = QTranslator(app)
        if qt_own.load(
            f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        ):
            loaded.append(qt_own)
    for old in _translators:
        QCoreApplication.removeTranslator(old)
        _keep_alive.pop(old, None)
    _translators[:] = loaded
    for t in loaded:
        QCoreApplication.installTranslator(t)
    _language = code
    # Qt posts LanguageChange to the windows: deliver it now, so that the texts are
    # new when this returns (a script can read them at once).
    QCoreApplication.sendPostedEvents(None, int(QEvent.Type.LanguageChange.value))
    if remember:
        preferences().setValue(PREFERENCE_KEY, code)
    return True


__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "core_text",
    "kernel_name",
    "language",
    "mode_name",
    "order_name",
    "qm_resource",
    "saved_language",
    "set_language",
    "startup_language",
    "stop_reason_name",
    "system_language",
]
