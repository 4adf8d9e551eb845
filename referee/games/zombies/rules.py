"""Zombies!!! quick-play rules: the checks (each returns a :data:`Problem` or None) and
the steps (an event applied to a :class:`~.state.Work` copy of the position).

:func:`event_check` is every refusal a player can meet before anything moves: whose
turn, the step of the turn, and the verb's own check (``_check_<verb>``).  The steps
(``_do_<verb>``) change only the work copy, so a state once stored is never changed;
a lost roll with both ammo and life to pay raises
:class:`~referee.errors.ChoiceNeeded` before anything changes.
"""

from __future__ import annotations

from typing import Callable

from referee.errors import ChoiceNeeded, Option
from referee.games.base import Problem, Step, rule_ids
from referee.words import plural as _plural

from .notation import Event, card_key, tile_counts
from .state import (GUTS_CAP, LIFE_CAP, REFILL, REPOPULATE, SPELL, TURN_START, Bidding, Books,
                    State, Work, kill_number, with_bonus)

# -- rule ids -----------------------------------------------------------------------------

R_OVER = "zombies.referee.game-over"
R_TURN = "zombies.turn.next-player"
R_STEP = "zombies.turn-sequence"
R_TILE_EMPTY = "zombies.tile.skip-when-empty"
R_TILE_NAMED = "zombies.tile.named-tile-contents"
R_DOGS = "zombies.tile.the-end-dogs"
R_HELIPAD_DECK = "zombies.ruling.helipad-window"
R_BID = "zombies.tile.helipad-bidding"
R_BID_RULES = "zombies.ruling.helipad-bids"
R_FIGHT_WHEN = "zombies.combat.when"
R_FIGHT_ROLL = "zombies.combat.roll"
R_OUT_OF_LIFE = "zombies.combat.out-of-life"
R_CONTINUES = "zombies.combat.continues"
R_ENHANCED = "zombies.combat.government-zombies"
R_DOG = "zombies.combat.zombie-dogs"
R_NO_ZOMBIE = "zombies.ruling.zombie-count"
R_DRAW = "zombies.turn.draw-cards"
R_HAND = "zombies.events.hand-limit"
R_ROUND = "zombies.events.one-per-round"
R_COPY = "zombies.events.one-copy"
R_PAGES = "zombies.events.pages"
R_IN_PLAY = "zombies.events.in-play"
R_ALLOWANCE = "zombies.move.allowance"
R_STOPPED = "zombies.combat.out-of-life"
R_PICK = "zombies.move.pickup"
R_LIFE_CAP = "zombies.life-limit"
R_TOWN = "zombies.move.town-square-refill"
R_HELIPAD = "zombies.win.helipad"
R_SPELL = "zombies.win.the-end"
R_ZOMBIE_POINTS = "zombies.zombie-move.points"
R_HALF = "zombies.zombie-move.half-limit"
R_DISCARD = "zombies.discard"
R_EXPANSION = "zombies.ruling.expansions"
R_ADJUST = "zombies.ruling.adjust"
R_REMOVED = "zombies.setup.removed-events"
R_WEAPON = "zombies.events.one-weapon"

RULE_IDS: frozenset[str] = rule_ids(globals())

#: Verbs only the player whose turn it is may use.
TURN_VERBS = frozenset({"tile", "fight", "draw", "roll", "move", "pick", "town-square",
                        "helipad", "zombies", "discard", "end", "spell", "duct"})

#: The event cards the quick-play set-up puts back in the box (ruling 21), with the
#: copies removed: 9 cards in all, so the default deck is 50 - 9 = 41.
REMOVED_EVENTS = {"Where Did Everybody Go": 1, "Bad Sense of Direction": 1,
                  "Hysterical Paralysis": 1, "The Keys Are Still In It": 1,
                  "We're Screwed": 1, "Fear": 1, "Brain Cramp": 1, "All The Marbles": 2}
_REMOVED_KEYS = {card_key(c): c for c in REMOVED_EVENTS}


