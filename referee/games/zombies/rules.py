"""Zombies!!! quick-play rules: the rule ids and the checks, each returning a
:data:`~referee.games.base.Problem` ``(reason, rule_id)`` or None.

:func:`event_check` is every refusal a player can meet: whose turn, the step of the
turn, and the verb's own check (``_check_<verb>``).  The steps are in :mod:`.steps`;
none of them refuses.
"""

from __future__ import annotations

from typing import Callable

from referee.games.base import Problem, rule_ids
from referee.words import plural as _plural

from .notation import Event, card_key
from .state import GUTS_CAP, LIFE_CAP, Books, kill_number

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
