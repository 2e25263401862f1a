"""`bench --startup` reads screens right: the menu and each mode's maze, on pyte screens fed
with rows as the real program draws them (copied from its screens at 120x40)."""

import pytest

from mazegame.bench import screens, startup
from mazegame.bench.screens import menu_ready, mode_ready
from mazegame.games.modes import MODES

pyte = pytest.importorskip("pyte")

COLS, ROWS = 120, 40
FOOTER = " ↑↓←→ Move  n New maze  r Restart  p Pause  esc Menu  t Trail  z Zoom  ? Help"
WALK_BOARD = [
    " ┌───────────────┬───────────────────┬───────┐",
    " │ @             │                   │       │",
    " │   ╶───────────┤   ╶───┐   ╶───┐   ├───╴   │",
    " │               │       │       │         ◎ │",
    " └───────────────┴───────────────────────────┘",
]


def walk(title: str, extra: str = "") -> tuple[str, list[str]]:
    """A bird's-eye walking mode's status line and board."""
    return (f" {title}  backtracker · 29x18 · seed 393752526{extra}   Moves 0   Bumps 0   "
            f"Time 0:00.0", WALK_BOARD)


#: Each mode's screen once its maze is drawn: (status line, board rows). Keyed by the mode's
#: name on purpose: these are sample rows copied by hand from each mode's real screen at
#: 120x40, the input `mode_ready` is tested against, and no spec can give them; the
#: bird's-eye walks share `walk`, the interpreted modes are derived from INTERPRETED below.
#: A new mode adds its sample here (test_every_mode_has_a_sample_here says so).
READY = {
    "campaign": (" Campaign   0 of 32 levels won   ★ 0 of 96",
                 ["▊ 1 First mazes  0/5                   ▎█  First steps",
                  "▊   1. First steps              ☆☆☆    ▎█  Chapter 1 · First mazes"]),
    "classic": walk("Classic"),
    "blind": (" Blind  backtracker · 29x18 · seed 1976607201   Moves 0   Bumps 0   Time 0:00.0",
              [" │ @                                 │", " │                               ◎ │"]),
    "eye": (" Player's eye  backtracker · 12x8 · seed 1312149680   Moves 0   Turns 0   Bumps 0",
            ["█                                                           ▊",
             "██████████████▓▓▓▓▓▓▓▓▒▒▒░│       ▔▒▒▒▓▓▓▓▓▓▓▓              ▊"]),
    "chase": walk("Chase", " · normal"),
    "race": walk("Race", " · normal"),
    "treasure": (" Treasure hunt  backtracker · 13x8 · seed 5 · Normal   Moves 0   Par 85.5   "
                 "You searched 1 of 104   Rival searched 1 of 104   Time 0:00.0",
                 ["                                 ┌───────────────┬───────┬───┬──────────┐",
                  "                                 │ @             │       │   │          │",
                  "                                 │   ╶───────┐   ╵   ╷   ╵   │   ╷   ╶──┤"]),
    "jump": (" Jumping maze  classics 1/3 · 6x6 · rook   Jumps 0",
             ["                                     4        4        2        5",
              "                                     4        3        5        G"]),
    "lab": (" Algorithm Lab  backtracker · 16x10 · seed 445240434   generate: ▶ playing",
            [" Generator                       ▎│ Recursive backtracker      │",
             " Recursive backtracker        ▼  ▎│  ┌───┬───┬───┐             │",
             "                                 ▎│  │ ○ │   │ ◎ │             │",
             "                                 ▎│  └───┴───┴───┘             │"]),
    "blindfold": (" Blindfold 3x3  par 11  moves 0  51 of 51 unsolved  ☆☆☆",
                  ["  ┌─────────┐               every maze, lit once it is out:",
                   "  │ @       │               · · · · · · · · · · · · · · ·",
                   "  │       ◎ │               · · · · · · · · · · · · · · ·"]),
    "allmazes": (" All 3x3 mazes at once  51 mazes  paused",
                 [" optimal, 11 moves                       random walk, 72 moves",
                  " @·· @·· @·█ @··                         @·· @·· @·█ @··",
                  " ██◎ ██◎ ██◎ ██◎                         ██◎ ██◎ ██◎ ██◎"]),
    "rat": (" The learning rat  working · 8x8 · seed 3   episode 1   move 0   last 20 -   5/s",
            ["┌───────────────┬───────┐ Cell type ╵╶└╷│┌├╴┘─┴┐┤┬┼",
             "│ ○   ·   ·   · │ ·   · │",
             "│ ·   ·   ·     │     ◎ │"]),
    "editor": (" Level editor  10x8 · no wrap · 0 one-way · shortest 16 · no traps",
               ["                      ┌───────────────────────────────────────┐",
                "                      │ ○   •   •   •   •   •   •   •   •   • │",
                "                      │                                     ◎ │"]),
}

