"""Tournament pairings and standings, as pure functions of the results so far.

Nothing here reads the database or the clock: a tournament's state machine
(its services) hands in the players, the finished tables and the byes, and
stores what comes back. The same inputs give the same pairings.

Formats
- Round robin: every pair of players meets at least once. Two-seat tables
  use the circle method (n - 1 rounds, n with a bye each when n is odd);
  larger tables are seated round by round so that as many pairs as possible
  meet for the first time, until every pair has met.
- Swiss: a fixed number of rounds; each round seats players of like score
  together (the standings' order), with no pair meeting again while another
  seating avoids it, and byes spread (nobody has two before everyone had one).
- Single elimination, two seats a table: a seeded bracket (1 meets the lowest
  seed), the top seeds get the byes when the count is not a power of two.

Tables and byes: n players at tables of k seats make n // k tables; a
remainder of two or more players forms one smaller table, and a single player
left over has a bye. Points at a table of s seats: first s, second s - 1, ...,
last 1 (three seats: 3, 2, 1); players tied for places share those places'
points equally. A bye scores the points of first place at a two-seat table
(2) or of second place at a larger one: a bye is neither a win nor a loss.

Tie-breaks, in order: head-to-head (among the players on the same points,
when every two of them have met: for each of the others at each table, 1 if
you placed above them, 1/2 if tied, 0 if below), then Buchholz (the sum of
every opponent's points, once per table met), then Sonneborn-Berger (for
every opponent at every table, their points times 1 if you placed above them,
1/2 if tied, 0 if below), then the number of tables won, then worth (the
sum of what the player was worth at the end of each of their games: net worth
in classic Monopoly, banked value in Monopoly Deal), then the player's order
of entry.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations


@dataclass(frozen=True)
class Table:
    """One finished table of a round: who sat and where each placed (1 is
    first; tied players share a place)."""

    round: int
    places: Mapping[int, int]
    # What each player was worth at the end (a tie-break); none: nothing.
    worth: Mapping[int, int] = field(default_factory=dict)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self.places)


@dataclass(frozen=True)
class Seating:
    """A round's tables (player ids, in seat order) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    # A bracket's round in bracket order, byes (None) in their places.
    bracket: tuple[tuple[int, int | None], ...] = ()

    def players(self) -> list[int]:
        return [p for table in self.tables for p in table] + list(self.byes)


@dataclass
class Standing:
    """A player's line in the standings."""

    player: int
    points: Fraction = Fraction(0)
    head_to_head: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    sonneborn_berger: Fraction = Fraction(0)
    wins: int = 0
    worth: int = 0
    tables: int = 0
    byes: int = 0
    rank: int = 0
    opponents: list[int] = field(default_factory=list)


def table_sizes(players: int, seats: int) -> tuple[list[int], int]:
    """(the sizes of a round's tables, the number of byes) for `players` at
    tables of `seats`."""
    if seats < 2:
        raise ValueError("A table has at least two seats.")
    full, left = divmod(players, seats)
    sizes = [seats] * full
    if left >= 2:
        sizes.append(left)
        left = 0
    return sizes, left


def table_points(places: Mapping[int, int]) -> dict[int, Fraction]:
    """Each player's points at one finished table (first s, ..., last 1;
    tied players share the points of the places they span)."""
    size = len(places)
    by_place: dict[int, list[int]] = defaultdict(list)
    for player, place in places.items():
        by_place[place].append(player)
    points: dict[int, Fraction] = {}
    rank = 1
    for place in sorted(by_place):
        tied = by_place[place]
        spanned = [size + 1 - r for r in range(rank, rank + len(tied))]
        share = Fraction(sum(spanned), len(tied))
        for player in tied:
            points[player] = share
        rank += len(tied)
    return points


def bye_points(seats: int) -> Fraction:
    """A bye's points: first place at two seats, second place at more."""
    return Fraction(2) if seats == 2 else Fraction(seats - 1)


