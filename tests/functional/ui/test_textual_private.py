"""The private Textual things the tests read (textual_private.py) are still where they were
in the installed Textual: a move fails here, naming the attribute, not as a puzzling error in
the contract or the idle tests."""

from importlib import import_module

import pytest
import textual

from tests.functional.ui.textual_private import PRIVATE_ATTRIBUTES


def _owner(where: str):
    module, _, name = where.partition(":")
    found = import_module(module)
    return getattr(found, name) if name else found


@pytest.mark.parametrize(("where", "attribute"), PRIVATE_ATTRIBUTES)
def test_the_private_textual_attribute_is_still_there(where, attribute):
    owner = _owner(where)
    assert hasattr(owner, attribute) or attribute in getattr(owner, "__annotations__", {}) \
        or attribute in _instance_attributes(owner), (
        f"Textual {textual.__version__} has no {where}.{attribute}: "
        "tests/functional/ui/textual_private.py must follow it")


def _instance_attributes(owner) -> set[str]:
    """The attributes a class's __init__ (or a base's) sets on self."""
    import ast
    import inspect
    import textwrap

    names = set()
    for cls in getattr(owner, "__mro__", ()):
        init = cls.__dict__.get("__init__")
        if init is None or not hasattr(init, "__code__"):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(init)))
        except (OSError, TypeError, SyntaxError):
            continue
        names |= {node.attr for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "self"}
    return names
