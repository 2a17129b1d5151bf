"""The games, one package each, and the registry that finds them
([`registry`][dreidelpoker.games.registry]; ``dreidelpoker.get_game`` and
``dreidelpoker.list_games`` are its doors for users).

Importing ``dreidelpoker.games`` loads no game: the registry reads each installed game's
manifest from the entry points and imports a game when it is first used.
``from dreidelpoker.games import two_dreidel`` imports that game's package, whose public
names load on first access.
"""

#: The modules a game author uses; each game is a public package of its own (``dreidelpoker.two_dreidel`` …).
__all__ = ["protocol", "registry"]