def standings(
    players: Sequence[int],
    tables: Iterable[Table],
    byes: Iterable[int],
    *,
    seats: int,
) -> list[Standing]:
    """Every player's standing, best first, from the finished tables and the
    byes given (a player id once per bye)."""
    tables = list(tables)
    lines = {p: Standing(player=p) for p in players}
    for player in byes:
        lines[player].points += bye_points(seats)
        lines[player].byes += 1
    for table in tables:
        points = table_points(table.places)
        for player, got in points.items():
            line = lines[player]
            line.points += got
            line.worth += table.worth.get(player, 0)
            line.tables += 1
            if table.places[player] == 1 and list(table.places.values()).count(1) == 1:
                line.wins += 1
            line.opponents.extend(p for p in table.places if p != player)
    for table in tables:
        for player, place in table.places.items():
            line = lines[player]
            for other, theirs in table.places.items():
                if other == player:
                    continue
                total = lines[other].points
                line.buchholz += total
                if place < theirs:
                    line.sonneborn_berger += total
                elif place == theirs:
                    line.sonneborn_berger += total / 2
    _head_to_head(lines, tables)
    entry = {p: i for i, p in enumerate(players)}
    ordered = sorted(
        lines.values(),
        key=lambda s: (
            (
                -s.points,
                -s.head_to_head,
                -s.buchholz,
                -s.sonneborn_berger,
                -s.wins,
                -s.worth,
                entry[s.player],
            )
        ),
    )
    for index, line in enumerate(ordered):
        before = ordered[index - 1] if index else None
        tied = before is not None and _key(before) == _key(line)
        line.rank = before.rank if tied else index + 1
    return ordered


