"""What a Norenberc move sets in motion beyond itself, for news() (core/events.py): one
frozen dataclass per kind of event, recorded by the rules as `(Class, values...)` in the
fields' order. Seats, guilds, good types and tiles are the state's numbers. Imports
nothing of the game."""

from __future__ import annotations

from dataclasses import dataclass

from reichsstadt.core.events import Event


@dataclass(frozen=True, slots=True)
class GuildCalled(Event):
    """"Appel d'une Guilde": the players who planned the guild reveal their cards."""
    guild: int
    revealed: int           # bit p: player p revealed a card there


@dataclass(frozen=True, slots=True)
class TurnEnds(Event):
    """"Phase de fin de tour"."""
    turn: int


@dataclass(frozen=True, slots=True)
class TokenToMoon(Event):
    """A player with no agent left turns the token to the moon."""
    player: int


@dataclass(frozen=True, slots=True)
class RoundEnds(Event):
    """"Fin d'une Manche"."""
    round: int


@dataclass(frozen=True, slots=True)
class FavouriteTie(Event):
    """"Fin d'une Manche" 1: players tied for the most goods reveal their money."""
    guild: int
    money: tuple[tuple[int, int], ...]   # (player, thalers) of each tied player


@dataclass(frozen=True, slots=True)
class FavouriteChosen(Event):
    """"Fin d'une Manche" 1: the guild's favourite."""
    guild: int
    player: int
    why: int                # WHY_GOODS, WHY_MONEY or WHY_ORDER (constants)
    goods: int              # the goods counted for the favourite


@dataclass(frozen=True, slots=True)
class NoFavourite(Event):
    """"Fin d'une Manche" 1: nobody holds the guild's goods; its master leaves the game."""
    guild: int
    tiles: tuple[int, ...]  # the master, and in round 4 the tile under it


@dataclass(frozen=True, slots=True)
class GoodReturned(Event):
    """The favourite returns one good of the guild's type to its store."""
    player: int
    good: int
    from_peddler: bool      # the good came off the player's Peddler


@dataclass(frozen=True, slots=True)
class TileWon(Event):
    """The favourite takes the master (and in round 4 the tile under it)."""
    player: int
    tile: int


@dataclass(frozen=True, slots=True)
class AgentGained(Event):
    """An Agent+ tile: one agent more, unless the player already has the most."""
    player: int
    gained: bool            # False: already at the most


@dataclass(frozen=True, slots=True)
class CrestWon(Event):
    """"Fin d'une Manche" 1.2: a crest of the guild."""
    player: int
    guild: int


@dataclass(frozen=True, slots=True)
class PrestigeCrestWon(Event):
    """"Fin d'une Manche" 1.3: the prestige crest of the prestige guild."""
    player: int
    guild: int


@dataclass(frozen=True, slots=True)
class PrestigeCrestOut(Event):
    """No favourite in the prestige guild: its prestige crest leaves the game."""
    guild: int


@dataclass(frozen=True, slots=True)
class PeddlerBack(Event):
    """"Colporteur": the Peddler goes back into the guest pile, its good to its owner."""
    player: int
    tile: int
    good: int               # -1: its good was given to a favourite


@dataclass(frozen=True, slots=True)
class AgentsHome(Event):
    """"Fin d'une Manche" 2: every agent comes home."""


@dataclass(frozen=True, slots=True)
class Income(Event):
    """"Fin d'une Manche" 3: a player's income (told to that player only, and at the end)."""
    player: int
    thalers: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """After round 4: the final scoring."""


@dataclass(frozen=True, slots=True)
class NewMaster(Event):
    """"Fin d'une Manche" 5: the next artisan of the guild becomes its master."""
    guild: int
    tile: int


@dataclass(frozen=True, slots=True)
class LeavesRoom(Event):
    """"Fin d'une Manche" 6: the guest of the leftmost room leaves the game."""
    guild: int
    tile: int


@dataclass(frozen=True, slots=True)
class PrestigeGuild(Event):
    """"Mise en place" K, "Fin d'une Manche" 7: the round's prestige guild."""
    guild: int
    with_crest: bool        # it takes a prestige crest from the reserve (False: none left)


@dataclass(frozen=True, slots=True)
class BackToPile(Event):
    """A star citizen goes back into the guest pile after its ability."""
    tile: int
