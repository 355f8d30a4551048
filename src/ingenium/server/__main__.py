"""`python -m ingenium.server [--host H] [--port P] [--database-url URL] [--workers N]`: serve
without the CLI."""

from __future__ import annotations

import argparse

from ingenium.server import run


def main() -> None:
    """Parse the arguments and serve."""
    parser = argparse.ArgumentParser(prog="python -m ingenium.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    run(args.host, args.port, args.database_url, args.workers)


if __name__ == "__main__":
    main()
