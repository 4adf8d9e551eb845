"""Zombie Fluxx's own step in ``referee new fluxx`` (the options come from
:data:`referee.games.fluxx.TAGS`): the cards a player saved at a terminal."""

from __future__ import annotations


def new_tags(tags: dict[str, str]) -> dict[str, str]:
    """``tags`` with ``Cards`` naming the player's own catalogue file
    (:func:`referee.games.fluxx.define.user_catalogue`) when no ``--cards`` was given and
    the file exists: the cards saved at a terminal in earlier games play again."""
    from .define import user_catalogue

    if "Cards" not in tags and user_catalogue().is_file():
        return {**tags, "Cards": str(user_catalogue())}
    return tags