def zombie_splits(roll: int, zombies: int) -> list[tuple[int, ...]]:
    """Every legal split of a zombie roll (ruling 3), largest moves first, as
    multisets: parts sum to at most ``roll``, none above ``roll // 2``, at most
    ``zombies`` parts.  The empty split (no zombie moved) comes first.

    >>> zombie_splits(5, 10)[:4]
    [(), (2,), (2, 2), (2, 2, 1)]
    >>> len(zombie_splits(5, 10)), len(zombie_splits(5, 2))
    (12, 6)
    >>> (3, 2) in zombie_splits(5, 10)
    False
    """
    cap = roll // 2
    out: list[tuple[int, ...]] = [()]

    def grow(prefix: tuple[int, ...], left: int, top: int) -> None:
        for part in range(min(top, left), 0, -1):
            if len(prefix) >= zombies:
                return
            nxt = prefix + (part,)
            out.append(nxt)
            grow(nxt, left - part, part)

    grow((), roll, cap)
    return out


# -- checks -------------------------------------------------------------------------------

def event_check(s: Books, e: Event) -> Problem | None:
    """The first rule ``e`` breaks in ``s`` (whose turn, then the verb's own check), or
    None.  Choices (how a lost roll is paid) are not asked here."""
    return common_check(s, e.seat, e.verb) or CHECKS[e.verb](s, e)


def common_check(s: Books, seat: int, verb: str) -> Problem | None:
    """The game is over, the helipad is being bid on, or it is not ``seat``'s turn."""
    if s.winner is not None:
        return "the game is over", R_OVER
    if verb in ("bid", "pass"):
        if s.phase != "bid":
            return "no helipad is being bid on", R_BID
        due = s.to_move
        if seat != due:
            return f"{s.players[due].name} bids next", R_BID_RULES
        return None
    if verb in TURN_VERBS:
        if s.phase == "bid":
            return (f"the helipad is being bid on: {s.players[s.to_move].name} bids "
                    f"next", R_BID)
        if seat != s.seat:
            return f"it is {s.players[s.seat].name}'s turn", R_TURN
    return None


def fight_open_check(s: Books) -> Problem | None:
    """A fight goes on: only ``fight`` (and what anyone may do) comes next."""
    if s.fight_open:
        return (f"{s.players[s.seat].name} is still fighting: roll again "
                f"(`fight N`)", R_CONTINUES)
    return None


def _check_tile(s: Books, e: Event) -> Problem | None:
    if s.phase != "tile":
        return "the turn's tile is already drawn", R_STEP
    kind = e.tile
    if kind == "none":
        if s.tiles_left > 0:
            return f"{_plural(s.tiles_left, 'tile')} left: draw one", R_TILE_EMPTY
        return None
    if s.tiles_left == 0:
        return "no tile is left: write `tile none`", R_TILE_EMPTY
    if kind == "road" and e.dogs is not None:
        if not s.has("the-end"):
            return "zombie dogs come only with The End", R_EXPANSION
        if not 1 <= e.dogs <= 6:
            return f"the dogs are one die: 1..6, not {e.dogs}", R_DOGS
    if kind == "named":
        name = e.name
        if name.lower() == "helipad":
            window = s.setup.helipad_window
            if s.helipad == "placed":
                return "the Helipad is already on the table", R_HELIPAD_DECK
            if s.helipad == "gone":
                return "the Helipad was removed at set-up or the tiles ran out", R_HELIPAD_DECK
            if s.tiles_left > window:
                return (f"the Helipad lies in the bottom {window} tiles; "
                        f"{s.tiles_left} are left", R_HELIPAD_DECK)
        counts = dict(e.counts)
        if counts.get("dogs") and not s.has("the-end"):
            return "zombie dogs come only with The End", R_EXPANSION
        if counts.get("enhanced") and not s.has("zombie-corps"):
            return "enhanced zombies come only with Zombie Corps(e)", R_EXPANSION
        found = s.setup.data.lookup(name)
        if found:
            printed, known = found
            for key, value in counts.items():
                if key in known and known[key] != value:
                    return (f"the tile data gives {printed} {key}={known[key]}, not {value}",
                            R_TILE_NAMED)
    return None


