"""Rat model files: an .npz archive of the weight arrays and the variant's name, no pickles.

`load` reads the file through the capped reader (engine.readfile: a rat model is a few
hundred kilobytes), then checks every member's name, shape and type from its .npy header
(numpy.lib.format.read_magic and read_array_header_*) before loading any array: a 3 MB
archive holding a compressed 20000x20000 array is refused at once, unread. Rats saved before
the value node (`wv`) or the place nodes (`wq`, `wvq`, `wqt`) load with silent ones.
"""

from __future__ import annotations

import io
import zipfile
import zlib

import numpy as np
from numpy.lib import format as npy_format

from mazegame.engine.rat import VARIANTS
from mazegame.engine.rat.net import WEIGHTS, RatNet, expected_shapes
from mazegame.engine.readfile import RAT_MODEL, ReadError, read_bytes, shown_name

MAX_HIDDEN = 1024  #: the most decision nodes a model may have
REQUIRED = ("variant", "wx", "wc", "bh", "wm", "wp", "wpm")
#: Added since the first models: a model without them gets silent (zero) ones.
LATER = ("wv", "wq", "wvq", "wqt")
MAX_VARIANT_CHARS = 32
#: What a damaged or foreign archive raises while its directory or headers are read.
_UNREADABLE = (ValueError, zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError,
               EOFError, OSError, KeyError)


class ModelError(ValueError):
    """A model file that cannot be read as a rat."""


def save(net: RatNet, path: str) -> None:
    """Write the rat as an .npz file (arrays only, no pickles)."""
    arrays = {name: np.asarray(a, dtype=np.float64) for name, a in zip(
        WEIGHTS, net.arrays(), strict=True)}
    with open(path, "wb") as file:
        np.savez(file, variant=np.array(net.variant), **arrays)


def load(path: str) -> RatNet:
    """Read a rat saved by `save`; ModelError names what is wrong (the file, then why)."""
    name = shown_name(path)
    try:
        data = read_bytes(path, RAT_MODEL)
    except ReadError as err:
        raise ModelError(str(err)) from None
    headers = _headers(data, name)
    hidden = _check_headers(headers, name)
    arrays = _arrays(data, headers, name)
    variant = str(arrays.pop("variant"))
    if variant not in VARIANTS:
        raise ModelError(f"{name}: unknown variant {variant[:MAX_VARIANT_CHARS]!r}")
    shapes = expected_shapes(hidden)
    for key in LATER:
        if key not in arrays:
            arrays[key] = np.zeros(shapes[key])
    for key in WEIGHTS:
        if not np.all(np.isfinite(arrays[key])):
            raise ModelError(f"{name}: {key} holds non-finite numbers")
    return RatNet(*(np.ascontiguousarray(arrays[k], dtype=np.float64) for k in WEIGHTS),
                  variant=variant)


def _not_a_model(name: str) -> ModelError:
    return ModelError(f"{name} is not a rat model (not an .npz archive of arrays)")


def _headers(data: bytes, name: str) -> dict[str, tuple[tuple[int, ...], np.dtype]]:
    """Each member's (shape, dtype), read from its .npy header alone; the names checked."""
    headers: dict[str, tuple[tuple[int, ...], np.dtype]] = {}
    known = (*REQUIRED, *LATER)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for info in archive.infolist():
                key = info.filename.removesuffix(".npy")
                if key not in known or key == info.filename:
                    raise ModelError(f"{name} is not a rat model: it holds "
                                     f"{info.filename[:40]!r}; a model holds "
                                     f"{', '.join(known)}")
                if key in headers:
                    raise ModelError(f"{name}: {key} is given twice")
                with archive.open(info) as member:
                    headers[key] = _header(member)
    except ModelError:
        raise
    except _UNREADABLE:
        raise _not_a_model(name) from None
    missing = [key for key in REQUIRED if key not in headers]
    if missing:
        raise ModelError(f"{name} is not a rat model: missing {', '.join(missing)}")
    return headers


def _header(member) -> tuple[tuple[int, ...], np.dtype]:
    """(shape, dtype) of one .npy member, its data unread (ValueError when it is none)."""
    version = npy_format.read_magic(member)
    if version == (1, 0):
        shape, _, dtype = npy_format.read_array_header_1_0(member)
    elif version == (2, 0):
        shape, _, dtype = npy_format.read_array_header_2_0(member)
    else:
        raise ValueError(f"unsupported .npy version {version}")
    return tuple(shape), dtype


def _check_headers(headers: dict, name: str) -> int:
    """The number of decision nodes, once every member's shape and type is a model's."""
    shape, dtype = headers["variant"]
    if shape != () or dtype.kind != "U" or dtype.itemsize > 4 * MAX_VARIANT_CHARS:
        raise ModelError(f"{name}: variant is {_described(shape, dtype)}, not a short name")
    bh_shape = headers["bh"][0]
    if len(bh_shape) != 1 or not 1 <= bh_shape[0] <= MAX_HIDDEN:
        raise ModelError(f"{name}: bh has shape {bh_shape}, not (H,) with H 1..{MAX_HIDDEN}")
    hidden = bh_shape[0]
    for key, want in expected_shapes(hidden).items():
        if key not in headers:
            continue
        shape, dtype = headers[key]
        if shape != want or dtype.kind not in "fi" or dtype.fields is not None:
            raise ModelError(f"{name}: {key} has shape {_described(shape, dtype)}, not {want}")
    return hidden


def _described(shape: tuple, dtype: np.dtype) -> str:
    return f"{shape} {dtype}"


def _arrays(data: bytes, headers: dict, name: str) -> dict[str, np.ndarray]:
    """The members, loaded now that their headers are known to be a model's (small)."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            return {key: np.array(archive[key]) for key in headers}
    except _UNREADABLE:  # a header fine, its data cut short or damaged
        raise _not_a_model(name) from None
