#!/usr/bin/env python3
"""Build the course as a static JupyterLite site: ``make lite`` (serve: ``make lite-serve``).

The site runs Python in the browser (Pyodide) and needs no server and no network:

- the project's wheel and its pure dependencies (anywidget, ipywidgets,
  jupyterlab_widgets, comm, psygnal) in a piplite index (``pypi/``) *and* as
  entries of Pyodide's lock, so the kernel preloads ``clash-widget`` at start
  (``lite/jupyter-lite.json``) and ``%pip install`` also works offline;
- Pyodide itself from the npm package ``pyodide`` (node_modules), plus the pure
  Pyodide packages the kernel loads at start (micropip, ipython, jedi and their
  dependencies), downloaded from PyPI at the versions Pyodide's lock names, with
  the lock's hashes rewritten to the downloaded files and the other 300-odd
  entries pruned;
- the lab extensions of the build environment that the board needs (widgets
  manager, anywidget, the Pyodide kernel), and every ``notebooks/*.ipynb`` but
  those that start the classroom server (notebook 23: no processes or sockets in
  a browser; they run on Binder or a local Jupyter).

Versions: the ``lite`` extra of pyproject.toml pins the kernel (jupyterlite-core
and jupyterlite-pyodide-kernel); everything else follows from it and is checked
here: package.json must pin ``pyodide`` to the kernel's PYODIDE_VERSION, and the
widget wheels are taken at the versions installed in this environment, whose lab
extensions go into the site. Downloads are cached in ``build/lite-cache`` (only
the package registries are contacted, and only for files not cached yet).

With ``--course build/course-html`` (``make course-html``'s read-only pages), the site
also carries the course to read (``course/``), linked from its front page and from
JupyterLab's Help menu ("The course, read-only").

Usage: ``python scripts/build_lite.py [--out build/lite] [--cache build/lite-cache]
[--course build/course-html]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LITE_CONFIG = REPO / "lite"
START_NOTEBOOK = "00_start_here.ipynb"
# The Pyodide packages the kernel imports at start (its worker loads micropip, then
# piplite installs ipykernel's shim, comm, pyodide-kernel, jedi and ipython).
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions", "packaging")
# Pure wheels the board needs in the browser, at the versions of this environment.
WIDGET_WHEELS = ("anywidget", "ipywidgets", "jupyterlab_widgets", "comm", "psygnal")
# Lab extensions copied from this environment into the site (nothing else of sys.prefix).
EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@jupyterlite/pyodide-kernel-extension",
    "anywidget",
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
WHEEL_RE = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)(-\d[^-]*)?-[^-]+-[^-]+-[^-]+\.whl$")


class BuildError(RuntimeError):
    pass


def norm(name: str) -> str:
    """A distribution name as Pyodide's lock spells its keys (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def say(msg: str) -> None:
    print(f"lite: {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    res = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if res.returncode != 0:
        out = "\n".join(
            line
            for line in (res.stdout + res.stderr).splitlines()
            if "is ignored: it is neither a file nor a directory" not in line
        )
        raise BuildError(f"{' '.join(cmd[:6])} ... failed ({res.returncode}):\n{out[-4000:]}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ------------------------------------------------------------------ versions ---


def pyodide_dir() -> Path:
    """node_modules/pyodide, checked against the kernel's Pyodide version."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    pkg = REPO / "node_modules" / "pyodide"
    if not (pkg / "package.json").is_file():
        raise BuildError("node_modules/pyodide is missing: run `npm ci` (make setup does)")
    have = json.loads((pkg / "package.json").read_text())["version"]
    if have != PYODIDE_VERSION:
        raise BuildError(
            f"package.json pins pyodide {have}, but jupyterlite-pyodide-kernel "
            f"expects {PYODIDE_VERSION}: set devDependencies.pyodide to {PYODIDE_VERSION}"
        )
    return pkg


def versions() -> dict[str, str]:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    names = ("jupyterlite-core", "jupyterlite-pyodide-kernel", *WIDGET_WHEELS)
    out = {n: metadata.version(n) for n in names}
    out["pyodide"] = PYODIDE_VERSION
    return out


# ------------------------------------------------------------------- wheels ---


def cached_wheel(cache: Path, name: str, version: str) -> Path | None:
    for p in cache.glob("*.whl"):
        m = WHEEL_RE.match(p.name)
        if m and norm(m["name"]) == norm(name) and m["version"] == version:
            return p
    return None


def pure_wheel(cache: Path, name: str, version: str) -> Path:
    """A ``py3-none-any`` wheel of ``name==version`` (cached; else from PyPI)."""
    hit = cached_wheel(cache, name, version)
    if hit is not None:
        return hit
    say(f"downloading {name}=={version}")
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
        "--abi", "none", "--platform", "any", "--dest", str(cache), f"{name}=={version}",
    ]  # fmt: skip
    run(cmd)
    hit = cached_wheel(cache, name, version)
    if hit is None:
        raise BuildError(f"pip downloaded no pure wheel for {name}=={version}")
    return hit


def project_wheel(dest: Path) -> Path:
    """This repository as a wheel (the committed JS bundle inside; no npm)."""
    env = {
        **os.environ,
        "HATCH_JUPYTER_BUILDER_SKIP_NPM": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dest)]
    try:  # the lite extra installs the build backend: no isolated build env to download
        import hatch_jupyter_builder  # noqa: F401
        import hatchling  # noqa: F401

        cmd.append("--no-build-isolation")
    except ImportError:
        pass
    run([*cmd, str(REPO)], env=env)
    wheels = sorted(dest.glob("clash_widget-*.whl"))
    if not wheels:
        raise BuildError("pip wheel made no clash_widget wheel")
    return wheels[-1]


def wheel_metadata(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level imports, requirement lines) of a wheel."""
    with zipfile.ZipFile(path) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
        tops = set()
        for n in z.namelist():
            first = n.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in n:
                tops.add(first)
            elif n.endswith(".py"):
                tops.add(n[:-3])
    return meta["Name"], meta["Version"], sorted(tops), meta.get_all("Requires-Dist") or []


def runtime_deps(requires: list[str]) -> list[str]:
    """Requirement names that apply in the browser (no extras; markers for Pyodide)."""
    from packaging.requirements import Requirement

    env = {
        "python_version": "3.14",
        "python_full_version": "3.14.2",
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "os_name": "posix",
        "extra": "",
    }
    out = []
    for line in requires:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            out.append(norm(req.name))
    return out


def lock_entry(path: Path, depends: list[str] | None = None) -> dict[str, object]:
    name, version, imports, requires = wheel_metadata(path)
    return {
        "name": norm(name),
        "version": version,
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256(path),
        "package_type": "package",
        "imports": imports,
        "depends": runtime_deps(requires) if depends is None else depends,
        "unvendored_tests": False,
    }


# ------------------------------------------------------------------ pyodide ---


def closure(packages: dict[str, dict], roots: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    todo = [norm(r) for r in roots]
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        if n not in packages:
            raise BuildError(f"Pyodide's lock has no package {n!r}")
        seen.append(n)
        todo += [norm(d) for d in packages[n]["depends"]]
    return sorted(seen)


def stage_pyodide(dest: Path, cache: Path, extra: list[Path]) -> dict[str, str]:
    """Pyodide's runtime, the kernel's start-up packages and ``extra`` wheels, one lock."""
    src = pyodide_dir()
    dest.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copy2(src / f, dest / f)
    lock = json.loads((src / "pyodide-lock.json").read_text())
    packages = {norm(k): v for k, v in lock["packages"].items()}
    kept: dict[str, dict] = {}
    for name in closure(packages, KERNEL_NEEDS):
        entry = dict(packages[name])
        wheel = pure_wheel(cache, entry["name"], entry["version"])
        shutil.copy2(wheel, dest / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel))  # PyPI's build, not Pyodide's
        entry["depends"] = [norm(d) for d in entry["depends"]]
        kept[name] = entry
    for wheel in extra:
        shutil.copy2(wheel, dest / wheel.name)
        entry = lock_entry(wheel)
        kept[str(entry["name"])] = entry
    missing = {d for e in kept.values() for d in e["depends"]} - set(kept)  # type: ignore[attr-defined]
    if missing:
        raise BuildError(f"the site's Pyodide lock lacks dependencies: {sorted(missing)}")
    lock["packages"] = dict(sorted(kept.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return {k: str(v["version"]) for k, v in kept.items()}


def widgetsnbextension_shim() -> Path:
    """The kernel's stand-in for widgetsnbextension (ipywidgets requires it)."""
    from jupyterlite_pyodide_kernel import __file__ as kernel_init

    roots = [
        Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension",
        Path(kernel_init).parent / "labextension",
    ]
    for root in roots:
        hits = sorted((root / "static" / "pypi").glob("widgetsnbextension-4.*.whl"))
        if hits:
            return hits[-1]
    raise BuildError("jupyterlite-pyodide-kernel ships no widgetsnbextension shim wheel")


def extension_dirs() -> list[Path]:
    base = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    out = []
    for name in EXTENSIONS:
        d = base / name
        if not (d / "package.json").is_file():
            raise BuildError(f"lab extension {name} is not installed in {sys.prefix}")
        out.append(d)
    return out


# -------------------------------------------------------------------- site ---


# A Markdown image from another host, e.g. a Binder badge: ``[![alt](http...)](link)``.
REMOTE_IMAGE = re.compile(r"\[!\[([^\]]*)\]\((?:https?:)?//[^)\s]+\)\]\(([^)\s]+)\)")
BARE_REMOTE_IMAGE = re.compile(r"!\[([^\]]*)\]\((?:https?:)?//[^)\s]+\)")


def offline_markdown(text: str) -> str:
    """A notebook's text with images from other hosts turned into plain links/text."""
    text = REMOTE_IMAGE.sub(lambda m: f"[{m[1] or 'link'}]({m[2]})", text)
    return BARE_REMOTE_IMAGE.sub(lambda m: m[1], text)


# A notebook whose code imports the classroom server starts it (a process, sockets,
# threads): a browser's Python can do none of that, so the site leaves it out.
NEEDS_SERVER = re.compile(r"^\s*(from|import)\s+clash_widget\.server\b", re.M)


def needs_server(nb: Path) -> bool:
    """Does a code cell of ``nb`` import the classroom server (``clash_widget.server``)?"""
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    code = ("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return any(NEEDS_SERVER.search(src) for src in code)


def notebooks(dest: Path) -> list[str]:
    """Copy every course notebook (images from other hosts become links: no requests),
    but the ones that need the classroom server (:func:`needs_server`)."""
    dest.mkdir(parents=True)
    names = []
    for nb in sorted((REPO / "notebooks").glob("*.ipynb")):
        if needs_server(nb):
            say(f"{nb.name}: left out (it starts the classroom server, which needs a real Python)")
            continue
        text = nb.read_text(encoding="utf-8")
        fixed = offline_markdown(text)
        if fixed != text:
            say(f"{nb.name}: an image from another host became a link in the site")
        (dest / nb.name).write_text(fixed, encoding="utf-8")
        names.append(nb.name)
    if START_NOTEBOOK not in names:
        raise BuildError(f"notebooks/{START_NOTEBOOK} is missing")
    return names


COURSE = "course"  # where the read-only pages go in the site
COURSE_LINK = "The course, read-only"


def check_course(pages: Path) -> None:
    if not (pages / "index.html").is_file():
        raise BuildError(f"{pages} has no index.html: run `make course-html` first")


def add_course(out: Path, pages: Path) -> list[str]:
    """Copy ``make course-html``'s pages into the site's ``course/``; their names."""
    check_course(pages)
    shutil.copytree(pages, out / COURSE)
    return sorted(p.name for p in (out / COURSE).glob("*.html"))


def with_course_link(overrides: dict[str, object]) -> dict[str, object]:
    """JupyterLab settings with a Help menu entry that opens the read-only course
    (``../course/`` from ``lab/index.html``, so the site works under any path)."""
    item = {
        "command": "help:open",
        "args": {"url": f"../{COURSE}/index.html", "text": COURSE_LINK, "newBrowserTab": True},
        "rank": 0,
    }
    menu = {"menus": [{"id": "jp-mainmenu-help", "items": [item]}]}
    return {**overrides, "@jupyterlab/mainmenu-extension:plugin": menu}


def open_start_notebook(out: Path, course: bool = False) -> None:
    """The site's front page opens the start notebook in JupyterLab.

    The page keeps the (empty) ``jupyter-config-data`` element: the app pages read
    the root page's config on load.
    """
    target = f"./lab/index.html?path={START_NOTEBOOK}"
    read = f" · <a href='./{COURSE}/index.html'>{COURSE_LINK}</a>" if course else ""
    (out / "index.html").write_text(
        "<!doctype html>\n<html><head><meta charset='utf-8'>\n"
        "<title>clash_widget course</title>\n"
        "<link rel='icon' href='./lab/favicon.ico'>\n"
        "<script id='jupyter-config-data' type='application/json' "
        "data-jupyter-lite-root='.'>{}</script>\n"
        # After "load": going on while this page still loads would abort its own request.
        f"<script>addEventListener('load', () => location.replace('{target}'));</script>\n"
        f"<noscript><meta http-equiv='refresh' content='0; url={target}'></noscript>\n"
        f"</head><body><a href='{target}'>Open the course</a>{read}</body></html>\n"
    )
    # Browsers ask for /favicon.ico before a page names its icon.
    shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def build(out: Path, cache: Path, course: Path | None = None) -> dict[str, object]:
    t0 = time.monotonic()
    if course is not None:
        check_course(course)  # before the long part
    cache.mkdir(parents=True, exist_ok=True)
    vers = versions()
    with tempfile.TemporaryDirectory(prefix="clash-lite-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        say("building the clash_widget wheel")
        ours = project_wheel(Path(tmp) / "dist")
        widget_wheels = [pure_wheel(cache, n, vers[n]) for n in WIDGET_WHEELS]
        shim = widgetsnbextension_shim()
        # piplite index: %pip install / micropip find them offline
        (src / "pypi").mkdir()
        for w in (ours, *widget_wheels):
            shutil.copy2(w, src / "pypi" / w.name)
        say(f"staging Pyodide {vers['pyodide']} from node_modules")
        locked = stage_pyodide(src / "static" / "pyodide", cache, [ours, *widget_wheels, shim])
        shutil.copy2(LITE_CONFIG / "jupyter-lite.json", src / "jupyter-lite.json")
        overrides = json.loads((LITE_CONFIG / "overrides.json").read_text())
        if course is not None:
            overrides = with_course_link(overrides)
        (src / "overrides.json").write_text(json.dumps(overrides, indent=2) + "\n")
        names = notebooks(src / "files")
        if out.exists():
            shutil.rmtree(out)
        cmd = [
            sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(src),
            "--output-dir", str(out.resolve()), "--contents", str(src / "files"),
            "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages", "--no-libarchive",
            "--ignore-sys-prefix", "--settings-overrides", str(src / "overrides.json"),
        ]  # fmt: skip
        for d in extension_dirs():
            cmd += ["--LiteBuildConfig.federated_extensions", str(d)]
        say("jupyter lite build")
        run(cmd, cwd=src)
    course_pages = add_course(out, course) if course is not None else []
    open_start_notebook(out, course=bool(course_pages))
    info = {
        "versions": vers,
        "pyodide_packages": locked,
        "notebooks": names,
        "left_out": [
            p.name for p in sorted((REPO / "notebooks").glob("*.ipynb")) if needs_server(p)
        ],
        "course_pages": course_pages,
        "wheel": ours.name,
        "site_bytes": site_size(out),
        "build_s": round(time.monotonic() - t0, 1),
    }
    (out / "clash-lite.json").write_text(json.dumps(info, indent=1) + "\n")
    return info


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=REPO / "build" / "lite")
    p.add_argument("--cache", type=Path, default=REPO / "build" / "lite-cache")
    p.add_argument("--course", type=Path, help="make course-html's pages, published in course/")
    a = p.parse_args(argv)
    try:
        info = build(a.out, a.cache, a.course)
    except BuildError as exc:
        print(f"lite: FAILED: {exc}", file=sys.stderr)
        return 1
    mb = int(info["site_bytes"]) / 1e6  # type: ignore[call-overload]
    say(
        f"built {a.out} ({mb:.1f} MB, {len(info['notebooks'])} notebooks, "  # type: ignore[arg-type]
        f"Pyodide {info['versions']['pyodide']}, {info['build_s']} s)"  # type: ignore[index]
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