def _check_bid(s: Books, e: Event) -> Problem | None:
    b = s.bidding
    low = 0 if b.high is None else b.high + 1
    p = s.players[e.seat]
    if e.n < low:
        return f"a bid must be at least {low}", R_BID_RULES
    if e.n > p.kills:
        return (f"{p.name} has {_plural(p.kills, 'kill')}: "
                f"nobody bids more kills than they have", R_BID_RULES)
    return None


def _check_pass(s: Books, e: Event) -> Problem | None:
    return None


def _check_fight(s: Books, e: Event) -> Problem | None:
    kind = e.kind
    if kind == "dog" and not s.has("the-end"):
        return "zombie dogs come only with The End", R_EXPANSION
    if kind == "enhanced" and not s.has("zombie-corps"):
        return "enhanced zombies come only with Zombie Corps(e)", R_EXPANSION
    if s.fight_open:
        if (kind or "zombie") != s.fight_open:
            return (f"the fight goes on against the same "
                    f"{'zombie' if s.fight_open == 'zombie' else s.fight_open}", R_CONTINUES)
    elif s.phase == "start":
        if s.drawn:
            return "a start-of-turn fight comes before drawing cards", R_STEP
        if s.start_fights >= s.start_fight_cap():
            return "the start-of-turn fight is over: draw or roll", R_FIGHT_WHEN
    elif s.phase == "move":
        if s.fights_here is None:
            return "a fight during the move comes right after a `move`", R_FIGHT_WHEN
        if s.fights_here >= s.start_fight_cap():
            return "that space's fight is over: move on", R_FIGHT_WHEN
    else:
        return f"no fight now: the step is {s.turn_step}", R_STEP
    if s.zombies <= 0:
        return "no zombie is in play to fight", R_NO_ZOMBIE
    if problem := weapon_check(s, e):
        return problem
    k = kill_number(kind)
    roll, choice, bonus = e.n, e.choice, e.bonus
    total = roll + bonus
    said = f"{roll} +{bonus}" if bonus else f"{roll}"
    p = s.players[e.seat]
    if total >= k:
        if choice:
            return f"a {said} already kills: no {choice} is spent", R_FIGHT_ROLL
        return None
    need = k - total
    rule = R_DOG if kind == "dog" else R_ENHANCED if kind == "enhanced" else R_FIGHT_ROLL
    if choice == "ammo" and p.ammo < need:
        return (f"{p.name} has {p.ammo} ammo: raising a {said} to {k} takes "
                f"{need}", rule)
    if choice == "life" and p.life == 0:
        return f"{p.name} has no life left to lose", R_OUT_OF_LIFE
    return None


def weapon_check(s: Books, e: Event) -> Problem | None:
    """Ruling 22: at most one weapon a roll, and it must be in the fighter's play."""
    weapons = e.weapons
    if len(weapons) > 1:
        return (f"one weapon a roll: {' and '.join(n for _, n in weapons)} were both "
                f"named", R_WEAPON)
    if weapons and s.in_play(e.seat, weapons[0][1]) is None:
        p = s.players[e.seat]
        return f"{p.name} has no {weapons[0][1]} in play to fight with", R_IN_PLAY
    return None


def _check_draw(s: Books, e: Event) -> Problem | None:
    if s.phase != "start" or s.drawn:
        return f"no draw now: the step is {s.turn_step}", R_STEP
    if problem := fight_open_check(s):
        return problem
    want = s.draw_count()
    p = s.players[e.seat]
    if want == 0 and e.n > 0:
        if p.hand >= s.hand_limit(e.seat):
            return f"{p.name}'s hand is full: no draw", R_DRAW
        return (f"{p.name} holds {_plural(p.hand, 'card')}, but the event deck and the "
                f"discard pile are empty: no draw", R_DRAW)
    if e.n != want:
        return (f"{p.name} draws back up to "
                f"{s.hand_limit(e.seat)}: {want}, not {e.n}", R_DRAW)
    return None


