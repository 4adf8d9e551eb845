"""Words players use and the words the rule entries use: data for the query parser.

``SYNONYMS`` maps a word a player types (lower case) to words searched beside it;
``PHRASES`` rewrites multi-word expressions before the words are split;
``STOP_WORDS`` are dropped from a query unless nothing else is left.  Numbers and
negations are not stop words: "two players", "The End", "Four, Three, Two, One".
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    # Fluffy, the dog
    # a dog is Fluffy in one game and a zombie dog in Zombies!!! (The End)
    "dog": ("fluffy",), "dogs": ("fluffy",), "pup": ("fluffy", "dog"), "puppy": ("fluffy", "dog"),
    "doggy": ("fluffy", "dog"), "doggie": ("fluffy", "dog"), "hound": ("fluffy", "dog"), "pooch": ("fluffy", "dog"),
    "fluff": ("fluffy",),
    # zombies
    "zed": ("zombie",), "zeds": ("zombie",), "zombi": ("zombie",), "undead": ("zombie",),
    "walker": ("zombie",), "walkers": ("zombie",), "ghoul": ("zombie",), "ghouls": ("zombie",),
    # tokens and counters
    "bullet": ("ammo",), "bullets": ("ammo",), "ammunition": ("ammo",), "shells": ("ammo",),
    "health": ("life", "heal"), "hearts": ("life",), "heart": ("life",), "hp": ("life",),
    "lives": ("life",), "hitpoints": ("life",),
    "guts": ("gut",),
    # cards and hands
    "cards": ("hand",), "handsize": ("hand",),
    "deck": ("pile",), "reshuffle": ("shuffle",), "reshuffled": ("shuffle",),
    "max": ("maximum", "limit", "more"), "maximum": ("limit",), "most": ("limit", "more"),
    # the board
    "rose": ("flower",), "flower": ("rose",), "flowers": ("rose",),
    "graveyard": ("cemetery",), "cemetery": ("graveyard",), "cemetary": ("cemetery",),
    "square": ("space",), "squares": ("space",), "spot": ("space",), "cell": ("space",),
    "tile": ("space",), "fence": ("wall",), "edge": ("border", "wall"), "border": ("edge",),
    "grave": ("graves",), "tombstone": ("grave",), "headstone": ("grave",),
    "pee": ("tree", "tag"), "peeing": ("tree", "tag"), "pees": ("tree", "tag"),
    "visit": ("tag",), "visits": ("tag",), "visited": ("tag",),
    "escape": ("exit", "leave"), "escaping": ("exit", "leave"), "exit": ("escape", "leave"),
    "leave": ("exit",),
    "helicopter": ("helipad",), "chopper": ("helipad",), "choper": ("helipad",),
    # moving
    "walk": ("move",), "walks": ("move",), "go": ("move",), "goes": ("move",),
    "step": ("move",), "steps": ("move",),
    "spin": ("rotate",),
    "diagonally": ("diagonal",), "sideways": ("diagonal",),
    "stuck": ("bounce",), "blocked": ("bounce",), "bump": ("bounce",), "bumps": ("bounce",),
    "hits": ("bounce",), "crash": ("bounce",), "crashes": ("bounce",),
    "dodge": ("evade",), "run": ("flee",), "reverse": ("backtrack",),
    # fighting
    "eaten": ("capture", "eat"), "eats": ("capture",), "eat": ("capture", "eat"),
    "caught": ("capture",), "catch": ("capture",), "catches": ("capture",),
    "fight": ("combat",), "fights": ("combat",), "attack": ("combat",),
    "gun": ("weapon", "shotgun"), "guns": ("weapon",), "weapons": ("weapon",),
    "dice": ("die", "roll"), "roll": ("die",), "rolls": ("die",), "rolled": ("die", "roll"),
    "kills": ("kill",), "killing": ("kill",), "destroy": ("kill",),
    # the game as a whole
    "win": ("winning", "victory"), "wins": ("win",), "winning": ("win",), "victory": ("win",),
    "lose": ("losing",), "loses": ("lose",), "loss": ("lose",), "lost": ("lose",),
    "setup": ("set",), "begin": ("start",), "beginning": ("start",),
    "objective": ("goal", "object"), "aim": ("goal",),
    "score": ("point",), "scoring": ("point",), "points": ("score",),
    "food": ("provision",), "supplies": ("provision",), "hunger": ("provision",),
    "starve": ("provision",), "starving": ("provision",),
    "secret": ("hidden", "face"), "hide": ("hiding",), "hidden": ("face",),
    "skipped": ("skip",), "skipping": ("skip",), "miss": ("skip",), "misses": ("skip",),
    "handicap": ("handicapped",), "easier": ("easy",), "harder": ("difficult",),
    "heal": ("recovery",), "recover": ("recovery",), "recovering": ("recovery",),
    "variant": ("variation",), "variants": ("variation",), "variation": ("variant",),
    # table talk: slang for pieces and actions
    "pupper": ("fluffy", "dog"), "doggo": ("fluffy", "dog"), "mutt": ("fluffy", "dog"),
    "zombs": ("zombie",), "zomb": ("zombie",),
    "zombified": ("turned", "zombie"), "infected": ("turned",), "turned": ("zombie",),
    "bit": ("turned",), "bitten": ("turned",), "bite": ("turned",), "bites": ("turned",),
    "grab": ("snag", "take", "pick"), "grabs": ("snag", "take"), "grabbing": ("snag", "take", "pick"),
    "nab": ("snag", "take"), "nabs": ("snag", "take"), "nabbing": ("snag", "take"),
    "steal": ("snag", "take"), "steals": ("snag", "take"), "stealing": ("snag", "take"),
    "swipe": ("snag", "take"), "pinch": ("snag", "take"), "snatch": ("snag", "take"),
    "toss": ("discard",), "ditch": ("discard",), "dump": ("discard",), "junk": ("discard",),
    "chuck": ("discard",), "bin": ("discard",),
    "pull": ("draw",), "pulled": ("draw",), "pulls": ("draw",),
    "whack": ("kill",), "bonk": ("kill",), "smash": ("kill",), "shoot": ("weapon", "kill"),
    "shot": ("weapon", "kill"), "charge": ("attack", "walk"), "slay": ("kill",),
    "d6": ("die", "roll"), "rolling": ("roll", "die"),
    "heli": ("helipad",),
    "corner": ("diagonal",),
    "teammate": ("player", "human"), "buddy": ("player", "human"), "friend": ("player", "human"),
    "friends": ("player", "human"), "pal": ("player", "human"),
    "mate": ("player", "human"), "sister": ("player", "human"), "brother": ("player", "human"),
    "cousin": ("player", "human"),
    "people": ("players",), "folks": ("players",),
    "couple": ("two",), "third": ("three",),
    "kids": ("easier", "young"), "kid": ("easier", "young"), "children": ("easier", "young"),
    "child": ("easier", "young"), "beginner": ("easier", "first"), "beginners": ("easier", "first"),
    "newbie": ("easier", "first"), "newbies": ("easier", "first"),
    "simpler": ("easier", "first"), "simple": ("easy",), "easy": ("easier",),
    "toughest": ("hardest",), "tougher": ("harder",), "tough": ("harder",), "meaner": ("harder",), "hard": ("harder",),
    "hardest": ("harder", "challenge"), "challenging": ("harder", "challenge"), "difficult": ("harder",),
    "match": ("meet", "satisfy"), "matches": ("meet", "satisfy"), "fulfil": ("meet", "satisfy"),
    "fulfill": ("meet", "satisfy"), "complete": ("meet",), "both": ("two", "several"),
    "enemy": ("zombie",), "monster": ("zombie",), "monsters": ("zombie",),
    "dead": ("destroyed", "killed", "lose", "turned", "captured", "eaten"), "killed": ("kill", "destroyed"),
    "hurt": ("life", "health"), "damage": ("life", "health"), "wounded": ("life", "health"),
    "injured": ("life", "health"),
    "tell": ("say", "show"), "talk": ("say", "show"), "hint": ("say", "show"),
    "reveal": ("show", "face"), "peek": ("show", "face"), "look": ("show", "face"),
    "trade": ("exchange", "swap"), "swap": ("exchange",),
    "hungry": ("provision",), "unlock": ("key", "locked"), "locked": ("lock",),
    "carry": ("hold", "keep"), "holding": ("hold",), "hold": ("keep", "hand"),
    "hop": ("move", "step"), "jump": ("move", "step"), "together": ("share", "same"), "twice": ("two", "again"), "rotate": ("turn",),
    "drew": ("draw",), "drawn": ("draw",), "ate": ("eat", "capture"), "ran": ("run",),
    "won": ("win",), "fought": ("fight", "combat"), "hid": ("hide", "hiding"),
    "stood": ("stand",), "onto": ("on",),
    "soonest": ("earliest",), "earliest": ("first",), "quickest": ("earliest",),
    "piddle": ("tree", "tag"), "wee": ("tree", "tag"),
    "snack": ("provision",),
    "patching": ("recovering", "recovery"),
    # round two (issue 15): words players used that no entry carries
    "deadhead": ("zombie",), "deadheads": ("zombie",), "horde": ("zombie",), "hord": ("zombie",),
    "biter": ("zombie",), "biters": ("zombie",), "shambler": ("zombie",), "shamblers": ("zombie",),
    "rotter": ("zombie",), "rotters": ("zombie",), "corpse": ("zombie",), "corpses": ("zombie",),
    "wander": ("move",), "wanders": ("move",), "lurch": ("move",), "lurches": ("move",),
    "scoot": ("move",), "scoots": ("move",), "shove": ("move",),
    "barge": ("enter", "move"), "thru": ("pass", "through"),
    "spawn": ("rise", "appear", "place"), "spawns": ("rise", "appear", "place"),
    "spawned": ("rise", "appear", "place"), "respawn": ("reappear", "return"),
    "respawns": ("reappear", "return"), "popped": ("appear", "rise"),
    "insta": ("immediately",), "instantly": ("immediately",), "instant": ("immediately",),
    "burn": ("discard",), "burned": ("discard",), "burnt": ("discard",),
    "getaway": ("escape", "exit"), "shortcut": ("diagonal", "cross"),
    "overshoot": ("exactly", "past"), "doorway": ("door",), "kitchen": ("room",),
    "dinner": ("dining",),
    "wife": ("player",), "husband": ("player",), "partner": ("player",), "roommate": ("player",),
    "girlfriend": ("player",), "boyfriend": ("player",), "spouse": ("player",),
    "son": ("player", "young"), "daughter": ("player", "young"), "person": ("player",),
    "opponent": ("player",), "opponents": ("player",),
    "tweak": ("change", "variant"), "tweaks": ("change", "variant"), "brutal": ("harder",),
    "countdown": ("count",), "quiet": ("free", "calm"), "calm": ("free",), "peaceful": ("free",),
    "chat": ("say", "talk"), "flip": ("turn", "face"), "flipped": ("turn", "face"),
    "hoard": ("keep", "collect"), "stash": ("keep", "hold"),
    "clip": ("ammo",), "rounds": ("ammo", "round"), "ammos": ("ammo",),
    "medkit": ("life", "heal"), "medpack": ("life", "heal"),
    # round three (from probes written from the rulebooks): table words that were
    # "corrected" into the wrong index word ("tinkle" -> tile, "munched" -> unchecked)
    "tinkle": ("tree", "tag"), "whiz": ("tree", "tag"),
    "munch": ("capture", "eat"), "munched": ("capture", "eat"), "chomp": ("capture", "eat"),
    "chomped": ("capture", "eat"), "gobbled": ("capture", "eat"),
    "bail": ("escape", "exit"), "trapped": ("bounce",), "cornered": ("bounce",),
    "boxed": ("bounce",), "uturn": ("backward",), "dash": ("sprint",), "stack": ("pile",),
    "held": ("hand", "hold"), "unclaimed": ("discard", "snag"),
    "fix": ("recover", "recovery"), "patch": ("recover", "heal"), "meds": ("heal",),
    "bandage": ("heal",), "bandages": ("heal",), "grub": ("provision", "food"),
    "knife": ("weapon",), "axe": ("weapon",), "blade": ("weapon",), "machete": ("weapon",),
    "crowbar": ("weapon",), "pawn": ("token",), "pawns": ("token",),
    "everybody": ("everyone", "all"), "everyone": ("all",),
    "punch": ("kill",), "bash": ("kill",), "blast": ("kill", "shoot"),
    "tie": ("tied", "simultaneous"), "tied": ("tie", "simultaneous"),
    "redraw": ("draw", "replace"),
    "wiped": ("kill",), "cleared": ("kill",),
    "smoke": ("kill",), "smoked": ("kill",), "offed": ("kill",), "ditched": ("discard",),
    "cap": ("limit",),
    "bat": ("weapon",), "smack": ("weapon", "kill"), "bludgeon": ("weapon",),
    "house": ("mansion",), "corridor": ("hallway",), "corridors": ("hallway",),
    "blank": ("empty",), "pips": ("roll", "die"),
    "peed": ("tree", "tag"), "shown": ("show", "face"),
    "auction": ("bid", "bidding"), "refill": ("replenish", "draw"),
    "rations": ("provision", "food"), "armed": ("weapon",),
    "zapped": ("weapon", "destroyed"), "midway": ("middle",), "halfway": ("middle",),
    "vent": ("duct",), "vents": ("duct",), "tossed": ("discard",), "threw": ("discard", "throw"), "surrounded": ("blocked", "bounce"),
    "scrap": ("skirmish",), "scuffle": ("skirmish",), "brawl": ("combat",),
    "ambushed": ("fight", "combat"), "nap": ("rest",), "sleep": ("rest",),
    # round six
    "chainsaw": ("weapon",), "chainsaws": ("weapon",), "baddie": ("creeper",),
    "baddies": ("creeper",), "fists": ("bare", "hands"), "fist": ("bare", "hands"),
    "road": ("street",), "roads": ("street",), "veteran": ("experienced",),
    "veterans": ("experienced",), "combo": ("together", "same"),
    "guy": ("player",), "toast": ("destroyed",), "survivor": ("human",),
    "survivors": ("human",), "nastier": ("harder",), "parked": ("standing", "occupied"),
    "beaten": ("won", "beat"), "total": ("score", "points"), "camping": ("standing", "waiting"), "nerf": ("handicap", "easier", "harder"),
}

#: Multi-word expressions rewritten before splitting (lower case, whole words).
PHRASES: dict[str, str] = {
    "hit points": "life",
    # round three: recovering in the players' words, The End by its job
    "get over": "recover", "getting over": "recover", "bounce back": "recover",
    "patch up": "recover heal", "patching up": "recover heal",
    "win card": "the end card", "finish card": "the end card",
    "first player card": "first mover card", "zombie free": "fight free",
    # taking cards out of the box is not drawing them
    "pull out": "remove set aside", "pulled out": "removed set aside",
    "hiding spot": "hiding place", "hide spot": "hiding place",
    "out of everything": "no life no ammo", "hop past": "move through", "hop over": "move through",
    "jump over": "move through",
    "beat up": "recovering", "banged up": "recovering", "licking our wounds": "recovering",
    "small fight": "skirmish", "little fight": "skirmish", "big fight": "combat",
    "hiding card": "hiding place card", "hard mode": "harder variant", "easy mode": "easier variant",
    "mid move": "middle of a move",
    "take out a zombie": "kill a zombie", "take out the zombie": "kill the zombie",
    "took out a zombie": "killed a zombie", "took out the zombie": "killed the zombie",
    "4 zombie card": "zombie quartet card", "four zombie card": "zombie quartet card",
    "3 zombie card": "zombie trio card", "three zombie card": "zombie trio card",
    "2 zombie card": "pair of zombies card", "two zombie card": "pair of zombies card",
    "same moment": "same time simultaneous",
    "skip card": "evade card", "skip two card": "flee card", "first aid": "heal",
    # Fight or Flight's card colours
    "red card": "fight card", "red cards": "fight cards", "yellow card": "flight card",
    "yellow cards": "flight cards", "green card": "recovery card", "green cards": "recovery cards",
    "blue card": "provision card", "blue cards": "provision cards",
    "dead guys": "zombies", "dead guy": "zombie", "dead people": "zombies",
    "mark the tree": "tag the tree", "marked the tree": "tagged the tree",
    "speed up": "faster shorter", "takes forever": "faster shorter",
    # running into something is a move that bounces, not "running out" of cards
    "runs into": "moves into bounce", "run into": "move into bounce", "ran into": "moved into bounce",
    "bumps into": "moves into bounce", "walks into": "moves into bounce",
    "hand size": "hand limit",
    "set up": "setup",
    "draw pile": "draw pile deck",
    "game over": "end lose",
    "run out": "runs out",
    "ran out": "runs out",
    "go first": "first",
    "goes first": "first",
    # how many of us: the player count, in the players' words
    "only two": "two players", "just two": "two players", "just the two": "two players",
    "the two of us": "two players", "two of us": "two players", "a couple": "two players",
    "me and my": "two players", "just me and": "two players", "head to head": "two players",
    "one on one": "two players", "only three": "three players", "three of us": "three players",
    "just three": "three players", "four of us": "four players", "five of us": "five players",
    "six of us": "six players", "how many people": "how many players",
    "how many of us": "how many players", "year old": "age kids", "years old": "age kids",
    "how old": "age", "pick up cards": "draw cards", "pick up a card": "draw card",
    "picks up cards": "draw cards", "pick up card": "draw card", "take a card": "draw card",
    # what is hard or easy
    "too hard": "easier", "too easy": "harder", "more challenging": "harder",
    "keep winning": "harder", "keep losing": "easier",
    "put down": "play", "slap down": "play", "throw down": "play", "lay down": "play",
    "throw away": "discard",
    "nothing to play": "stuck no legal card", "nothing i can play": "stuck no legal card",
    "can t play": "cannot play stuck", "cannot play anything": "stuck no legal card",
    "same time": "at once", "at the same time": "at once", "run away": "flee",
    "runs away": "flee", "ran away": "flee", "turned into a zombie": "turned zombie player",
    "become a zombie": "turned zombie player", "becomes a zombie": "turned zombie player",
    "won t": "wont", "on top of": "onto", "right on top of": "onto", "ended up": "ends",
    "all i ve got": "only hand", "all i have": "only hand", "only have": "only hand",
    "right away": "at once immediately", "straight away": "at once immediately",
    "full health": "five life limit", "max health": "five life limit", "full life": "five life limit",
    "way out": "exit", "card limit": "hand limit", "house rule": "variant",
    "run dry": "runs out", "runs dry": "runs out", "ran dry": "runs out",
    "make up my mind": "decide", "change my mind": "change decide", "brand new": "new",
    "pop up": "appear rise", "pops up": "appear rise", "popped up": "appear rise",
    "racking up": "collect", "rack up": "collect",
    # round six
    "point of the game": "goal object", "point of this game": "goal object",
    "i m a zombie": "i am a zombie player", "im a zombie": "i am a zombie player",
    "nothing bad": "no fight", "nobody hurt": "no fight", "nobody is hurt": "no fight",
    "quiet days": "fight free days", "stay put": "pass", "stand still": "pass",
    "stay still": "pass", "even it out": "handicap balance", "play as": "plays side",
    "safe days": "fight free days", "slap it down": "play", "chewed on": "lost life",
    "got chewed": "lost life", "magic spell": "spell", "fill back up": "refill draw",
    "scoop up": "snag", "crank up": "harder increase", "in a row": "consecutive",
    "laid down": "played", "rule cards": "new rule cards", "rule card": "new rule card",
    "sit out": "pass", "sit still": "pass", "topping up": "refill draw", "top up": "refill draw",
    "1v1": "two players", "team up": "teams together",
    "dead end": "blocked stuck", "whose go": "whose turn", "my go": "my turn",
    "your go": "your turn", "his go": "his turn", "her go": "her turn",
    "two zombies on one card": "pair of zombies card", "two zeds on one card": "pair of zombies card",
}

STOP_WORDS: frozenset[str] = frozenset("""
a about above after again against all am an and any anything are as at be because
been being but by can could did do does doing done for from had has have having he her
here hers him his how i if in into is it its itself just me might must my myself of off
on once or our ours ourselves she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we
were what whats when where which while who whom why will with would you your yours
yourself yourselves s t ll d re ve m happen happens happened work works mean means
thing things get gets got allowed let lets still else somebody someone anyone anybody
many much each cant dont doesnt isnt wont arent theres thats whats elses shall may
don doesn didn isn aren wasn weren haven hasn hadn couldn shouldn wouldn mustn ain
tonight today now ok okay anyway sister sistr brother bro actually really basically guys hey um yeah
like wanna gonna gotta kinda sorta please im ive youre hes shes theyre stil
ann bob cat dan eve ben sam tom joe amy sue jim kim alice carol dave mike sarah john mary
jane emma lucy mom dad
says say said claims claim thinks think reckons insists argues arguing
""".split())


#: How players name each game inside a question (longest first); dropped from the query
#: when the search is limited to that game.  Plain "zombies" is never dropped: it is a
#: word of every game.
GAME_NAMES = {
    "fluffy": ("zombies want fluffy", "zwf"),
    "fight-or-flight": ("zombie fight or flight", "fight or flight", "fof"),
    "fluxx": ("zombie fluxx", "fluxx", "fluxxx"),
    "zombies": ("zombies!!!", "zombies quick play", "quick play variant"),
    "zombie-attack": ("zombie attack",),
}


def _numbers() -> dict[str, tuple[str, ...]]:
    """Digits and number words, cardinals and ordinals, each searched beside the other
    ("2 players" finds "two players", "7th card" the "seventh card")."""
    names = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
             "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
    ordinals = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth "
                "eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth "
                "eighteenth nineteenth twentieth").split()
    suffix = {1: "st", 2: "nd", 3: "rd"}
    out: dict[str, tuple[str, ...]] = {}
    for n, (name, nth) in enumerate(zip(names, ordinals)):
        digit = str(n)
        short = digit + (suffix.get(n % 10, "th") if n not in (11, 12, 13) else "th")
        out[digit] = (name,)
        out.setdefault(name, (digit,))
        out[short] = (nth, digit)
        out.setdefault(nth, (short,))
    return out


for _word, _also in _numbers().items():
    SYNONYMS[_word] = tuple(dict.fromkeys((*SYNONYMS.get(_word, ()), *_also)))
