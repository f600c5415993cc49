"""The application's services: each one job, composed into the small
:class:`~squaregame.ui.app.SquareGameApp`.

* :mod:`.shell` — what a service needs of the app (:class:`~.shell.Shell`) and the user's
  data folder (:class:`~.shell.UserData`: where files go, saving failures said once);
* :mod:`.preferences` — the settings, read at start and saved as changed;
* :mod:`.saved_games` — the game the menu offers to continue, the list, saving, deleting;
* :mod:`.records` — game records and *why* proofs written to the data folder;
* :mod:`.lesson_progress` — each lesson's progress, read when first needed;
* :mod:`.opener` — opening games (dialog, saved game, command line), long work behind a
  busy screen.
"""
