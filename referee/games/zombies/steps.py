"""Zombies!!! quick-play steps: an event that has passed
:func:`~.rules.event_check` applied to a :class:`~.state.Work` copy of the position.

Each ``_do_<verb>`` changes only the work copy (rebinding its attributes, replacing a
seat), so a state once stored is never changed; none refuses.  A lost roll with both
ammo and life to pay raises :class:`~referee.errors.ChoiceNeeded` before anything
changes.
"""

from __future__ import annotations

from typing import Callable

from referee.errors import ChoiceNeeded, Option
from referee.games.base import Step
from referee.words import plural as _plural

from .notation import Event, tile_counts
from .rules import R_FIGHT_ROLL
from .state import GUTS_CAP, REFILL, REPOPULATE, SPELL, TURN_START, Bidding, State, Work, kill_number, with_bonus


# -- steps --------------------------------------------------------------------------------

def event_step(s: State, e: Event) -> Step:
    """``e`` (which has passed :func:`event_check` in ``s``) applied to a copy of ``s``:
    the new state, the canonical text ``Player: ...`` and the notes.  ``s`` is not
    changed.  :class:`ChoiceNeeded` for a lost roll with two ways to pay."""
    w = s.work()
    notes: list[str] = []
    canon = STEPS[e.verb](w, e, notes)
    return Step(w.freeze(), f"{s.players[e.seat].name}: {canon}", notes)


def _win(w: Work, seat: int, ending: str, notes: list[str], why: str) -> None:
    w.winner, w.ending = seat, ending
    w.phase = "over"
    notes.append(f"{w.players[seat].name} wins: {why}")


def _kills_changed(w: Work, seat: int, notes: list[str]) -> None:
    p = w.players[seat]
    if w.winner is None and p.kills >= w.setup.kills_to_win:
        _win(w, seat, "kills", notes, f"{p.kills} kills (needed {w.setup.kills_to_win})")


def _take_cards(w: Work, n: int, notes: list[str]) -> None:
    """Take ``n`` cards from the event deck; when it runs out, the discard pile is
    shuffled into a new deck at once and the taking goes on from it (ruling 15).
    The caller has checked that the deck and the discards hold ``n``."""
    first = min(n, w.events_left)
    w.events_left -= first
    rest = n - first
    if rest:
        shuffled = w.discards
        w.events_left, w.discards = shuffled - rest, 0
        notes.append(f"the event deck ran out: {_plural(shuffled, 'discard')} shuffled "
                     f"into a new deck, {_plural(rest, 'card')} taken from it")


def _do_tile(w: Work, e: Event, notes: list[str]) -> str:
    kind = e.tile
    if kind == "none":
        canon = "tile none"
    else:
        w.tiles_left -= 1
        if kind == "discard":
            canon = "tile discard"
            notes.append("the tile is discarded")
        elif kind == "road":
            dogs = e.dogs
            w.zombies += e.n + (dogs or 0)
            canon = f"tile road {e.n}" + (f" dogs={dogs}" if dogs is not None else "")
            notes.append(f"{_plural(e.n, 'zombie')} {'comes' if e.n == 1 else 'come'} with the tile"
                         + (f", and {_plural(dogs, 'zombie dog')}" if dogs else ""))
        else:
            counts = tile_counts(w.setup.data, e.name, e.counts)
            found = w.setup.data.lookup(e.name)
            name = found[0] if found else e.name
            extra = counts["dogs"] + counts["enhanced"]
            w.zombies += counts["z"] + extra
            w.tokens = w.tokens._replace(ammo=w.tokens.ammo + counts["ammo"],
                                         life=w.tokens.life + counts["life"])
            w.placed = w.placed + (name.lower(),)
            canon = f'tile "{name}" z={counts["z"]} ammo={counts["ammo"]} life={counts["life"]}'
            for key in ("dogs", "enhanced"):
                if counts[key]:
                    canon += f" {key}={counts[key]}"
            notes.append(f"{name}: {_plural(counts['z'] + extra, 'zombie')}, "
                         f"{counts['ammo']} ammo and {counts['life']} life placed")
            if name.lower() == "helipad":
                _start_bidding(w, notes)
                return canon
        if w.tiles_left == 0 and w.helipad == "unseen":
            w.helipad = "gone"
            notes.append("the tiles ran out without the Helipad: it is gone")
    w.phase = "start"
    return canon


