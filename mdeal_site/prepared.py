"""Querysets compiled to SQL once per process, then run with new values.

Django compiles a queryset to SQL every time it runs one, and for the short
reads every table request makes (a game by its id, its seats with their
users, its last events) compiling costs more CPU than PostgreSQL takes to
answer: a game by id was 1.0 ms of CPU, 0.6 of it compiling (docs/load.md).
`Prepared` compiles its queryset once, with stand-in values, and from then on
only binds the real ones and builds the model instances as the queryset would
(`select_related` objects and annotations included).

    game_by_id = Prepared(lambda pk: Game.objects.filter(pk=pk))
    game_by_id(42)  # [<Game: Game 42>]

A `values_list` queryset gives its rows as tuples, with no instances built.

The queryset must bind each argument once, as a parameter (a filter value,
not a slice bound), and must not prefetch.
"""

import dataclasses
import inspect
from dataclasses import dataclass

from django.db import connections
from django.db.models.query import ValuesListIterable, get_related_populators

# Values a real query never binds, within every integer column's range.
STAND_INS = tuple(2_000_000_011 + n for n in range(8))


@dataclass(frozen=True)
class _Plan:
    db: str
    sql: str
    params: tuple
    slots: tuple  # per parameter: the argument it takes, or None (a constant)
    compiler: object
    converters: dict
    # The rest builds model instances; None for a values_list (tuples).
    model_fields: slice | None = None
    init_list: list | None = None
    from_db: object = None
    related_populators: list | None = None
    annotations: dict | None = None


def _check_tuples(queryset) -> None:
    """A values_list whose rows come from the database in its own order."""
    query = queryset.query
    names = [*query.extra_select, *query.values_select, *query.annotation_select]
    if queryset._iterable_class is not ValuesListIterable or (
        queryset._fields and list(queryset._fields) != names
    ):
        raise ValueError(f"a plain values_list, annotations last: {names}")


class Prepared:
    """A queryset (made by `build` from its arguments) compiled once."""

    def __init__(self, build):
        self._build = build
        self._arity = len(inspect.signature(build).parameters)
        self._plan: _Plan | None = None

    def _compile(self) -> _Plan:
        queryset = self._build(*STAND_INS[: self._arity])
        assert not queryset._prefetch_related_lookups, "Prepared does not prefetch"
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        slots = tuple(
            STAND_INS.index(p) if isinstance(p, int) and p in STAND_INS else None
            for p in params
        )
        bound = sorted(s for s in slots if s is not None)
        if bound != list(range(self._arity)):
            raise ValueError(f"each argument must be bound once: {sql} {params}")
        plan = _Plan(
            db=queryset.db,
            sql=sql,
            params=tuple(params),
            slots=slots,
            compiler=compiler,
            converters=compiler.get_converters(
                [s[0] for s in compiler.select[: compiler.col_count]]
            ),
        )
        if queryset._fields is not None:  # values or values_list: tuples
            _check_tuples(queryset)
        else:  # instances, as the ORM builds them
            klass_info = compiler.klass_info
            select_fields = klass_info["select_fields"]
            model_fields = slice(select_fields[0], select_fields[-1] + 1)
            fetch_mode = queryset._fetch_mode
            model = klass_info["model"]
            plan = dataclasses.replace(
                plan,
                model_fields=model_fields,
                init_list=[f[0].target.attname for f in compiler.select[model_fields]],
                from_db=lambda db, names, values: model.from_db(
                    db, names, values, fetch_mode=fetch_mode
                ),
                related_populators=get_related_populators(
                    klass_info, compiler.select, queryset.db, fetch_mode
                ),
                annotations=dict(compiler.annotation_col_map or {}),
            )
        self._plan = plan
        return plan

    def by_id(self, value):
        """The row for an id (the query's one argument), or None: also when
        `value` is no id (not a whole number in a BigAutoField's range)."""
        try:
            value = int(value)
        except (TypeError, ValueError):
            return None
        found = self(value) if 0 < value < 2**63 else []
        return found[0] if found else None

    def __call__(self, *values) -> list:
        plan = self._plan or self._compile()
        params = [
            p if slot is None else values[slot]
            for p, slot in zip(plan.params, plan.slots, strict=True)
        ]
        with connections[plan.db].cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        if plan.converters:
            rows = plan.compiler.apply_converters(rows, plan.converters)
        if plan.init_list is None:
            return [tuple(row) for row in rows]
        found = []
        for row in rows:
            obj = plan.from_db(plan.db, plan.init_list, row[plan.model_fields])
            for populator in plan.related_populators:
                populator.populate(row, obj)
            for name, position in plan.annotations.items():
                setattr(obj, name, row[position])
            found.append(obj)
        return found
