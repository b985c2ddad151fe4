//! Gives the shared library a SONAME on ELF systems, so that a program
//! linked against `libduke.so` records `libduke.so.<ABI>` and finds the
//! versioned file that `duke-c/install.sh` installs, as with any system
//! library. The ABI part is the major version, or `0.<minor>` before 1.0
//! (a 0.x minor release may break the ABI), as cargo-c names it.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly"
    );
    if !elf {
        return;
    }
    let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version");
    let minor = env::var("CARGO_PKG_VERSION_MINOR").expect("cargo sets the version");
    let abi = if major == "0" {
        format!("0.{minor}")
    } else {
        major
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libduke.so.{abi}");
}