def _start_bidding(w: Work, notes: list[str]) -> None:
    n = len(w.players)
    order_from_drawer = [(w.seat + i) % n for i in range(n)]
    most = max(w.players[s].kills for s in order_from_drawer)
    first = next(s for s in order_from_drawer if w.players[s].kills == most)
    w.bidding = Bidding(tuple((first + i) % n for i in range(n)))
    w.phase = "bid"
    notes.append(f"the Helipad: bidding starts with {w.players[first].name}")


def _advance_bid(w: Work, b: Bidding, notes: list[str]) -> None:
    """After a bid or a pass (``b``, the bidding with it): the last bidder left places
    the Helipad, or the next seat that has not passed bids."""
    active = [s for s in b.order if s not in b.passed]
    if len(active) == 1:
        win = active[0]
        bid = b.high if b.leader == win else 0
        w.edit(win, kills=w.players[win].kills - bid)
        w.helipad = "placed"
        w.bidding = None
        w.phase = "start"
        notes.append(f"{w.players[win].name} places the Helipad and discards "
                     f"{_plural(bid, 'kill')}")
        return
    for step in range(1, len(b.order) + 1):
        i = (b.at + step) % len(b.order)
        if b.order[i] not in b.passed:
            w.bidding = Bidding(b.order, b.passed, b.high, b.leader, i)
            return
    w.bidding = b


def _do_bid(w: Work, e: Event, notes: list[str]) -> str:
    b = w.bidding
    _advance_bid(w, Bidding(b.order, b.passed, e.n, e.seat, b.at), notes)
    return f"bid {e.n}"


def _do_pass(w: Work, e: Event, notes: list[str]) -> str:
    b = w.bidding
    _advance_bid(w, Bidding(b.order, b.passed | {e.seat}, b.high, b.leader, b.at), notes)
    return "pass"


def _do_fight(w: Work, e: Event, notes: list[str]) -> str:
    seat = e.seat
    p = w.players[seat]
    kind, roll, choice = e.kind, e.n, e.choice
    k = kill_number(kind)
    bonus = e.bonus
    weapon = w.in_play(seat, e.weapons[0][1]) if e.weapons else None
    armed = f' +{bonus} "{weapon}"' if weapon else ""
    total = roll + bonus
    if total < k and choice is None:
        options = w.fight_options(seat, roll, kind, bonus)
        if len(options) == 2:
            base = f"{p.name}: fight {roll}" + (f" {kind}" if kind else "") + armed
            raise ChoiceNeeded(
                f"a {roll}{f' +{bonus}' if bonus else ''} loses against a kill number of "
                f"{k}: spend ammo or lose life",
                R_FIGHT_ROLL, "pay the lost roll with",
                [Option(f"{base} ammo", f"spend {k - total} ammo: a kill"),
                 Option(f"{base} life", f"lose {w.life_cost(seat, kind)} life and roll again")])
        choice = options[0] if options else None
    if weapon:
        p = w.edit(seat, bonus=with_bonus(p.bonus, weapon.lower(), bonus))
        notes.append(f"{weapon} adds {bonus}: {roll} + {bonus} = {total}")
    start = w.phase == "start"
    canon = f"fight {roll}" + (f" {kind}" if kind else "") + armed + (f" {choice}" if choice else "")
    what = kind or "zombie"
    if total >= k or choice == "ammo":
        ammo = p.ammo
        if choice == "ammo":
            ammo -= k - total
            notes.append(f"{_plural(k - total, 'ammo token')} {'raises' if k - total == 1 else 'raise'} "
                         f"the {total} to {k}")
        p = w.edit(seat, ammo=ammo, kills=p.kills + 1)
        w.zombies -= 1
        w.fight_open = None
        w.fight_weapon = None
        notes.append(f"{p.name} kills the {what}: {_plural(p.kills, 'kill')}")
        if start:
            w.start_fights += 1
            w.start_kills += 1
            w.picks += 1
        else:
            w.fights_here = (w.fights_here or 0) + 1
        _kills_changed(w, seat, notes)
    elif choice == "life":
        loss = w.life_cost(seat, kind)
        p = w.edit(seat, life=p.life - loss)
        w.fight_open = what
        w.fight_weapon = (weapon, bonus) if weapon else None
        notes.append(f"{p.name} loses {loss} life ({p.life} left) and fights on")
    else:
        lost = 1 if p.kills > 0 else 0
        w.edit(seat, kills=p.kills - lost)
        w.fight_open = None
        w.fight_weapon = None
        w.stopped = True
        if start:
            w.start_fights += 1
        else:
            w.fights_here = (w.fights_here or 0) + 1
        notes.append(f"{p.name} has no life and too little ammo: "
                     + ("loses a kill" if lost else "no kill to lose")
                     + f", the {what} stays, and no more moving this turn")
    return canon


