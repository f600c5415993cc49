"""The command line: ``squaregame [COMMAND] ...``."""