def ordinal(number: int) -> str:
    """A place in words: 1st, 2nd, 3rd, 4th, 11th, 22nd."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def _key(line: Standing) -> tuple:
    return (
        line.points,
        line.head_to_head,
        line.buchholz,
        line.sonneborn_berger,
        line.wins,
        line.worth,
    )


def _head_to_head(lines: dict[int, Standing], tables: Sequence[Table]) -> None:
    """Each player's score against the others on the same points, at every
    table where they met (1 above, 1/2 tied, 0 below), for the groups where
    every two players have met; in a group where some have not, nobody's
    head-to-head counts (it would favour those who happened to meet)."""
    groups: dict[Fraction, set[int]] = defaultdict(set)
    for line in lines.values():
        groups[line.points].add(line.player)
    pairs = met(tables)
    for group in groups.values():
        if len(group) < 2 or any(
            frozenset(pair) not in pairs for pair in combinations(group, 2)
        ):
            continue
        for table in tables:
            seated = [p for p in table.places if p in group]
            for me, other in combinations(seated, 2):
                mine, theirs = table.places[me], table.places[other]
                if mine == theirs:
                    lines[me].head_to_head += Fraction(1, 2)
                    lines[other].head_to_head += Fraction(1, 2)
                else:
                    lines[me if mine < theirs else other].head_to_head += 1


def met(tables: Iterable[Table | Sequence[int]]) -> set[frozenset[int]]:
    """Every pair of players who have sat at one table."""
    pairs: set[frozenset[int]] = set()
    for table in tables:
        seated = table.players if isinstance(table, Table) else table
        pairs.update(frozenset(pair) for pair in combinations(seated, 2))
    return pairs


def _repeats(table: Sequence[int], pairs: set[frozenset[int]]) -> int:
    return sum(frozenset(pair) in pairs for pair in combinations(table, 2))


def _bye_takers(
    ranked: Sequence[int], count: int, byes_had: Mapping[int, int]
) -> list[int]:
    """The `count` players who sit out: fewest byes so far first, and among
    those the lowest ranked."""
    order = sorted(range(len(ranked)), key=lambda i: (byes_had.get(ranked[i], 0), -i))
    return [ranked[i] for i in order[:count]]


def seat_round(
    ranked: Sequence[int],
    seats: int,
    pairs: set[frozenset[int]],
    byes_had: Mapping[int, int] | None = None,
) -> Seating:
    """One round's seating: players in standings order fill tables top down,
    the fewest repeated meetings possible (none when some seating has none),
    and among those the one that keeps neighbours in the order together."""
    byes_had = byes_had or {}
    sizes, bye_count = table_sizes(len(ranked), seats)
    byes = _bye_takers(ranked, bye_count, byes_had)
    playing = [p for p in ranked if p not in byes]
    tables = _search(playing, sizes, pairs)
    return Seating(tables=tuple(tables), byes=tuple(byes))


def _search(
    playing: Sequence[int], sizes: Sequence[int], pairs: set[frozenset[int]]
) -> list[tuple[int, ...]]:
    """Tables of `sizes` from `playing` with the fewest repeated pairs.

    A small field is searched through: depth first, the highest unseated
    player seated with the next ones it has not met, backtracking, so a
    seating without a repeat is found whenever there is one. A large field is
    seated greedily top down and then improved by swapping players between
    tables while that removes a repeat (or, with as many repeats, brings each
    table's players nearer in the order)."""
    if len(playing) <= EXACT_FIELD:
        return _exact(playing, sizes, pairs)
    position = {p: i for i, p in enumerate(playing)}
    tables = _greedy(playing, sizes, pairs)
    return _improve(tables, pairs, position)


# Fields up to this size are searched exhaustively.
EXACT_FIELD = 12
# Rounds of swaps at most (each pass tries every pair of seats at different
# tables); a pass that changes nothing ends it sooner.
SWAP_PASSES = 20


def _exact(playing, sizes, pairs) -> list[tuple[int, ...]]:
    best: list = [None, None]  # (repeats, tables)
    position = {p: i for i, p in enumerate(playing)}

    def fill(left: list[int], table_index: int, so_far: list, repeats: int):
        if best[0] is not None and repeats >= best[0]:
            return
        if table_index == len(sizes):
            best[0], best[1] = repeats, list(so_far)
            return
        head, rest = left[0], left[1:]
        options = sorted(
            combinations(rest, sizes[table_index] - 1),
            key=lambda group: (
                _repeats((head, *group), pairs),
                sum(position[p] for p in group),
            ),
        )
        for others in options:
            table = (head, *others)
            so_far.append(table)
            fill(
                [p for p in rest if p not in others],
                table_index + 1,
                so_far,
                repeats + _repeats(table, pairs),
            )
            so_far.pop()
            if best[0] == 0:
                return

    fill(list(playing), 0, [], 0)
    return best[1]


def _greedy(playing, sizes, pairs) -> list[list[int]]:
    left = list(playing)
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            pick = min(
                range(len(left)),
                key=lambda i: (
                    sum(frozenset((left[i], q)) in pairs for q in table),
                    i,
                ),
            )
            table.append(left.pop(pick))
        tables.append(table)
    return tables


def _improve(tables, pairs, position) -> list[tuple[int, ...]]:
    def cost(table) -> tuple[int, int]:
        ranks = [position[p] for p in table]
        return _repeats(table, pairs), max(ranks) - min(ranks)

    costs = [cost(t) for t in tables]
    for _ in range(SWAP_PASSES):
        better = False
        for i, j in combinations(range(len(tables)), 2):
            for a in range(len(tables[i])):
                for b in range(len(tables[j])):
                    first, second = tables[i][:], tables[j][:]
                    first[a], second[b] = second[b], first[a]
                    new_i, new_j = cost(first), cost(second)
                    old = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
                    new = (new_i[0] + new_j[0], new_i[1] + new_j[1])
                    if new < old:
                        tables[i], tables[j] = first, second
                        costs[i], costs[j] = new_i, new_j
                        better = True
        if not better:
            break
    return [tuple(sorted(t, key=position.__getitem__)) for t in tables]


def round_robin(players: Sequence[int], seats: int) -> list[Seating]:
    """Every round of a round robin: the circle method at two seats, else
    rounds seated to meet new opponents until every pair has met."""
    if seats == 2:
        return _circle(list(players))
    rounds: list[Seating] = []
    pairs: set[frozenset[int]] = set()
    byes_had: dict[int, int] = defaultdict(int)
    everyone = {frozenset(p) for p in combinations(players, 2)}
    order = list(players)
    while not everyone <= pairs and len(rounds) < 4 * len(players):
        seating = seat_round(_spread(order, pairs), seats, pairs, byes_had)
        if not met(seating.tables) - pairs:
            break  # no new pair can meet: the numbers do not allow more
        rounds.append(seating)
        pairs |= met(seating.tables)
        for player in seating.byes:
            byes_had[player] += 1
        order = order[1:] + order[:1]
    return rounds


def _spread(order: list[int], pairs: set[frozenset[int]]) -> list[int]:
    """Players ordered so the search meets the most unmet ones first: those
    with the most pairs still to meet lead."""
    unmet = {
        p: sum(frozenset((p, q)) not in pairs for q in order if q != p) for p in order
    }
    return sorted(order, key=lambda p: -unmet[p])


def _circle(players: list[int]) -> list[Seating]:
    if len(players) % 2:
        players = [*players, None]
    n = len(players)
    rounds = []
    ring = players[:]
    for _ in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)
            else:
                tables.append((a, b))
        rounds.append(Seating(tables=tuple(tables), byes=tuple(byes)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def bracket(seeds: Sequence[int]) -> list[tuple[int, int | None]]:
    """A single elimination's first round, in bracket order: seed 1 meets the
    lowest seed, and the top seeds have a bye (None) when the count is not a
    power of two. The winners, in this order, make the next round."""
    size = 1
    while size < len(seeds):
        size *= 2
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in _seed_order(size)]
    return [
        (a, b) if a is not None else (b, a)
        for a, b in zip(slots[::2], slots[1::2], strict=True)
    ]


def _seed_order(size: int) -> list[int]:
    """Bracket slots by seed, so 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        length = len(order) * 2
        order = [s for seed in order for s in (seed, length + 1 - seed)]
    return order


def next_bracket_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round of a bracket: the previous round's winners, in bracket
    order, meet in pairs."""
    if len(winners) % 2:
        raise ValueError("A bracket round has an even number of winners.")
    return list(zip(winners[::2], winners[1::2], strict=True))