def _do_draw(w: Work, e: Event, notes: list[str]) -> str:
    n = e.n
    _take_cards(w, n, notes)
    w.edit(e.seat, hand=w.players[e.seat].hand + n)
    w.drawn = True
    return f"draw {n}"


def _do_roll(w: Work, e: Event, notes: list[str]) -> str:
    p = w.players[e.seat]
    r = e.n
    w.allowance = max(r, w.start_life)
    w.phase = "move"
    w.drawn = True
    notes.append(f"allowance {w.allowance} (roll {r}, life at the start of the turn "
                 f"{w.start_life})")
    if w.has("schools-out"):
        if r == 6 and p.guts < GUTS_CAP:
            p = w.edit(e.seat, guts=p.guts + 1)
            notes.append(f"a natural 6: {p.name} gains a guts token ({p.guts})")
        elif r == 1 and p.guts > 0:
            p = w.edit(e.seat, guts=p.guts - 1)
            notes.append(f"a natural 1: {p.name} loses a guts token ({p.guts})")
    if w.stopped:
        notes.append(f"{p.name} lost a fight this turn and cannot move")
    return f"roll {r}"


def _do_duct(w: Work, e: Event, notes: list[str]) -> str:
    w.allowance = 0
    w.phase = "move"
    w.drawn = True
    w.fights_here = 0
    w.picks += 1
    notes.append(f"{w.players[e.seat].name} takes a duct to the next store instead of rolling")
    return "duct"


def _do_move(w: Work, e: Event, notes: list[str]) -> str:
    w.moved += e.n
    w.picks += e.n
    w.fights_here = 0
    notes.append(f"{w.left_to_move()} of {w.allowance} left")
    return f"move {e.n}"


def _do_pick(w: Work, e: Event, notes: list[str]) -> str:
    what = e.what
    w.tokens = w.tokens._replace(**{what: getattr(w.tokens, what) - 1})
    w.picks -= 1
    p = w.players[e.seat]
    p = w.edit(e.seat, **{what: getattr(p, what) + 1})
    notes.append(f"{p.name} has {p.life} life and {p.ammo} ammo")
    return f"pick {what}"


def _do_town_square(w: Work, e: Event, notes: list[str]) -> str:
    p = w.players[e.seat]
    extra = ""
    if w.has("schools-out"):
        p = w.edit(e.seat, life=max(p.life, REFILL), ammo=max(p.ammo, REFILL),
                   guts=max(p.guts, REFILL))
        extra = f", {p.guts} guts"
    else:
        p = w.edit(e.seat, life=max(p.life, REFILL), ammo=max(p.ammo, REFILL))
    w.move_over = True
    w.fights_here = None
    notes.append(f"{p.name} refills: {p.life} life, {p.ammo} ammo{extra}")
    return "town-square"


def _do_helipad(w: Work, e: Event, notes: list[str]) -> str:
    _win(w, e.seat, "helipad", notes, "reached the helipad")
    return "helipad"


def _do_spell(w: Work, e: Event, notes: list[str]) -> str:
    w.spelled = True
    pages = w.pages()
    total = e.n + pages
    if total >= SPELL:
        _win(w, e.seat, "spell", notes, f"the spell is cast ({e.n} + "
                                        f"{_plural(pages, 'page')} = {total})")
    else:
        notes.append(f"the spell fails ({e.n} + {_plural(pages, 'page')} = {total})")
    return f"spell {e.n}"


def _do_zombies(w: Work, e: Event, notes: list[str]) -> str:
    w.phase = "discard"
    w.fights_here = None
    split = tuple(sorted(e.split or (), reverse=True))
    w.last_zombie_roll = (e.n, split if e.split is not None else None)
    if not split:
        notes.append("the zombie moves are not written" if e.split is None else "no zombie moves")
        return f"zombies {e.n}"
    notes.append(f"{_plural(len(split), 'zombie')} move")
    return f"zombies {e.n}: " + " ".join(map(str, split))


