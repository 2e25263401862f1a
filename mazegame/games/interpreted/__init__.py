"""Interpreted mazes (Suits 6.4): a maze underneath a game that does not look like one.

`base` holds what every kind shares: a cell is a Scene with one Option per side (open or
closed), taking an open option moves through that door. Each kind (`bureaucracy`, `trading`,
`instructional`) is an `Interpretation` registered in `KINDS`.
"""
