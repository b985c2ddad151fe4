#!/usr/bin/env bash
# Installs the duke C library as a system library:
#   <includedir>/duke.h, duke.hpp          the C header and the C++ RAII header
#   <libdir>/libduke.a                     the static library
#   <libdir>/libduke.so.<version>          the shared library, with the links
#   <libdir>/libduke.so.<abi>, libduke.so  named by its SONAME and for the linker
#   <libdir>/pkgconfig/duke.pc             for pkg-config
#   <libdir>/cmake/duke/duke{Config,ConfigVersion}.cmake
#                                          for CMake: find_package(duke), targets
#                                          duke::duke (shared) and duke::duke_static
# The installed libraries carry no debug information (stripped here, so the
# release profile keeps its line tables for profiling): libduke.a goes from
# about 33 MB to about 6 MB, libduke.so from about 7 MB to about 1.4 MB (the
# figures of this version; the script prints the installed sizes).
#
#   bash duke-c/install.sh [--prefix DIR] [--libdir DIR] [--includedir DIR]
#                          [--destdir DIR] [--no-build]
#
# --prefix defaults to /usr/local, --libdir to <prefix>/lib, --includedir to
# <prefix>/include. --destdir (or DESTDIR) stages the files under another root
# for packaging: the paths written into duke.pc stay those of the prefix.
# --no-build installs what `cargo build --release -p duke-c` already built.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
prefix=/usr/local
libdir=
includedir=
destdir=${DESTDIR:-}
build=1

die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }
say() { printf '  %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --libdir) libdir=${2:?--libdir needs a directory}; shift 2 ;;
        --includedir) includedir=${2:?--includedir needs a directory}; shift 2 ;;
        --destdir) destdir=${2:?--destdir needs a directory}; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument \"$1\" (see --help)" ;;
    esac
