#!/bin/sh
# Rebuilds icc/opencards-coated-fogra39l.icc from the FOGRA39L characterisation data that
# Debian's icc-profiles-free package ships under the zlib licence (see icc/README.md).
# Needs ArgyllCMS (apt-get install argyll). colprof stamps the date into the profile, so
# a rebuild differs from the committed file in its header date only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
apt-get download icc-profiles-free
dpkg-deb -x icc-profiles-free_*.deb x
cp x/usr/share/color/icc/FOGRA39L.ti3 .
# -qm medium quality, -kr black generation ramp, -l300 total ink at most 300 %,
# -L100 black ink up to 100 % (solid black text stays K only).
colprof -qm -kr -l300 -L100 \
    -D "opencards CMYK coated FOGRA39L 300%" \
    -C "Profile made with ArgyllCMS colprof from FOGRA39L.ti3 (icc-profiles-free, Zlib licence)" \
    -O "$here/opencards-coated-fogra39l.icc" FOGRA39L
