#!/usr/bin/env bash
# Builds programs against a duke library installed by duke-c/install.sh and
# runs them: a C program found through pkg-config, and a C++ program through
# CMake's find_package(duke) (shared and static targets). Also checks the
# SONAME and that an incompatible version is refused by find_package.
#
#   bash tests/install/run.sh <prefix> [<work dir>]
set -euo pipefail
prefix=${1:?usage: run.sh <prefix> [<work dir>]}
here=$(cd "$(dirname "$0")" && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work"
say() { printf '  %s\n' "$*"; }

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
libdir=$(pkg-config --variable=libdir duke)
say "pkg-config finds duke $(pkg-config --modversion duke): $(pkg-config --cflags --libs duke)"
soname=$(readelf -d "$libdir/libduke.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$libdir/$soname" ] || { echo "installed libduke.so has no SONAME link" >&2; exit 1; }
# (Outputs are read whole before grep: with pipefail, grep -q closing a pipe
# early would fail the writer.)
sections=$(readelf -SW "$libdir/libduke.so")
if grep -q '\.debug_' <<< "$sections"; then
    echo "installed libduke.so still has debug sections" >&2; exit 1
fi

say "C: cc check.c \$(pkg-config --cflags --libs duke)"
cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags duke) "$here/check.c" -o "$work/check_c" \
    $(pkg-config --libs duke) -Wl,-rpath,"$libdir"
dynamic=$(readelf -d "$work/check_c")
grep -q "NEEDED.*\[$soname\]" <<< "$dynamic" ||
    { echo "check_c does not record $soname" >&2; exit 1; }
loaded=$(ldd "$work/check_c")
grep -q "$libdir/$soname" <<< "$loaded" ||
    { echo "check_c does not load the installed library" >&2; exit 1; }
"$work/check_c"

say "C: the API test (the bad-input corpus and the conformance vectors) against the installed library"
cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags duke) -DDUKE_DATA_DIR="\"$here/../data\"" \
    "$here/../c/test_api.c" -o "$work/test_api" $(pkg-config --libs duke) -Wl,-rpath,"$libdir"
"$work/test_api"

say "C: the README's C taste, in a main(), against the installed library"
body=$(awk '/^## A taste/ { taste = 1 } taste && /^```c$/ { code = 1; next } code && /^```$/ { exit } code' "$here/../../README.md")
[ -n "$body" ] || { echo "no C block under the README's 'A taste'" >&2; exit 1; }
printf '#include "duke.h"\nint main(void) {\n%s\nreturn 0;\n}\n' "$body" > "$work/readme.c"
cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags duke) "$work/readme.c" -o "$work/readme" \
    $(pkg-config --libs duke) -Wl,-rpath,"$libdir"
"$work/readme"

say "C++: cmake -DCMAKE_PREFIX_PATH=$prefix (find_package(duke 0.1), duke::duke, duke::duke_static)"
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log"
cmake --build "$work/cmake" >> "$work/cmake.log"
loaded=$(ldd "$work/cmake/check_shared")
grep -q "$libdir/$soname" <<< "$loaded" ||
    { echo "check_shared does not load the installed library" >&2; exit 1; }
loaded=$(ldd "$work/cmake/check_static")
if grep -q libduke <<< "$loaded"; then
    echo "check_static loads libduke.so" >&2; exit 1
fi
"$work/cmake/check_shared"
"$work/cmake/check_static"

say "CMake refuses an incompatible version (find_package(duke 0.2))"
if cmake -S "$here" -B "$work/cmake-0.2" -DCMAKE_PREFIX_PATH="$prefix" -DDUKE_WANTED_VERSION=0.2 \
    > "$work/cmake-0.2.log" 2>&1; then
    echo "find_package(duke 0.2) accepted duke $(pkg-config --modversion duke)" >&2; exit 1
fi
grep -q 'considered but not accepted' "$work/cmake-0.2.log" ||
    { cat "$work/cmake-0.2.log" >&2; echo "unexpected cmake failure" >&2; exit 1; }
say "install checks passed"
