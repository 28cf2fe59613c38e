"""`yz-gym studio`: a local web app where a game master opens a scenario, sees its zone map, edits
its combatants, runs evaluations and saves the result as an ordinary scenario file.

workspace.py: the folder it serves (listing, reading, saving; nothing outside it); drafts.py: a
scenario being edited, checked by the scenario models with errors on their fields; jobs.py:
evaluations in a background thread with their progress; app.py: the HTTP server (Starlette and
uvicorn, the `web` extra) and its limits; static/: the page, one script and one style sheet."""
