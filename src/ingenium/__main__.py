"""`python -m ingenium` runs the command line."""

from ingenium.cli import main

main()
