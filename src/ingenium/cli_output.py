"""What every `ingenium` command prints through: the two consoles and the one-line error."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text

# No markup on either console: text from users and data files (`[/]`, `'ingenium[ray]'`) is
# printed as it is; styles are given with `Text` objects.
console = Console(markup=False)
err = Console(stderr=True, markup=False)


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise (status 2)."""
    line = Text("error:", style="bold red")
    line.append(f" {message}")
    err.print(line, highlight=False, soft_wrap=True)
    return typer.Exit(2)