def _check_roll(s: Books, e: Event) -> Problem | None:
    if s.phase != "start":
        return f"no movement roll now: the step is {s.turn_step}", R_STEP
    if problem := fight_open_check(s):
        return problem
    if not s.drawn and s.draw_count() > 0:
        return f"draw first: `draw {s.draw_count()}`", R_DRAW
    return None


def _check_duct(s: Books, e: Event) -> Problem | None:
    if not s.has("mall-walkers"):
        return "ducts belong to Mall Walkers", R_EXPANSION
    return _check_roll(s, e)


def moving_check(s: Books) -> Problem | None:
    """Not the move step (after the movement roll, before the zombie roll), or a fight
    goes on."""
    if s.phase != "move":
        return f"not now: the step is {s.turn_step}", R_STEP
    return fight_open_check(s)


def _check_move(s: Books, e: Event) -> Problem | None:
    if problem := moving_check(s):
        return problem
    name = s.players[e.seat].name
    if s.stopped:
        return (f"{name} lost a fight with no life left and cannot move "
                f"again this turn", R_STOPPED)
    if s.move_over:
        return f"{name} ended the move on the Town Square", R_TOWN
    left = s.left_to_move()
    if e.n > left:
        return (f"the allowance is {s.allowance} and {s.moved} used: at most "
                f"{_plural(left, 'space')} more", R_ALLOWANCE)
    return None


def _check_pick(s: Books, e: Event) -> Problem | None:
    if s.phase not in ("start", "move"):
        return f"no pick now: the step is {s.turn_step}", R_STEP
    if problem := fight_open_check(s):
        return problem
    if s.picks <= 0:
        return ("no space entered (or zombie killed at the start) is left to take a token "
                "from", R_PICK)
    what = e.what
    if getattr(s.tokens, what) <= 0:
        return f"no {what} token is left on the board", R_PICK
    if what == "life" and s.players[e.seat].life >= LIFE_CAP:
        return f"{s.players[e.seat].name} already has {LIFE_CAP} life", R_LIFE_CAP
    return None


def _check_town_square(s: Books, e: Event) -> Problem | None:
    if problem := moving_check(s):
        return problem
    if s.move_over:
        return "the move already ended on the Town Square", R_TOWN
    return None


def _check_helipad(s: Books, e: Event) -> Problem | None:
    if problem := moving_check(s):
        return problem
    if s.helipad != "placed":
        return "the Helipad is not on the table", R_HELIPAD
    name = s.players[e.seat].name
    if s.stopped:
        return (f"{name} lost a fight with no life left this turn: the zombie stays "
                f"and the helipad centre is not cleared", R_HELIPAD)
    if s.move_over:
        return f"{name} ended the move on the Town Square this turn", R_HELIPAD
    if s.moved == 0 and s.start_kills == 0:
        return (f"{name} has neither moved this turn nor killed a zombie at the start of "
                f"the turn: the helipad centre is not reached", R_HELIPAD)
    return None


def _check_spell(s: Books, e: Event) -> Problem | None:
    if not s.has("the-end"):
        return "the spell belongs to The End", R_EXPANSION
    if s.phase not in ("start", "move", "discard"):
        return "the spell is tried during one's own turn, after the tile", R_STEP
    if problem := fight_open_check(s):
        return problem
    if s.spelled:
        return "the spell may be tried once per turn", R_SPELL
    return None


def _check_zombies(s: Books, e: Event) -> Problem | None:
    if problem := moving_check(s):
        return problem
    split = e.split
    if split is None:
        return None
    roll, cap = e.n, e.n // 2
    if sum(split) > roll:
        return f"the moves sum to {sum(split)}, more than the roll of {roll}", R_ZOMBIE_POINTS
    if split and max(split) > cap:
        return (f"no zombie gets more than half the roll rounded down: {cap} of {roll}",
                R_HALF)
    if len(split) > s.zombies:
        return (f"{_plural(len(split), 'zombie')} moved but only {s.zombies} in play",
                R_NO_ZOMBIE)
    return None