INTERPRETED = {"bureaucracy": "Bureaucracy", "trading": "Trading", "instructional": "Problems"}
READY.update({
    kind: (f" {title}  8x8 · seed 3 · normal   Moves 0   Refused 0   Time 0:00.0",
           [" Reception, ground floor.", " ▊ 1. Someone: “a line”  ▎",
            " ▊ 2. Another: “a line”  ▎"])
    for kind, title in INTERPRETED.items() if kind in MODES})

MENU = [
    "                      ┏┳┓┏━┓╺━┓┏━╸┏━╸┏━┓┏┳┓┏━╸",
    "                      a maze game and algorithm lab · v0.1.0",
    *(f"                      ▊ {mode.title:<25}▎│  {mode.blurb[:40]}  │"
      for mode in MODES.values()),
    "                      ▊ Help                     ▎│",
    "                      ▊ Quit                     ▎│",
]


def screen_of(rows: list[str], footer: str = FOOTER) -> list[str]:
    """A pyte screen's rows after the rows were drawn from the top and the footer at the
    bottom, the way a terminal shows them."""
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    stream.feed("\r\n".join(rows).encode())
    stream.feed(f"\x1b[{ROWS};1H{footer}".encode())
    return screen.display


def ready_screen(mode: str) -> list[str]:
    """The screen of a mode whose maze is drawn."""
    status, board = READY[mode]
    return screen_of([status, *board])


def test_every_mode_has_a_sample_here():
    assert set(READY) == set(MODES), "give each mode a ready screen in this test"


@pytest.mark.parametrize("mode", list(MODES))
def test_a_drawn_maze_is_playable_and_a_building_one_is_not(mode):
    status, board = READY[mode]
    assert mode_ready(mode, ready_screen(mode))
    # the same screen with the loading notice in place of the board
    building = screen_of([status.split("   ")[0], "", "Building the maze…", "   ● ● ● ● ●"])
    assert not mode_ready(mode, building)
    # the status line already counts, but the notice has not gone yet
    assert not mode_ready(mode, screen_of([status, *board, "", "Building the maze…"]))
    # only the status line is drawn: the board is not there yet
    assert not mode_ready(mode, screen_of([status]))


@pytest.mark.parametrize("mode", list(MODES))
def test_another_modes_screen_or_the_menu_is_not_this_mode(mode):
    others = [m for m in MODES if screens.title_word(m) != screens.title_word(mode)]
    assert not any(mode_ready(mode, ready_screen(other)) for other in others)
    assert not mode_ready(mode, screen_of(MENU, footer=" q Quit  ? Help"))


def test_the_status_line_without_the_games_figures_is_not_playable():
    """The walking modes show their figures (moves, bumps, time) only once the maze is in."""
    status, board = READY["classic"]
    assert not mode_ready("classic", screen_of([status.split("   ")[0], *board]))


def test_a_walking_board_without_its_goal_is_not_drawn_yet():
    status, board = READY["classic"]
    assert not mode_ready("classic", screen_of([status, *board[:2]]))


def test_the_lab_building_its_maze_is_not_ready():
    building = [" Algorithm Lab  building backtracker 16x10…", *READY["lab"][1]]
    assert not mode_ready("lab", screen_of(building))


def test_the_menu_is_usable_once_every_mode_is_listed():
    assert menu_ready(screen_of(MENU, footer=" q Quit  ? Help"))
    warming = [*MENU, "Preparing the algorithms (first launch only)…", "━━━━╺━━━━━  --%"]
    assert menu_ready(screen_of(warming))  # the menu takes keys while the kernels compile
    assert not menu_ready(screen_of(MENU[:4]))  # the list is drawn in part
    assert not menu_ready(screen_of([]))
    assert not menu_ready(ready_screen("classic"))


def test_the_idle_menus_lie_on_either_side_of_the_self_building_maze():
    from mazegame.ui.screens.menu import ATTRACT_MIN_HEIGHT

    assert startup.QUIET_MENU[1] < ATTRACT_MIN_HEIGHT <= startup.ANIMATED_MENU[1]
    assert not startup.IDLE_SCREENS["menu"][2] and startup.IDLE_SCREENS["menu-attract"][2]


def test_what_a_crash_leaves_on_screen_is_its_last_rows():
    lines = screen_of(["Traceback (most recent call last):", '  File "x.py"', "ValueError: no"],
                      footer="")
    assert screens.tail_text(lines, rows=2) == 'File "x.py" | ValueError: no'
