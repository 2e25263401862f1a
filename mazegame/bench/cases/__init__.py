"""The benchmark cases, one module per family; importing this package registers them all."""

from importlib import import_module

#: Registration order is the order of the rows: generators first, the issue's figures last.
for _module in ("generators", "boards", "solvers", "jumping", "matrices", "game", "figures"):
    import_module(f"{__name__}.{_module}")
