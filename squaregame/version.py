"""The version of squaregame (read by the build: ``[tool.hatch.version]``)."""

__version__ = "2.0.1"
