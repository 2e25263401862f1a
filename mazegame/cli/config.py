"""`mazegame config list | get KEY | set KEY VALUE | reset KEY`: the settings screen's
settings from the command line (ui.preferences names them and the values they take).
Status 2: a bad key or value (named); 1: the settings file could not be read (get, list) or
written (set, reset). Reading changes no file."""

from __future__ import annotations

import argparse
import sys

from mazegame.cli.common import Command, UsageError, one_line, write_output


def configure(p: argparse.ArgumentParser) -> None:
    """Add config's actions: list, get KEY, set KEY VALUE, reset KEY."""
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True,
                           parser_class=type(p))
    sub.add_parser("list", help="every setting, its value and the values it takes")
    get = sub.add_parser("get", help="print one setting's value")
    get.add_argument("key")
    put = sub.add_parser("set", help="store a setting (checked: a bad value exits 2)")
    put.add_argument("key")
    put.add_argument("value")
    reset = sub.add_parser("reset", help="forget a setting: its default applies")
    reset.add_argument("key")


def run(args: argparse.Namespace) -> int:
    """Do the action; a bad key or value is a UsageError (status 2) naming it; settings that
    could not be read (get, list) or saved (set, reset) exit 1 with one line saying why."""
    from mazegame.ui.preferences import SETTINGS

    key = getattr(args, "key", None)
    if key is not None and key not in SETTINGS:
        raise UsageError(f"unknown setting {key!r}; settings: {', '.join(SETTINGS)}")
    if args.action in ("set", "reset"):
        return _change(args)
    return _show(args)


def _show(args: argparse.Namespace) -> int:
    """list, get: read the settings without changing any file (a damaged or newer one is
    left as it is)."""
    from mazegame.settings import SettingsFile
    from mazegame.ui.preferences import SETTINGS, Preferences

    prefs = Preferences(SettingsFile(read_only=True))
    if prefs.file.unreadable is not None:
        return _trouble(f"the settings could not be read: {prefs.file.unreadable}")
    if args.action == "list":
        width = max(map(len, SETTINGS))
        lines = []
        for name, setting in SETTINGS.items():
            values = "..." if setting.lazy else "|".join(setting.values())
            lines.append(f"{name:<{width}}  {prefs[name]:<14}  {setting.help} ({values})")
        text = "\n".join(lines)
    else:
        text = prefs.checked(args.key) if SETTINGS[args.key].lazy else prefs[args.key]
    _tell(prefs.notices)  # a stored value not understood (the default is shown)
    write_output(None, str(text))
    return 0


def _change(args: argparse.Namespace) -> int:
    """set, reset: store the value (checked first); the file is not read first, so the only
    trouble said is the one that kept the value from being saved."""
    from mazegame.settings import SettingsFile
    from mazegame.ui.preferences import SETTINGS, BadSetting, check, remember

    if args.action == "set":
        try:
            text = check(args.key, args.value)
        except BadSetting as err:
            raise UsageError(str(err)) from None
    else:
        text = SETTINGS[args.key].default
    file = SettingsFile()
    saved = remember(file, args.key, text)
    _tell(file.notices)  # a damaged file set aside (where it went)
    if not saved:
        return _trouble(f"{args.key} could not be saved: {file.problem}")
    return 0


def _tell(notices: list[str]) -> None:
    """Warnings on standard error, a line each."""
    for notice in notices:
        print(f"mazegame: {one_line(notice)}", file=sys.stderr)


def _trouble(message: str) -> int:
    """One line on standard error, and status 1: the settings file, not the input, failed."""
    print(f"mazegame: error: {one_line(message)}", file=sys.stderr)
    return 1


COMMAND = Command("config", "show or change the settings (theme, glyphs, keys, defaults)",
                  configure, run)