def _guts_cut(w: Work, seat: int, notes: list[str]) -> None:
    """School's Out Forever: at the end of the turn the hand is cut down to the guts
    (at least one) before the optional discard (ruling 20)."""
    p = w.players[seat]
    if w.has("schools-out") and p.hand > w.hand_limit(seat):
        extra = p.hand - w.hand_limit(seat)
        p = w.edit(seat, hand=p.hand - extra)
        w.discards += extra
        notes.append(f"{p.name} discards down to {p.hand} (guts)")


def _end_turn(w: Work, notes: list[str]) -> None:
    if w.zombies == 0:
        w.zombies += REPOPULATE
        notes.append(f"no zombie in play: {REPOPULATE} zombies are placed")
    w.turns += 1
    w.seat = (w.seat + 1) % len(w.players)
    p = w.edit(w.seat, event_round=False)
    w.phase = "tile"
    w.__dict__.update(TURN_START)
    w.start_life = p.life
    notes.append(f"{p.name}'s turn")


def _do_discard(w: Work, e: Event, notes: list[str]) -> str:
    _guts_cut(w, e.seat, notes)
    w.edit(e.seat, hand=w.players[e.seat].hand - 1)
    w.discards += 1
    _end_turn(w, notes)
    return "discard"


def _do_end(w: Work, e: Event, notes: list[str]) -> str:
    _guts_cut(w, e.seat, notes)
    _end_turn(w, notes)
    return "end"


def _do_event(w: Work, e: Event, notes: list[str]) -> str:
    p = w.players[e.seat]
    p = w.edit(e.seat, hand=p.hand - 1, event_round=True)
    w.discards += 1
    notes.append(f"{p.name} plays {e.card}")
    return f'event "{e.card}"'


def _do_item(w: Work, e: Event, notes: list[str]) -> str:
    p = w.players[e.seat]
    p = w.edit(e.seat, hand=p.hand - 1, event_round=True, in_play=p.in_play + (e.card,))
    notes.append(f"{e.card} stays in play in front of {p.name}")
    return f'item "{e.card}"'


def _do_drop(w: Work, e: Event, notes: list[str]) -> str:
    p = w.players[e.seat]
    card = next(c for c in p.in_play if c.lower() == e.card.lower())
    left = list(p.in_play)
    left.remove(card)
    w.edit(e.seat, in_play=tuple(left),
           bonus=tuple((k, v) for k, v in p.bonus if k != card.lower()))
    if e.seat == w.seat and w.fight_weapon and w.fight_weapon[0] == card:
        w.fight_weapon = None          # the open fight goes on without it
    w.discards += 1
    notes.append(f"{card} leaves play")
    return f'drop "{card}"'


def _do_reshuffle(w: Work, e: Event, notes: list[str]) -> str:
    notes.append("noted: the referee shuffles the discards into a new event deck "
                 "by itself when a draw needs them (nothing changes)")
    return "reshuffle"


def _do_adjust(w: Work, e: Event, notes: list[str]) -> str:
    seat = e.seat
    for key, delta in e.changes:
        if key == "zombies":
            w.zombies += delta
        elif key == "hand":
            if delta > 0:
                _take_cards(w, delta, notes)
            else:
                w.discards -= delta
            w.edit(seat, hand=w.players[seat].hand + delta)
        else:
            w.edit(seat, **{key: getattr(w.players[seat], key) + delta})
    canon = "adjust " + " ".join(f"{k} {d:+d}" for k, d in e.changes)
    if any(k == "kills" and d > 0 for k, d in e.changes):
        _kills_changed(w, seat, notes)
    return canon


#: Each verb's step: ``(work, event, notes) -> canonical text``.
STEPS: dict[str, Callable[[Work, Event, list[str]], str]] = {
    "tile": _do_tile, "bid": _do_bid, "pass": _do_pass, "fight": _do_fight, "draw": _do_draw,
    "roll": _do_roll, "duct": _do_duct, "move": _do_move, "pick": _do_pick,
    "town-square": _do_town_square, "helipad": _do_helipad, "spell": _do_spell,
    "zombies": _do_zombies, "discard": _do_discard, "end": _do_end, "event": _do_event,
    "item": _do_item, "drop": _do_drop, "reshuffle": _do_reshuffle, "adjust": _do_adjust}