done
case $prefix in /*) ;; *) die "--prefix must be an absolute path, not \"$prefix\"" ;; esac
libdir=${libdir:-$prefix/lib}
includedir=${includedir:-$prefix/include}

cd "$root"
target=${CARGO_TARGET_DIR:-$root/target}
release=$target/release
if [ "$build" = 1 ]; then
    say "building: cargo build --release -p duke-c"
    cargo build --release -p duke-c
fi
for f in libduke.a libduke.so; do
    [ -f "$release/$f" ] || die "$release/$f is missing: run cargo build --release -p duke-c"
done

version=$(cargo pkgid -p duke-c | sed 's/.*[#@]//')
soname=$(readelf -d "$release/libduke.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ -n "$soname" ] || die "libduke.so has no SONAME (duke-c/build.rs sets one)"
real=libduke.so.$version
major=${version%%.*}
minor=${version#*.}; minor=${minor%%.*}

# The system libraries a program linking libduke.a needs: those of Rust's
# standard library for this target (duke-c links no native library of its
# own), as the compiler that built it reports them.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf '' > "$scratch/empty.rs"
native=$(rustc --crate-type staticlib --crate-name empty --print native-static-libs \
    -o "$scratch/libempty.a" "$scratch/empty.rs" 2>&1 | sed -n 's/.*native-static-libs: //p')
[ -n "$native" ] || die "rustc did not report the native static libraries"

say "installing duke $version (SONAME $soname) into ${destdir}$prefix"
install -d "$destdir$includedir" "$destdir$libdir/pkgconfig" "$destdir$libdir/cmake/duke"
install -m 644 include/duke.h include/duke.hpp "$destdir$includedir/"
say "$includedir/duke.h, duke.hpp"

install -m 644 "$release/libduke.a" "$destdir$libdir/libduke.a"
# Debug information, and the LLVM bitcode that Rust's standard library
# embeds for cross-language LTO (11 of the archive's 27 MB), are not needed
# to link against the library.
strip --strip-debug --remove-section=.llvmbc --remove-section=.llvmcmd "$destdir$libdir/libduke.a"
install -m 755 "$release/libduke.so" "$destdir$libdir/$real"
strip --strip-unneeded "$destdir$libdir/$real"
if [ "$soname" != "$real" ]; then
    ln -sfn "$real" "$destdir$libdir/$soname"
fi
ln -sfn "$soname" "$destdir$libdir/libduke.so"
say "$libdir/libduke.a ($(du -k "$destdir$libdir/libduke.a" | cut -f1) KiB, stripped of debug info and bitcode)"
say "$libdir/$real ($(du -k "$destdir$libdir/$real" | cut -f1) KiB, stripped), links $soname and libduke.so"

# pkg-config: paths under the prefix are written relative to ${prefix}.
rel_to_prefix() {
    case $1 in
        "$prefix") printf '${prefix}' ;;
        "$prefix"/*) printf '${prefix}/%s' "${1#"$prefix"/}" ;;
        *) printf '%s' "$1" ;;
    esac
}
cat > "$destdir$libdir/pkgconfig/duke.pc" <<EOF
prefix=$prefix
libdir=$(rel_to_prefix "$libdir")
includedir=$(rel_to_prefix "$includedir")

Name: duke
Description: C API of duke-engine, the rules engine for The Duke (2013 core set)
Version: $version
Libs: -L\${libdir} -lduke
Libs.private: $native
Cflags: -I\${includedir}
EOF
say "$libdir/pkgconfig/duke.pc"

# CMake: paths relative to the config file, so a staged or moved tree works.
cmakedir=$libdir/cmake/duke
rel_lib=$(realpath -m --relative-to="$cmakedir" "$libdir")
rel_inc=$(realpath -m --relative-to="$cmakedir" "$includedir")
cmake_native=$(printf '%s\n' $native | sed -n 's/^-l//p' | tr '\n' ';' | sed 's/;$//')
cat > "$destdir$cmakedir/dukeConfig.cmake" <<EOF
# The duke C library (duke-engine's C API), installed by duke-c/install.sh.
#
#   find_package(duke $major.$minor REQUIRED)
#   target_link_libraries(app PRIVATE duke::duke)          # libduke.so
#   target_link_libraries(app PRIVATE duke::duke_static)   # libduke.a
#
# Both targets carry the include directory of duke.h and of the C++ RAII
# header duke.hpp (C++17).
get_filename_component(_duke_libdir "\${CMAKE_CURRENT_LIST_DIR}/$rel_lib" ABSOLUTE)
get_filename_component(_duke_includedir "\${CMAKE_CURRENT_LIST_DIR}/$rel_inc" ABSOLUTE)

if(NOT TARGET duke::duke)
  add_library(duke::duke SHARED IMPORTED)
  set_target_properties(duke::duke PROPERTIES
    IMPORTED_LOCATION "\${_duke_libdir}/$real"
    IMPORTED_SONAME "$soname"
    INTERFACE_INCLUDE_DIRECTORIES "\${_duke_includedir}")
endif()
if(NOT TARGET duke::duke_static)
  add_library(duke::duke_static STATIC IMPORTED)
  set_target_properties(duke::duke_static PROPERTIES
    IMPORTED_LOCATION "\${_duke_libdir}/libduke.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_duke_includedir}"
    INTERFACE_LINK_LIBRARIES "$cmake_native")
endif()

unset(_duke_libdir)
unset(_duke_includedir)
EOF
if [ "$major" = 0 ]; then
    same_abi="PACKAGE_FIND_VERSION_MAJOR EQUAL 0 AND PACKAGE_FIND_VERSION_MINOR EQUAL $minor"
else
    same_abi="PACKAGE_FIND_VERSION_MAJOR EQUAL $major"
fi
pointer_bytes=$(( $(rustc --print cfg | sed -n 's/^target_pointer_width="\(.*\)"/\1/p') / 8 ))
cat > "$destdir$cmakedir/dukeConfigVersion.cmake" <<EOF
# duke $version. A request is met by the same ABI: the same major version,
# or before 1.0 the same minor version (as the SONAME $soname says).
set(PACKAGE_VERSION "$version")
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif($same_abi)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
else()
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
endif()
# Built for targets with $pointer_bytes-byte pointers.
if(CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P EQUAL $pointer_bytes)
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF
say "$cmakedir/dukeConfig.cmake, dukeConfigVersion.cmake"

# A prefix that pkg-config or the dynamic loader does not search (say
# $HOME/.local): print the lines that make a build and a run find it.
pc_path=$(pkg-config --variable pc_path pkg-config 2> /dev/null || true)
loader_dirs=$(cat /etc/ld.so.conf.d/*.conf 2> /dev/null | grep -v '^#' || true)
loader_dirs="$loader_dirs /lib /usr/lib /lib64 /usr/lib64"
searched_by_pkg_config=0
case ":$pc_path:${PKG_CONFIG_PATH:-}:" in *":$libdir/pkgconfig:"*) searched_by_pkg_config=1 ;; esac
searched_by_loader=0
ld_path=${LD_LIBRARY_PATH:-}
for d in $loader_dirs ${ld_path//:/ }; do
    [ "$d" = "$libdir" ] && searched_by_loader=1
done
if [ -z "$destdir" ] && { [ "$searched_by_pkg_config" = 0 ] || [ "$searched_by_loader" = 0 ]; }; then
    echo
    echo "install.sh: $prefix is not a prefix the system searches. To build against duke:"
    echo "  export PKG_CONFIG_PATH=\"$libdir/pkgconfig\${PKG_CONFIG_PATH:+:\$PKG_CONFIG_PATH}\""
    echo "  cc app.c \$(pkg-config --cflags --libs duke) -o app"
    echo "and to run the program, either let the loader find libduke.so:"
    echo "  export LD_LIBRARY_PATH=\"$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\""
    echo "or build the library's directory into the program (an rpath):"
    echo "  cc app.c \$(pkg-config --cflags --libs duke) -Wl,-rpath,$libdir -o app"
    echo "(CMake: -DCMAKE_PREFIX_PATH=$prefix)"
fi
