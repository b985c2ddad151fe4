#!/usr/bin/env bash
# The C guide's commands for a prefix of your own (no root needed): install
# the library into ~/.local, then build a program against it and run it, as
# install.sh prints them. Run from the repository's root; CI runs this file
# as it is, with PREFIX set to a temporary directory.
set -euo pipefail
prefix=${PREFIX:-$HOME/.local}

bash duke-c/install.sh --prefix "$prefix"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

# Either let the loader find libduke.so when the program runs ...
cc examples/c/selfplay.c $(pkg-config --cflags --libs duke) -o selfplay
LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ./selfplay 7

# ... or build the library's directory into the program (an rpath).
cc examples/c/selfplay.c $(pkg-config --cflags --libs duke) -Wl,-rpath,"$prefix/lib" -o selfplay
./selfplay 7
rm -f selfplay
