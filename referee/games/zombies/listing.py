"""The Zombies!!! quick-play events worth listing in a position, each with what it
would do (``referee legal``), and those a player might try (``blocked_events``).

:func:`options` is a superset of the legal events: the engine keeps those that pass
:func:`~.rules.event_check`.
"""

from __future__ import annotations

from referee.words import plural as _plural

from .notation import MAX_ACCESS, Event
from .odds import fight_odds
from .rules import zombie_splits
from .state import SPELL, State, kill_number
from .tiles import REQUIRED


def zombie_desc(roll: int, split: tuple[int, ...]) -> str:
    """What a zombie roll with ``split`` written does, in words."""
    if not split:
        return f"zombie roll {roll}: moves not written (or none)"
    return f"zombie roll {roll}: {_plural(len(split), 'zombie')} move, {sum(split)} in all"


def options(s: State) -> list[tuple[Event, str]]:
    """``(event, description)`` for the events worth listing in ``s``."""
    out: list[tuple[Event, str]] = []
    if s.winner is not None:
        return out
    t = s.to_move
    name = s.players[t].name
    data = s.setup.data
    if s.phase == "bid":
        b = s.bidding
        low = 0 if b.high is None else b.high + 1
        for n in range(low, s.players[t].kills + 1):
            out.append((Event(t, "bid", n=n), f"bid {_plural(n, 'kill')} for the Helipad"))
        out.append((Event(t, "pass"), "pass: no more bids from " + name))
    elif s.phase == "tile":
        out.append((Event(t, "tile", tile="none"), "no tile is left"))
        dogs = [None] if not s.has("the-end") else list(range(1, 7))
        for n in range(1, MAX_ACCESS + 1):
            for d in dogs:
                out.append((Event(t, "tile", tile="road", n=n, dogs=d),
                            f"an unnamed tile: {_plural(n, 'zombie')}"
                            + (f" and {_plural(d, 'dog')}" if d else "")))
        out.append((Event(t, "tile", tile="discard"), "the drawn tile cannot be placed"))
        for key, counts in data.tiles.items():
            full = {k: counts[k] for k in REQUIRED if k in counts}
            if len(full) == len(REQUIRED):
                out.append((Event(t, "tile", tile="named", name=data.names[key]),
                            f"{data.names[key]} (tile data)"))
        if data.lookup("helipad") is None or len(data.lookup("helipad")[1]) < 3:
            out.append((Event(t, "tile", tile="named", name="Helipad",
                              counts=(("z", 1), ("ammo", 0), ("life", 0))),
                        "the Helipad comes up (write its printed counts): bidding"))
    else:
        _turn_options(s, t, out)
    if s.events_left == 0:
        out.append((Event(t, "reshuffle"), "a note that the event deck is empty (the referee "
                    "shuffles the discards in by itself): changes nothing"))
    for i, p in enumerate(s.players):
        out.append((Event(i, "event", card="Event card"), f"{p.name} plays an event card"))
        out.append((Event(i, "item", card="Item card"), f"{p.name} puts a card in play"))
        for c in p.in_play:
            out.append((Event(i, "drop", card=c), f"{c} leaves play"))
    return out


def _turn_options(s: State, t: int, out: list[tuple[Event, str]]) -> None:
    """The events of the turn after the tile: fights (with their odds), the draw, the
    movement roll, moves, picks, the Town Square, the helipad, the spell, the zombie
    roll and the end of the turn."""
    kinds = [None] + (["dog"] if s.has("the-end") else []) + (
        ["enhanced"] if s.has("zombie-corps") else [])
    p = s.players[t]
    arms = [(None, 0)] + s.known_weapons(t)
    for kind in kinds:
        for weapon, bonus in arms:
            begin = len(out)
            weapons = ((bonus, weapon),) if weapon else ()
            k = kill_number(kind)
            what = kind or "zombie"
            for r in range(1, 7):
                e = Event(t, "fight", n=r, kind=kind, weapons=weapons)
                opts = s.fight_options(t, r, kind, bonus)
                if r + bonus >= k:
                    out.append((e, f"kills the {what}"))
                elif not opts:
                    out.append((e, "no life, too little ammo: loses a kill"))
                for o in opts:
                    if o == "ammo":
                        desc = f"spend {k - r - bonus} ammo: kills the {what}"
                    else:
                        cost = s.life_cost(t, kind)
                        after = fight_odds(k, p.ammo, p.life - cost, dog=kind == "dog",
                                           bonus=bonus)
                        desc = f"lose {cost} life, fight on ({after.percent()} to win then)"
                    out.append((Event(t, "fight", n=r, kind=kind, choice=o, weapons=weapons), desc))
            if len(out) > begin:
                o = fight_odds(k, p.ammo, p.life, dog=kind == "dog", bonus=bonus)
                e, desc = out[begin]
                armed = f" with {weapon} +{bonus} each roll" if weapon else ""
                out[begin] = (e, f"{desc}; the fight{armed}: {o.percent()} "
                                 f"to win, ~{float(o.life_lost):.1f} life, "
                                 f"~{float(o.ammo_spent):.1f} ammo")
    n = s.draw_count()
    if n:
        out.append((Event(t, "draw", n=n), f"draw {_plural(n, 'event card')}"))
    for r in range(1, 7):
        out.append((Event(t, "roll", n=r), f"movement roll: allowance {max(r, s.start_life)}"))
    out.append((Event(t, "duct"), "Mall Walkers: take a duct instead of rolling"))
    for m in range(1, s.left_to_move() + 1):
        out.append((Event(t, "move", n=m), f"move {_plural(m, 'space')}"))
    for what in ("ammo", "life"):
        out.append((Event(t, "pick", what=what), f"take {'an' if what == 'ammo' else 'a'} {what} token"))
    out.append((Event(t, "town-square"), "end the move on the Town Square: refill to 3"))
    out.append((Event(t, "helipad"), "reach the helipad centre: win"))
    pages = s.pages()
    for r in range(1, 7):
        out.append((Event(t, "spell", n=r), "cast the spell: "
                    + ("wins" if r + pages >= SPELL else "fails")))
    if s.phase == "move" and not s.fight_open:
        for r in range(1, 7):
            for split in zombie_splits(r, s.zombies):
                out.append((Event(t, "zombies", n=r, split=split or None), zombie_desc(r, split)))
    out.append((Event(t, "discard"), "discard a card and end the turn"))
    out.append((Event(t, "end"), "end the turn"))


def attempts(s: State) -> list[Event]:
    """The turn's usual events, for ``blocked_events``: a tile, the draw, a movement
    roll, a move, a fight, a zombie roll, the end of the turn and an event card."""
    if s.winner is not None:
        return []
    t = s.to_move
    return [Event(t, "tile", tile="road", n=2), Event(t, "draw", n=s.draw_count() or 1),
            Event(t, "roll", n=3), Event(t, "move", n=1), Event(t, "fight", n=4),
            Event(t, "zombies", n=4), Event(t, "end"), Event(t, "event", card="Event card")]
