"""The one numba decorator every kernel uses: compiled lazily on first call,
cached on disk, and free of the GIL so UI workers can run it in a thread."""

from numba import njit

kernel = njit(cache=True, nogil=True)
