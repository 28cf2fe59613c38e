"""The folder the studio was started in: its scenario files are listed, read and saved, and no
path that leads outside it (`..`, an absolute path, a link pointing out) is ever opened."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Final

from yz_gym.io import atomic_write_text
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.files import SCENARIO_DIR, read_yaml
from yz_gym.scenario.loading import game_of
from yz_gym.scenario.reading import MAX_YAML_BYTES, ReadError, read_text

MAX_LISTED: Final = 500  # scenario files listed from the folder
MAX_SCANNED: Final = 20_000  # names looked at while listing (a huge folder is listed in part)
MAX_PATH_CHARS: Final = 400
SUFFIXES: Final = (".yaml", ".yml")
BUNDLED: Final = "bundled"
FOLDER: Final = "folder"


class OutsideFolder(ValueError):
    """A path the studio refuses (outside its folder, not a scenario file name, malformed: HTTP
    403), or a save it cannot make (`status` 409: the file exists, its folder does not ...)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Entry:
    """A scenario the page can open: where it is (bundled or folder), its path or name, title, mode."""

    source: str
    path: str
    title: str
    mode: str

    def to_json(self) -> dict[str, str]:
        """The entry as the page lists it."""
        return {"source": self.source, "path": self.path, "title": self.title, "mode": self.mode}


class Workspace:
    """The bundled scenarios (read only) and the scenario files of one folder (read and written)."""

    def __init__(self, folder: str | Path) -> None:
        self.root = Path(folder).resolve()
        if not self.root.is_dir():
            raise OutsideFolder(f"{folder}: not a folder; give the folder of your scenario files")

    def entries(self) -> list[Entry]:
        """Every bundled scenario, then the folder's .yaml files (at most MAX_LISTED, looking at
        no more than MAX_SCANNED names), by path."""
        found = [self._entry(BUNDLED, p.stem, p) for p in sorted(SCENARIO_DIR.glob("*.yaml"))]
        mine: list[Path] = []
        scanned = 0
        for folder, folders, files in os.walk(self.root):  # links to folders are not followed
            folders[:] = sorted(name for name in folders if not name.startswith("."))
            scanned += len(files) + len(folders)
            for name in files:
                if Path(name).suffix in SUFFIXES and not name.startswith(".") and len(mine) < MAX_LISTED:
                    try:
                        mine.append(self.inside((Path(folder) / name).relative_to(self.root).as_posix()))
                    except OutsideFolder:
                        continue  # a link pointing out of the folder
            if len(mine) >= MAX_LISTED or scanned > MAX_SCANNED:
                break
        mine.sort()
        found += [self._entry(FOLDER, p.relative_to(self.root).as_posix(), p) for p in mine]
        return found

    @staticmethod
    def _entry(source: str, path: str, file: Path) -> Entry:
        try:
            data = read_yaml(file)
            return Entry(source, path, str(data.get("name", "") or path), game_of(data, path).label)
        except ScenarioError:
            return Entry(source, path, path, "unreadable")

    def inside(self, relative: str) -> Path:
        """The file a page-given relative path names, refused unless it is a .yaml/.yml file name
        inside the folder (after following links)."""
        if not isinstance(relative, str) or not relative or len(relative) > MAX_PATH_CHARS:
            raise OutsideFolder("path: give a file name inside the studio's folder, e.g. my_fight.yaml")
        if "\0" in relative or "\\" in relative:
            raise OutsideFolder(f"path: {relative[:60]!r} has a character not allowed in a file name")
        pure = PurePosixPath(relative)
        if pure.is_absolute() or ".." in pure.parts or pure.suffix not in SUFFIXES:
            raise OutsideFolder(
                f"path: {relative[:60]!r} is not a .yaml file inside the studio's folder; "
                "give a relative name such as fights/ambush.yaml"
            )
        path = (self.root / pure).resolve()
        if not path.is_relative_to(self.root):
            raise OutsideFolder(f"path: {relative[:60]!r} leads outside the studio's folder")
        return path

    def read(self, source: str, path: str) -> str:
        """The text of a bundled scenario (by name) or of a folder file (by relative path)."""
        if source == BUNDLED:
            names = {p.stem: p for p in SCENARIO_DIR.glob("*.yaml")}
            if path not in names:
                raise OutsideFolder(f"path: no bundled scenario named {path[:60]!r}")
            file = names[path]
        elif source == FOLDER:
            file = self.inside(path)
        else:
            raise OutsideFolder(f"source: {str(source)[:20]!r}; give {BUNDLED} or {FOLDER}")
        try:
            return read_text(file, MAX_YAML_BYTES, "scenario")
        except ReadError as err:
            raise OutsideFolder(f"path: {err}".replace(str(self.root) + "/", ""), 400) from None

    def save(self, path: str, text: str, replace: bool = False) -> Path:
        """Write a checked scenario's text atomically to a file inside the folder (an existing
        file only with `replace`; its folder must exist)."""
        file = self.inside(path)
        if not file.parent.is_dir():
            raise OutsideFolder(f"path: the folder of {path[:60]!r} does not exist; create it first", 409)
        if file.exists() and not replace:
            raise OutsideFolder(f"path: {path[:60]!r} exists; tick 'replace' to overwrite it", 409)
        if len(text.encode("utf-8")) > MAX_YAML_BYTES:
            raise OutsideFolder(f"yaml: larger than the {MAX_YAML_BYTES:,} bytes a scenario file may have", 413)
        return atomic_write_text(file, text)

    def describe(self) -> dict[str, Any]:
        """What the page shows about the folder."""
        return {"folder": str(self.root)}
