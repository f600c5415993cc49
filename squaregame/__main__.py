"""``python -m squaregame``."""

from squaregame.cli.main import main

raise SystemExit(main())
