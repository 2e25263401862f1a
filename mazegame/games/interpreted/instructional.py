"""The instructional game (Suits 6.4): a school whose doors each ask a question.

Entering a cell means answering the problem on its door: arithmetic most often, spelling
(words.txt), capitals and unit conversions (instructional.toml). A wrong answer keeps you
where you are (the game does that; `base.check_answer` decides).

The rule: an option's `difficulty` is `far - d`, d the distance from the cell it leads to to
the goal (BFS over the door graph, `base.goal_distances`; `far` is one beyond the farthest
cell), so it rises toward the goal for every option. The problem is made at a grade
g = lo + (1 - d / far) * (hi - lo), where [lo, hi] is the difficulty setting's band: bigger
numbers and new operations, longer words with more look-alikes, less-known capitals,
awkward units. Easier problems lead away from the goal, harder ones toward it.

Each open option carries its problem in `extra`: subject, question, answer, answers (more
accepted replies: the choice's letter, other spellings), choices (multiple choice), grade.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

import numpy as np

from mazegame.games.interpreted.base import Option, Scene
from mazegame.games.interpreted.content import (
    Content,
    ContentError,
    Rule,
    asset_text,
    load_content,
)
from mazegame.games.interpreted.phrasing import cell_rng, distance_levels, pick, sentence

KIND = "instructional"
WORDS_FILE = "words.txt"
_STREAM_SCENE, _STREAM_GOAL = 1, 4
_LETTERS = "abcd"
_SHOWN_OPS = {"+": "+", "-": "−", "x": "×", "/": "÷"}

SCHEMA = {
    "school": Rule("string"),
    "subjects": Rule("strings"),
    "doors": Rule("strings", 4),  # four doors a scene, none twice
    "closed": Rule("strings", 4),
    "places": Rule("strings"),
    "colour": Rule("strings"),
    "goals": Rule("strings"),
    "rivals": Rule("strings"),
}


class Instructional:
    """A maze read as a school: `scene(cell)`, each door's problem, the goal and the story."""

    kind = KIND

    def __init__(self, maze, seed: int, difficulty: str, content: Content,
                 words: dict[int, list[str]], subjects=None) -> None:
        self.maze = maze
        self.seed = int(seed)
        self.difficulty = getattr(difficulty, "name", difficulty)
        self.content = content
        self.words = words
        self.spelled = {w for ws in words.values() for w in ws}
        self.band = tuple(content["bands"][self.difficulty])
        self.contrast = float(content["contrast"][self.difficulty])
        self.levels, self.far = distance_levels(maze)
        names = list(content["subjects"])
        self.subjects = [s for s in names if subjects is None or s in subjects]
        if not self.subjects:
            raise ValueError(f"no known subject in {subjects!r}; known: {', '.join(names)}")
        self.weights = [content["weights"][names.index(s)] for s in self.subjects]
        self.goal = pick(cell_rng(seed, 0, _STREAM_GOAL), content["goals"])

    @property
    def goal_text(self) -> str:
        """One line for the screen's header."""
        return f"Reach {self.goal}. Harder questions lead nearer; wrong answers lead nowhere."

    @property
    def opening_text(self) -> str:
        """The story told before the first move."""
        return (f"It is your first day at {self.content['school']}, and you have been sent "
                f"for: you are wanted in {self.goal}. Nobody will tell you the way. Every door "
                "here has a question on it; answer it to go through, and a wrong answer keeps "
                "you where you are. Easy questions lead back toward the gates; the harder the "
                "question, the nearer you are.")

    @property
    def rival(self) -> str:
        """The rival pupil's name (the seed's choice)."""
        return pick(cell_rng(self.seed, 1, _STREAM_GOAL), self.content["rivals"])

    def rival_line(self, distance_left: int, reached: bool) -> str:
        """The rival's progress, told as a pupil's."""
        if reached:
            return f"{sentence(self.rival)} has already reached {self.goal}."
        if distance_left < 0:
            return f"{sentence(self.rival)} is lost somewhere in the cellars."
        rooms = f"{distance_left} room{'s' * (distance_left != 1)}"
        return f"{sentence(self.rival)} is {rooms} from {self.goal}."

    def grade(self, cell: int, to: int) -> float:
        """The grade (0..1) of the problem on the door from `cell` into `to`: the band's
        point for `to`'s distance, plus the contrast if the door leads nearer the goal and
        minus it if it leads away (so a room's doors are told apart at a glance)."""
        lo, hi = self.band
        base = lo + (1.0 - self.levels[to] / self.far) * (hi - lo)
        step = int(np.sign(self.levels[cell] - self.levels[to]))
        return min(1.0, max(0.0, base + step * self.contrast))

    def scene(self, cell: int) -> Scene:
        """The room of a cell: where you are, and one door (a problem or a refusal) a side."""
        c = self.content
        rng = cell_rng(self.seed, cell, _STREAM_SCENE)
        text = f"{pick(rng, c['places'])}. {pick(rng, c['colour'])}"
        if cell in self.maze.goals:
            text = f"{sentence(self.goal)}. You made it. {pick(rng, c['colour'])}"
        # one subject a room: its doors are compared like with like
        subject = self.subjects[int(rng.choice(len(self.subjects), p=_normalised(self.weights)))]
        doors = pick(rng, c["doors"], 4)
        closed = pick(rng, c["closed"], 4)
        asked: set[str] = set()
        options = []
        for slot, side in enumerate(int(s) for s in rng.permutation(4)):
            if not self.maze.is_open(cell, side):
                options.append(Option(side, False, f"{doors[slot]}: {closed[slot]}",
                                      extra={"refusal": f"{doors[slot]}: {closed[slot]}"}))
                continue
            to = self.maze.step(cell, side)
            problem = self._problem(rng, subject, self.grade(cell, to), asked)
            options.append(Option(side, True, f"{doors[slot]}: {problem['text']}", to=to,
                                  difficulty=int(self.far - self.levels[to]), extra=problem))
        return Scene(cell, text, tuple(options))

    def _problem(self, rng, subject: str, g: float, asked: set[str]) -> dict:
        """A problem at grade g whose question is not yet on another door of the scene."""
        for _ in range(50):
            problem = MAKERS[subject](self, rng, g)
            problem["question"] = sentence(problem["question"])
            if problem["question"] not in asked:
                break
        asked.add(problem["question"])
        choices = problem.get("choices")
        problem["text"] = problem["question"] + (
            "  " + "  ".join(f"{_LETTERS[i]}) {c}" for i, c in enumerate(choices))
            if choices else "")
        problem.update(subject=subject, grade=round(g, 3))
        return problem

    # -- subjects -------------------------------------------------------------------------
    def _arithmetic(self, rng, g: float) -> dict:
        """A sum: numbers and operations grow with the grade."""
        spec = self.content["arithmetic"]
        top = max(4, int(_between(spec["add_max"], g)))
        tmax = max(3, int(_between(spec["times_max"], g)))
        ops = [o["op"] for o in spec["operations"] if o["from"] <= g]
        # mostly the newest operation, numbers from the top of the range: a harder door
        # looks harder
        op = ops[-1] if len(ops) == 1 or rng.random() < 0.75 else ops[-2]

        def num(hi: int) -> int:
            return int(rng.integers(max(1, hi // 3), hi + 1))

        def factor() -> int:
            return int(rng.integers(max(2, tmax // 2), tmax + 1))

        if op == "+":
            a, b = num(top), num(top)
            sum_text, answer = f"{a} + {b}", a + b
        elif op == "-":
            a = max(3, num(top))
            b = int(rng.integers(max(1, a // 4), a))
            sum_text, answer = f"{a} − {b}", a - b
        elif op == "x":
            a, b = factor(), factor()
            sum_text, answer = f"{a} × {b}", a * b
        elif op == "/":
            b, answer = factor(), factor()
            sum_text = f"{b * answer} ÷ {b}"
        else:
            a, b, k = factor(), factor(), int(rng.integers(tmax, 4 * tmax + 1))
            if rng.random() < 0.5:
                sum_text, answer = f"{a} × {b} + {k}", a * b + k
            else:
                sum_text, answer = f"({k} + {a}) × {b}", (k + a) * b
        return {"question": pick(rng, spec["asks"]).format(sum=sum_text), "answer": str(answer),
                "answers": []}

    def _spelling(self, rng, g: float) -> dict:
        """The right spelling of a word among look-alikes (more of them for longer words)."""
        grades = sorted(self.words)
        grade = grades[min(len(grades) - 1, int(g * len(grades)))]
        for _ in range(20):
            word = pick(rng, self.words[grade])
            wrong = [m for m in misspellings(word) if m not in self.spelled]
            if len(wrong) >= 2:
                break
        k = min(len(wrong), 2 if grade <= 3 else 3)
        choices = [word, *pick(rng, sorted(wrong), k)]
        order = [choices[int(i)] for i in rng.permutation(len(choices))]
        letter = _LETTERS[order.index(word)]
        return {"question": pick(rng, self.content["spelling"]["asks"]), "choices": order,
                "answer": word, "answers": [letter]}

    def _capitals(self, rng, g: float) -> dict:
        """A capital city, among others of the same renown."""
        spec = self.content["capitals"]
        tiers = spec["tiers"]
        tier = tiers[min(len(tiers) - 1, int(g * len(tiers)))]
        country, capital, *others = pick(rng, tier)
        decoys = [e[1] for e in tier if e[1] != capital]
        choices = [capital, *pick(rng, decoys, 2 if g < 0.5 else 3)]
        order = [choices[int(i)] for i in rng.permutation(len(choices))]
        return {"question": pick(rng, spec["asks"]).format(country=country), "choices": order,
                "answer": capital, "answers": [_LETTERS[order.index(capital)], *others]}

    def _units(self, rng, g: float) -> dict:
        """A unit conversion: whole numbers first, then halves and conversions backwards."""
        spec = self.content["units"]
        rows = [r for r in spec["table"] if r["from"] <= g] or spec["table"][:1]
        row = pick(rng, rows)
        big = Decimal(int(rng.integers(2, 3 + int(12 * g))))
        if g >= 0.6 and rng.random() < 0.5:
            big += Decimal("0.5")
        small = big * row["factor"]
        if g >= 0.6 and rng.random() < 0.5:  # backwards: small units into big
            n, unit_from, unit_to, answer = small, row["small"], row["big"], big
        else:
            n, unit_from, unit_to, answer = big, row["big"], row["small"], small
        question = pick(rng, spec["asks"]).format(**{"n": _number(n), "from": unit_from,
                                                     "to": unit_to})
        return {"question": question, "answer": _number(answer),
                "answers": []}


MAKERS = {
    "arithmetic": Instructional._arithmetic,
    "spelling": Instructional._spelling,
    "capitals": Instructional._capitals,
    "units": Instructional._units,
}


def _between(pair, g: float) -> float:
    """Geometric interpolation from pair[0] (g = 0) to pair[1] (g = 1)."""
    lo, hi = pair
    return lo * (hi / lo) ** min(max(g, 0.0), 1.0)


def _normalised(weights) -> list[float]:
    total = float(sum(weights))
    return [w / total for w in weights]


def _number(x: Decimal) -> str:
    """A number as a pupil writes it: 350, 3.5 (no trailing zeros, no exponent)."""
    text = f"{x.normalize():f}"
    return text


_SWAPS = (("ie", "ei"), ("ei", "ie"), ("able", "ible"), ("ible", "able"), ("ance", "ence"),
          ("ence", "ance"), ("ant", "ent"), ("ent", "ant"), ("ary", "ery"), ("tion", "sion"),
          ("ph", "f"), ("c", "k"), ("c", "s"), ("s", "c"), ("our", "or"), ("ise", "ize"),
          ("y", "i"), ("ck", "k"))


def misspellings(word: str) -> list[str]:
    """Plausible wrong spellings of a word: doubled and undoubled letters, ie/ei, suffix and
    sound-alike swaps, two letters swapped, a dropped letter or vowel changed in long words.
    Sorted, without the word itself (callers drop any that are other real words)."""
    out = set()
    n = len(word)
    for i in range(1, n):
        if word[i] == word[i - 1]:
            out.add(word[:i] + word[i + 1:])  # undouble
        elif word[i] not in "aeiouyhwx" and (i + 1 >= n or word[i + 1] != word[i]):
            out.add(word[:i] + word[i] + word[i:])  # double
    for a, b in _SWAPS:
        for m in re.finditer(re.escape(a), word[1:]):
            i = m.start() + 1
            out.add(word[:i] + b + word[i + len(a):])
    for i in range(1, n - 1):
        if word[i] != word[i + 1]:
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    if n >= 6:
        for i in range(1, n - 1):
            out.add(word[:i] + word[i + 1:])
            if word[i] in "aeiou":
                out.update(word[:i] + v + word[i + 1:] for v in "aeiou" if v != word[i])
    out.discard(word)
    return sorted(w for w in out if len(w) >= 3)


def parse_words(text: str, path: str) -> dict[int, list[str]]:
    """The spelling list: `grade N` lines start a grade, every other entry is one lower-case
    word; raises ContentError (file:line) on anything else."""
    grades: dict[int, list[str]] = {}
    seen: dict[str, int] = {}
    grade = None
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        head = re.fullmatch(r"grade\s+(\d+)", entry)
        if head:
            grade = int(head.group(1))
            if grade in grades:
                raise ContentError(path, number, f"grade {grade} starts twice")
            grades[grade] = []
        elif grade is None:
            raise ContentError(path, number, f"{entry!r} comes before the first 'grade N' line")
        elif not re.fullmatch(r"[a-z]+", entry):
            raise ContentError(path, number, f"{entry!r} is not one lower-case word (a-z only)")
        elif entry in seen:
            raise ContentError(path, number, f"{entry!r} is listed twice (first on line "
                                             f"{seen[entry]})")
        else:
            seen[entry] = number
            grades[grade].append(entry)
    for g, words in grades.items():
        if len(words) < 4:
            raise ContentError(path, 1, f"grade {g} needs at least 4 words, has {len(words)}")
    if not grades:
        raise ContentError(path, 1, "no 'grade N' line: the list is empty")
    return grades


@cache
def load_words() -> dict[int, list[str]]:
    """assets/interpreted/words.txt, parsed (once per process)."""
    text, shown = asset_text(WORDS_FILE)
    return parse_words(text, shown)


def check_content(doc: Content) -> None:
    """What the schema cannot say: a known maker per subject and a weight each, a band for
    every difficulty, the subjects' own tables."""
    from mazegame.games.modes import DIFFICULTIES

    for subject in doc["subjects"]:
        if subject not in MAKERS:
            raise doc.fail(("subjects",), f"unknown subject {subject!r}; known: "
                                          f"{', '.join(MAKERS)}")
    weights = doc.get("weights")
    if (not isinstance(weights, list) or len(weights) != len(doc["subjects"])
            or not all(isinstance(w, int | float) and w > 0 for w in weights)):
        raise doc.fail(("weights",) if "weights" in doc else (),
                       "weights: one positive number per subject")
    for name in DIFFICULTIES:
        contrast = doc.get("contrast", {}).get(name)
        if not (isinstance(contrast, int | float) and 0 <= contrast <= 0.5):
            raise doc.fail(("contrast", name) if "contrast" in doc else (),
                           f"contrast.{name} must be a number from 0 to 0.5")
        band = doc.get("bands", {}).get(name)
        if not (isinstance(band, list) and len(band) == 2
                and all(isinstance(x, int | float) for x in band) and 0 <= band[0] <= band[1] <= 1):
            raise doc.fail(("bands", name) if "bands" in doc else (),
                           f"bands.{name} must be [lo, hi] with 0 <= lo <= hi <= 1")
    for subject, keys in (("arithmetic", ("add_max", "times_max", "operations", "asks")),
                          ("spelling", ("asks",)), ("capitals", ("asks", "tiers")),
                          ("units", ("asks", "table"))):
        table = doc.get(subject)
        if not isinstance(table, dict):
            raise doc.fail((), f"missing [{subject}]")
        for key in keys:
            if not table.get(key):
                raise doc.fail((subject,), f"[{subject}] needs {key}")
    for op in doc["arithmetic"]["operations"]:
        if op.get("op") not in (*_SHOWN_OPS, "two-step"):
            raise doc.fail(("arithmetic", "operations"), f"unknown operation {op.get('op')!r}")
    for i, tier in enumerate(doc["capitals"]["tiers"]):
        if len(tier) < 4 or not all(isinstance(e, list) and len(e) >= 2 for e in tier):
            raise doc.fail(("capitals", "tiers"), f"capitals tier {i + 1}: at least 4 "
                                                  "[country, capital, ...] entries")


def build(maze, seed: int, difficulty: str = "normal", subjects=None) -> Instructional:
    """The instructional game on a maze (`subjects`: a subset of the content's subjects, all
    by default); same (maze, seed, difficulty), same problems, word for word."""
    content = load_content(KIND, SCHEMA)
    check_content(content)
    return Instructional(maze, seed, difficulty, content, load_words(), subjects)
