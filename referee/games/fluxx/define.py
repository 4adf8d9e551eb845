"""At a terminal: a card the game does not know, defined the moment it is named (spec
``fluxx.md``, ruling 23).

:func:`ask` is the game's ``define`` hook (:class:`referee.games.base.GameSpec`): the
shared CLI calls it only when stdin and stdout are terminals and an event names a card
neither the catalogue nor an earlier ``card`` line knows.  It asks for the card's type
and fields, checks the ``card`` line they make by a dry run on the game, and returns it to
be logged before the event.  It then offers to append the card to the player's own
catalogue file (:func:`user_catalogue`), which the next ``referee new fluxx`` reads.
In a script nothing is asked: the event is bad input whose message names the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from referee.errors import DefinitionNeeded, RefereeError

from . import catalogue as catmod

#: ``(question, default) -> answer``: how a question is put to the player.
Asker = Callable[[str, str], str]
#: The environment variable that moves the player's own catalogue file.
USER_CARDS_ENV = "REFEREE_FLUXX_CARDS"
TRIES = 3


def user_catalogue() -> Path:
    """The player's own catalogue file: ``$REFEREE_FLUXX_CARDS``, else
    ``fluxx-cards.toml`` in the user data directory (:mod:`referee.paths`)."""
    from referee.paths import user_file

    return user_file(USER_CARDS_ENV, "fluxx-cards.toml")


def _terminal_ask(question: str, default: str) -> str:
    from referee.cli.output import console

    shown = f" [{default}]" if default else ""
    answer = console().input(f"{question}{shown}: ").strip()
    return answer or default


def _say(line: str) -> None:
    from referee.cli.output import console

    console().print(line, markup=False, highlight=False)


def _number(ask: Asker, question: str, default: int = 0) -> str:
    answer = ask(question, str(default)).strip()
    return answer if answer else str(default)


def _yes(answer: str) -> bool:
    return answer.strip().lower() in ("y", "yes", "true", "1")


def fields(ctype: str, ask: Asker) -> list[str]:
    """The ``field=value`` words of a card of type ``ctype``, from the player's answers
    (a field left at its default is not written)."""
    out: list[str] = []

    def put(key: str, value: str, default: str) -> None:
        if value.strip() and value.strip().lower() != default:
            out.append(f"{key}={value.strip().lower() if key != 'needs' else value.strip()}")

    if ctype == "keeper":
        put("kills", _number(ask, "Zombies it kills a turn on its own"), "0")
        put("weapon", "true" if _yes(ask("Does it have the weapon icon (Weapon Bonus)? y/n", "n")) else "",
            "false")
    elif ctype == "creeper":
        put("zombie", _number(ask, "Zombies on it (0 not a Zombie, 1, 2 a Pair, 3 a Trio, 4 a Quartet)"), "0")
    elif ctype in ("goal", "ungoal"):
        needs = ask("Keepers or Creepers it needs in front of one player (names, separated by commas; "
                    "empty: none)", "")
        names = [n.strip().strip('"') for n in needs.split(",") if n.strip()]
        out.append("needs=[" + ", ".join(f'"{n}"' for n in names) + "]")
        put("zombies", ask("Zombies in front of that player: any, none or need", "any"), "any")
        put("zombies_min", _number(ask, "At least this many Zombies in front of that player"), "0")
        put("table_zombies_min", _number(ask, "At least this many Zombies on the whole table"), "0")
    elif ctype == "rule":
        slot = ask("Its slot: draw, play, hand-limit, keeper-limit, or none (it stacks)", "none").strip().lower()
        put("slot", slot, "none")
        if slot != "none":
            out.append(f"value={ask('Its number (play also takes all)', '').strip().lower() or '?'}")
        else:
            put("bare_hand_kills", _number(ask, "Bare-hand kills a turn it allows"), "0")
            put("weapon_kills", _number(ask, "Kills a turn it gives each weapon Keeper"), "0")
    elif ctype == "action":
        put("plays", _number(ask, "Plays it calls for (part of its one play)"), "0")
    put("count", _number(ask, "Copies in the deck", 1), "1")
    return out


def ask(game, need: DefinitionNeeded, *, asker: Asker | None = None,
        say: Callable[[str], None] | None = None, path: Path | None = None) -> list[str] | None:
    """Ask for the card ``need`` names and return its ``card`` line (checked by a dry
    run on ``game``, which changes nothing), or None when the player gives no type.  A line the game refuses is
    said and asked again, :data:`TRIES` times at most.  Then offers to append the card
    to ``path`` (default :func:`user_catalogue`)."""
    asker = asker or _terminal_ask
    say = say or _say
    name = need.name
    if need.near:
        say(f"{name!r} is not a card the game knows: did you mean {need.near!r}? If so, give no type "
            "and type the event again.")
    say(f"{name!r} is a card the game does not know yet: say what it is "
        f"(it is logged as a card line before the event).")
    for _ in range(TRIES):
        ctype = asker(f"Type of {name}: {', '.join(catmod.TYPES)} (empty: cancel)", "").strip().lower()
        if not ctype:
            return None
        if ctype not in catmod.TYPES:
            say(f"{ctype!r} is not a card type ({', '.join(catmod.TYPES)})")
            continue
        line = " ".join([f'card "{name}" type={ctype}', *fields(ctype, asker)])
        try:
            applied = game.dry_run(line)
        except RefereeError as exc:
            say(f"not a card the game can take: {exc.message}")
            continue
        offer_to_save(applied.text, asker, say, path or user_catalogue())
        return [applied.text]
    return None


def offer_to_save(line: str, asker: Asker, say: Callable[[str], None], path: Path) -> bool:
    """Offer to append the card ``line`` defines to the catalogue file ``path``; True
    when it was written.  The file must stay a valid catalogue: a card of that name
    already in it is left alone."""
    if not _yes(asker(f"Save it to your own catalogue {path} for the next games? y/n", "y")):
        return False
    name, table = catmod.parse_card_line(line.removeprefix("card "))
    card = catmod.parse_card(str(path), name, table)
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        existing = catmod.parse_catalogue(old, str(path)) if old.strip() else catmod.Catalogue()
    except (OSError, RefereeError) as exc:
        say(f"not saved: {path} cannot be read as a catalogue ({getattr(exc, 'message', exc)})")
        return False
    if existing.find(card.name) is not None:
        say(f"not saved: {path} already has a card {card.name}")
        return False
    text = old + ("\n" if old and not old.endswith("\n") else "") + ("\n" if old else "") + catmod.card_toml(card)
    catmod.parse_catalogue(text, str(path))     # what is written must read back
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        say(f"not saved: cannot write {path}: {exc.strerror}")
        return False
    say(f"saved to {path}: the next `referee new fluxx` knows {card.name}")
    return True
