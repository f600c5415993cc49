"""The classroom: ``squaregame serve`` gives every student the app in a browser tab.

``server`` answers the browsers (the pages, the websockets, the limits on sessions);
``session`` is one tab's app process, started without a shell by ``child`` (memory-capped,
killed with the server), which opens the app through the same entry as the command line
(:func:`squaregame.ui.app.run_app` with the games' registry); ``folders`` gives each
session a private data folder and sweeps those left behind.
"""
