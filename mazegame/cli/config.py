"""`mazegame config list | get KEY | set KEY VALUE | reset KEY`: the settings screen's
settings from the command line (ui.preferences names them and the values they take).
Status 2: a bad key or value (named); 1: the settings file could not be written."""

from __future__ import annotations

import argparse
import sys

from mazegame.cli.common import Command, UsageError, write_output


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
    """Do the action; a bad key or value is a UsageError (status 2) naming it."""
    from mazegame.ui.preferences import Preferences

    prefs = Preferences()
    seen = len(prefs.file.notices)
    try:
        return _act(args, prefs)
    finally:  # a damaged file set aside, a stored value not understood, a change not saved
        for notice in [*prefs.notices, *prefs.file.notices[seen:]]:
            print(f"mazegame: {notice}", file=sys.stderr)


def _act(args: argparse.Namespace, prefs) -> int:
    """The action itself."""
    from mazegame.ui.preferences import SETTINGS, BadSetting

    key = getattr(args, "key", None)
    if key is not None and key not in SETTINGS:
        raise UsageError(f"unknown setting {key!r}; settings: {', '.join(SETTINGS)}")
    if args.action == "list":
        width = max(map(len, SETTINGS))
        write_output(None, "\n".join(
            f"{name:<{width}}  {prefs[name]:<14}  {setting.help} "
            f"({'...' if setting.lazy else '|'.join(setting.values())})"
            for name, setting in SETTINGS.items()))
    elif args.action == "get":
        write_output(None, str(prefs.checked(key) if SETTINGS[key].lazy else prefs[key]))
    elif args.action == "set":
        try:
            prefs.set(key, args.value)
        except BadSetting as err:
            raise UsageError(str(err)) from None
    else:
        prefs.set(key, SETTINGS[key].default)
    return 0 if prefs.file.writable else 1  # not saved: the notice says why


COMMAND = Command("config", "show or change the settings (theme, glyphs, keys, defaults)",
                  configure, run)
