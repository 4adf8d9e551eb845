"""Asking the engine: try an event on a copy of the position and say what would happen,
without entering it (``referee check EVENT``, and ``check EVENT`` in ``referee play``).

Shared layer: it reads only the engine protocol (:class:`referee.games.base.Engine`)
and names no game.  Every trial runs on a copy of the engine
(:func:`referee.games.base.trial_copy`: shallow for a kernel engine, which never changes
its position, deep for any other), so the position asked about is never touched, even
by an engine that would change its state before refusing; nothing is stored.

What ``move`` would do with the same text, case by case:

- a legal event: its canonical text and the notes it would produce;
- a refused event: the reason and the rule id (exactly what ``move`` says);
- a choice left open (:class:`~referee.errors.ChoiceNeeded`: a bounce facing, the
  movement on a choice card): legal, with a choice; each completed event is tried in
  turn (an option may leave a further choice open, tried as well down to
  :data:`MAX_DEPTH`);
- a choice the referee asks at a terminal before applying (``choice_before``: the
  shamble order when it matters, which copy of a card): the event is tried as written
  (what a script enters) and each alternative is tried too;
- dice left out (``Ann: roll``): ``move`` rolls for the table, so the check tries
  every roll: legal whatever the die shows, illegal whatever it shows, or it depends
  on the roll (``legal`` is then None).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from .errors import BadInputError, ChoiceNeeded, IllegalEventError, RefereeError

#: How deep options that leave a further choice open are followed.
MAX_DEPTH = 4
#: At most this many options are tried for one choice (the rest are listed untried).
MAX_OPTIONS = 40
#: At most this many dice left out in one event are enumerated (6**n rolls).
MAX_DICE = 2
#: At most this many events are tried for one check; options past it are listed untried.
MAX_TRIALS = 300
#: The human report lists at most this many options of one choice (``--json`` has all).
SHOWN_OPTIONS = 8


@dataclass
class Choice:
    """One choice the event leaves to a player: the ``prompt`` (the engine's question),
    the ``message`` saying why it is asked, and the ``options``, each tried.
    ``required``: True when ``move`` refuses the event without it (exit 1 in a
    script); False when the referee asks it only at a terminal and a script gets the
    event as written (the shamble order, a card's copy); ``dice``: the options are the
    rolls of dice left out."""

    prompt: str
    message: str
    options: list["Trial"]
    required: bool = True
    dice: bool = False
    untried: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"prompt", "message", "required", "dice", "options": [trial...], "untried"}``."""
        return {"prompt": self.prompt, "message": self.message, "required": self.required,
                "dice": self.dice, "options": [o.to_json() for o in self.options],
                "untried": self.untried}


@dataclass
class Trial:
    """The verdict on one event text.

    - ``event``: the text tried; ``does``: the engine's description of it (options only).
    - ``legal``: True, False, or None when it depends on a roll still to be made.
    - ``canonical``: the text ``move`` would store (None when a choice is required or
      the event is refused); ``notes``: what it would do, in the engine's words.
    - ``reason``, ``rule``: why it is refused (the engine's words and rule id).
    - ``choices``: the choices it leaves or offers (see :class:`Choice`), or None.
    """

    event: str
    legal: bool | None
    canonical: str | None = None
    notes: list[str] = field(default_factory=list)
    reason: str | None = None
    rule: str | None = None
    choices: list[Choice] | None = None
    does: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"event", "does", "legal", "canonical", "notes", "choices", "reason", "rule"}``
        (the ``--json`` contract in docs/records.md)."""
        return {"event": self.event, "does": self.does, "legal": self.legal,
                "canonical": self.canonical, "notes": list(self.notes),
                "choices": None if self.choices is None else [c.to_json() for c in self.choices],
                "reason": self.reason, "rule": self.rule}


def _copy(game):
    """A copy of ``game`` to try an event on (:func:`referee.games.base.trial_copy`)."""
    from referee.games.base import trial_copy

    return trial_copy(game)


def _dice(game, text: str) -> int:
    """How many dice ``move`` would roll for ``text`` (``fill_dice`` asks that many)."""
    calls = [0]

    def roll() -> int:
        calls[0] += 1
        return 1

    _copy(game).fill_dice(text, roll)
    return calls[0]


def _rolled(game, text: str, rolls: tuple[int, ...]) -> str:
    it = iter(rolls)
    return _copy(game).fill_dice(text, lambda: next(it))


def check(game, text: str) -> Trial:
    """Try ``text`` on copies of ``game`` (an engine) and return the :class:`Trial`.

    ``game`` is never changed.  Raises :class:`BadInputError` when the top-level event
    is malformed (as ``move`` would, exit 2); a malformed option deeper down is
    reported as refused.  At most :data:`MAX_TRIALS` events are tried; options past
    that (or deeper than :data:`MAX_DEPTH`) are listed with ``legal`` None.
    """
    left = [MAX_TRIALS]
    text = " ".join(str(text).split())
    if not text:
        raise BadInputError("no event given: type one in record notation, e.g. as `referee legal` lists them")
    n = _dice(game, text)
    if n:
        return _check_dice(game, text, n, left)
    return _check_plain(game, text, 0, left)


def _check_dice(game, text: str, n: int, left: list[int]) -> Trial:
    """Every roll of the ``n`` dice ``text`` leaves out, tried in turn.  Bad input
    whatever the roll is bad input (:class:`BadInputError`)."""
    rolled: list[tuple[str, Trial]] = []
    bad: list[BadInputError] = []
    for rolls in itertools.product(range(1, 7), repeat=min(n, MAX_DICE)):
        filled = _rolled(game, text, rolls + (1,) * (n - len(rolls)))
        try:
            trial = _check_plain(game, filled, 1, left)
        except BadInputError as exc:
            bad.append(exc)
            trial = Trial(filled, False, reason=exc.message, rule=exc.rule)
        rolled.append(("-".join(map(str, rolls)), trial))
    if len(bad) == len(rolled):
        raise bad[0]
    options = [t for _, t in rolled]
    verdicts = {o.legal for o in options}
    legal: bool | None = True if verdicts == {True} else False if verdicts == {False} else None
    what = "the dice are" if n > 1 else "the die is"
    choice = Choice(f"{what} rolled for the table: each roll", "dice left out are rolled for the table",
                    options, required=False, dice=True)
    out = Trial(text, legal, choices=[choice])
    refused = [o for o in options if o.legal is False]
    if refused:
        first = refused[0]
        out.rule = first.rule
        if legal is False and len({(o.reason, o.rule) for o in refused}) == 1:
            out.reason = first.reason
        elif legal is False:
            out.reason = f"whatever the roll; with the first: {first.reason}"
        else:
            ok = ", ".join(r for r, t in rolled if t.legal is not False)
            out.reason = f"legal only if the roll is {ok}; otherwise: {first.reason}"
    return out


def _check_plain(game, text: str, depth: int, left: list[int]) -> Trial:
    left[0] -= 1
    trial = _copy(game)
    try:
        before = trial.choice_before(text)
    except RefereeError:
        before = None
    trial = _copy(game)
    try:
        applied = trial.apply(text)
    except ChoiceNeeded as need:
        choice = _choice(game, need, depth, left, required=True)
        verdicts = {o.legal for o in choice.options}
        # legal when some completion is; unknown when none is but some were not tried
        legal = True if True in verdicts else None if (None in verdicts or choice.untried) else False
        out = Trial(text, legal, choices=[choice])
        if legal is False:
            out.reason, out.rule = need.message, need.rule
        return out
    except IllegalEventError as exc:
        return Trial(text, False, reason=exc.message, rule=exc.rule)
    out = Trial(text, True, canonical=applied.text, notes=list(applied.notes))
    if before is not None and before.options:
        out.choices = [_choice(game, before, depth, left, required=False)]
    return out


def _choice(game, need: ChoiceNeeded, depth: int, left: list[int], required: bool) -> Choice:
    """The options of ``need``, each tried (down to :data:`MAX_DEPTH`, while the
    budget ``left`` of trials lasts)."""
    options: list[Trial] = []
    shown = need.options[:MAX_OPTIONS]
    for o in shown:
        if depth + 1 >= MAX_DEPTH or left[0] <= 0:
            options.append(Trial(o.text, None, does=o.description))
            continue
        try:
            t = _check_plain(game, o.text, depth + 1, left)
        except BadInputError as exc:
            t = Trial(o.text, False, reason=exc.message, rule=exc.rule)
        t.does = o.description
        options.append(t)
    return Choice(need.question, need.message, options, required=required,
                  untried=len(need.options) - len(shown))


def rule_title(rule_id: str | None) -> str | None:
    """The title of rule entry ``rule_id`` read straight from the entry files (no
    search index is opened or built; each file's bytes parsed once a process, as
    :func:`rulesdb.model.load_entries` parses them), or None when it cannot be found."""
    if not rule_id:
        return None
    try:
        from rulesdb.model import _toml, entry_files

        files = entry_files()
        game = rule_id.split(".", 1)[0]
        mine = [p for p in files if p.stem == game or p.stem.startswith(game + "-")]
        for path in mine + [p for p in files if p not in mine]:
            doc = _toml(path.read_bytes())
            for kind in ("rule", "ruling"):
                for table in doc.get(kind, []):
                    if isinstance(table, dict) and table.get("id") == rule_id:
                        title = table.get("title")
                        return str(title) if title else None
    except Exception:  # noqa: BLE001 - a title is a courtesy: never fail a check for it
        return None
    return None


def verdict_word(trial: Trial) -> str:
    """``LEGAL``, ``ILLEGAL``, ``DEPENDS ON THE ROLL`` or ``UNDECIDED`` (options not
    followed to the end), with ``, WITH A CHOICE`` when a choice is required."""
    dice = bool(trial.choices) and trial.choices[0].dice
    if trial.legal is None:
        return "DEPENDS ON THE ROLL" if dice else "UNDECIDED"
    if not trial.legal:
        return "ILLEGAL"
    if trial.choices and any(c.required and not c.dice for c in trial.choices):
        return "LEGAL, WITH A CHOICE"
    return "LEGAL"


def report_lines(trial: Trial, title: str | None = None) -> list[str]:
    """The human report of a check: the verdict and the event first, then the event
    ``move`` would store and its notes, or the reason and the rule (with its
    ``title``), then each choice and what each option would do."""
    out = [f"{verdict_word(trial)}: {trial.event}"]
    out += _body(trial, "  ", title)
    return out


def _body(trial: Trial, pad: str, title: str | None = None) -> list[str]:
    out: list[str] = []
    if trial.canonical is not None:
        if trial.canonical != trial.event:
            out.append(f"{pad}entered as: {trial.canonical}")
        out += [f"{pad}{note}" for note in trial.notes]
        if not trial.notes and not trial.choices:
            out.append(f"{pad}(no automatic result)")
    if trial.reason is not None:
        out.append(f"{pad}{trial.reason}")
    if trial.rule is not None and trial.legal is not True:
        out.append(f"{pad}rule {trial.rule}" + (f": {title}" if title else ""))
    for choice in trial.choices or []:
        if choice.dice and trial.legal is False and all(o.reason == trial.reason for o in choice.options):
            continue  # refused for the same reason whatever the roll: said above
        if choice.dice:
            out.append(f"{pad}{choice.prompt}:")
        elif choice.required:
            out.append(f"{pad}a choice is needed: {choice.prompt}")
        else:
            out.append(f"{pad}asked at a terminal (a script enters the event as written): {choice.prompt}")
        for i, option in enumerate(choice.options[:SHOWN_OPTIONS], 1):
            verdict = {True: "", False: " - ILLEGAL", None: ""}[option.legal]
            does = f"  ({option.does})" if option.does and option.legal is None else ""
            if option.legal and not option.choices and option.canonical == option.event:
                # one line: the option and what it does
                out.append(f"{pad}  {i}. {option.event} -> {'; '.join(option.notes) or 'no automatic result'}")
                continue
            out.append(f"{pad}  {i}. {option.event}{verdict}{does}")
            if option.legal is False:
                out.append(f"{pad}       {option.reason} [{option.rule}]")
            else:
                out += _body(option, pad + "       ")
        more = len(choice.options[SHOWN_OPTIONS:]) + choice.untried
        if more:
            out.append(f"{pad}  ... and {more} more (--json lists every one)")
    return out
