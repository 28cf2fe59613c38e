"""`yz-gym studio`: a local web app where a game master opens a scenario, sees its zone map, edits
its combatants, runs evaluations and sensitivity analyses and saves the result as an ordinary
scenario file (docs/studio.md).

workspace.py: the folder it serves (listing, reading, saving; nothing outside it); drafts.py: a
scenario being edited, checked by the scenario loaders with errors on their fields; jobs.py:
evaluations and sensitivity runs in a background thread with their progress; app.py: the HTTP
server (Starlette and uvicorn, the `web` extra) and its limits; command.py: the command;
static/: the page, its script and style sheet (the map is painted by the replay page's shapes.js)."""