def _check_discard(s: Books, e: Event) -> Problem | None:
    if s.phase != "discard":
        return f"the turn ends after the zombies move: the step is {s.turn_step}", R_STEP
    if s.players[e.seat].hand <= 0:
        return f"{s.players[e.seat].name} holds no card to discard", R_DISCARD
    return None


def _check_end(s: Books, e: Event) -> Problem | None:
    if s.phase != "discard":
        return f"the turn ends after the zombies move: the step is {s.turn_step}", R_STEP
    return None


def play_check(s: Books, seat: int) -> Problem | None:
    """One event card a round, from a hand that holds one."""
    p = s.players[seat]
    if p.event_round:
        return f"{p.name} already played an event card this round", R_ROUND
    if p.hand <= 0:
        return f"{p.name} holds no event card", R_HAND
    return None


def removed_check(card: str) -> Problem | None:
    """Ruling 21: the quick-play set-up puts nine cards back in the box."""
    printed = _REMOVED_KEYS.get(card_key(card))
    if printed:
        return (f"{printed} is one of the event cards the quick-play set-up removes: "
                f"nobody holds it", R_REMOVED)
    return None


def _check_event(s: Books, e: Event) -> Problem | None:
    return removed_check(e.card) or play_check(s, e.seat)


def _check_item(s: Books, e: Event) -> Problem | None:
    if problem := removed_check(e.card) or play_check(s, e.seat):
        return problem
    p = s.players[e.seat]
    card = e.card
    if card.lower() in (c.lower() for c in p.in_play):
        return f"{p.name} already has {card} in play: one copy per player", R_COPY
    if (s.has("the-end") and card.lower().startswith("page")
            and (e.seat != s.seat or s.phase == "bid")):
        return "a Page is placed in front of you only during your own turn", R_PAGES
    return None


def _check_drop(s: Books, e: Event) -> Problem | None:
    p = s.players[e.seat]
    if e.card.lower() not in (c.lower() for c in p.in_play):
        return f"{p.name} has no {e.card} in play", R_IN_PLAY
    return None


def _check_reshuffle(s: Books, e: Event) -> Problem | None:
    return None   # ruling 15: a note, accepted from anyone at any moment


def _check_adjust(s: Books, e: Event) -> Problem | None:
    p = s.players[e.seat]
    for key, delta in e.changes:
        if key == "guts" and not s.has("schools-out"):
            return "guts belong to School's Out Forever", R_EXPANSION
        if key == "sewer" and not s.has("six-feet-under"):
            return "sewer tokens belong to Six Feet Under", R_EXPANSION
        now = s.zombies if key == "zombies" else getattr(p, key)
        new = now + delta
        if new < 0:
            return f"{p.name}'s {key} would go below zero ({now} {delta:+d})", R_ADJUST
        if key == "life" and new > LIFE_CAP:
            return f"life never exceeds {LIFE_CAP} ({p.name} has {now})", R_LIFE_CAP
        if key == "guts" and new > GUTS_CAP:
            return f"guts never exceed {GUTS_CAP}", R_ADJUST
        if key == "hand":
            if new > s.hand_limit(e.seat):
                return f"a hand holds at most {s.hand_limit(e.seat)}", R_HAND
            if delta > 0 and delta > s.events_left + s.discards:
                return ("the event deck and the discard pile cannot give that many "
                        "cards", R_ADJUST)
    return None


#: Each verb's own check, after :func:`common_check`.
CHECKS: dict[str, Callable[[Books, Event], Problem | None]] = {
    "tile": _check_tile, "bid": _check_bid, "pass": _check_pass, "fight": _check_fight,
    "draw": _check_draw, "roll": _check_roll, "duct": _check_duct, "move": _check_move,
    "pick": _check_pick, "town-square": _check_town_square, "helipad": _check_helipad,
    "spell": _check_spell, "zombies": _check_zombies, "discard": _check_discard,
    "end": _check_end, "event": _check_event, "item": _check_item, "drop": _check_drop,
    "reshuffle": _check_reshuffle, "adjust": _check_adjust}


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
