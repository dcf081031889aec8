"""The classic expert against sensible bots, duplicate deals with confidence
intervals: `manage.py classic_strength --deals 20 --seats 2 4 --cpu` (the
same options as `python -m bench.classic_strength`, whose docstring says
how to read the figures). A program that prints figures, not a test."""

from django.core.management.base import BaseCommand, CommandError

from bench import classic_strength


class Command(BaseCommand):
    help = "Play the classic expert against sensible bots and print its win rate."

    def add_arguments(self, parser):
        classic_strength.add_arguments(parser)

    def handle(self, *args, **options):
        self.stdout.ending = ""  # the runner prints whole lines
        try:
            classic_strength.run(_Args(options), out=self.stdout)
        except ValueError as error:
            raise CommandError(str(error)) from error


class _Args:
    """The command's options as attributes, as argparse gives them."""

    def __init__(self, options: dict) -> None:
        self.__dict__.update(options)
