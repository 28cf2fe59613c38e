"""`yz-gym studio`: the command that starts the studio's server (yz_gym/studio/app.py)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer

DEFAULT_PORT = 8765


def is_local(host: str) -> bool:
    """Whether `host` is a loopback address or localhost (only this computer can connect)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def studio(
    folder: Annotated[Path, typer.Argument(help="the folder of your scenario files (read and written there only)")] = Path("."),
    port: Annotated[int, typer.Option(min=1, max=65535, help="the port to listen on")] = DEFAULT_PORT,
    host: Annotated[str, typer.Option(help="the address to listen on (local only, unless --allow-remote)")] = "127.0.0.1",
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="listen on a non-local address: anyone who reaches it can run games and write scenario files in FOLDER")
    ] = False,
) -> None:
    """A local web app for game masters: open a bundled or own scenario, see its zone map, edit its
    combatants, evaluate it with a progress bar and save it (docs/studio.md). Needs the `web` extra."""
    from yz_gym import cli

    if not is_local(host) and not allow_remote:
        raise cli._fail(f"--host {host}: not a local address; the studio listens on 127.0.0.1 unless you add --allow-remote")
    if not folder.is_dir():
        raise cli._fail(f"{folder}: not a folder; give the folder of your scenario files")
    try:
        from yz_gym.studio.app import serve
    except ImportError as error:
        raise cli._fail(f"the studio needs the web extra ({error.name} is missing): pip install 'yz_gym[web]'") from None
    shown = f"[{host}]" if ":" in host else host
    cli.console.print(f"yz_gym studio on http://{shown}:{port}/ serving {folder.resolve()} (Ctrl+C stops it)", markup=False)
    serve(folder, host, port)


def register(app: typer.Typer) -> None:
    """Add `studio` to the yz-gym command line."""
    app.command()(studio)
