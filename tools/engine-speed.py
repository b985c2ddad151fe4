#!/usr/bin/env python3
"""Searches three middle-game positions with engines that speak the engine
protocol (docs/src/engine-protocol.md), taking turns, and prints for each
engine and round the nodes, the depths reached, the wall time, the engine
process's CPU time and the nodes per CPU-second. Taking turns keeps the
machine's changes of speed from favouring either side; CPU time (user and
system, all threads, read from the process's rusage) is less sensitive to
other programs than wall time, but a busy machine still slows every run.

    python3 tools/engine-speed.py [--go "depth 4"] [--rounds 6] \\
        "target/release/duke engine" "target/release/duke engine --threads 2"

Each engine is a command line, split on spaces. `--go` is what follows `go`
for every position: `depth 4`, `nodes 1000000`, `movetime 1000`.
"""

import argparse
import os
import subprocess

POSITIONS = [
    "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40",
    "s1mdi1/2+r+p2/fF1+l2/6/+C+F1+R2/L1DG+p1 d ABIMNPPPS/abcfgknpw 2 51",
    "2+bk+di/+f4+M/+P1+f2+W/2+CfG1/6/1FDN2 d ABFIKLP/acgnppprw 0 63",
]


def field(words, name):
    return words[words.index(name) + 1]


def run(command, go):
    p = subprocess.Popen(command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    nodes, ms, answers = 0, 0, []
    for dpn in POSITIONS:
        p.stdin.write(f"position dpn {dpn}\ngo {go}\n")
        p.stdin.flush()
        info = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"{command}: the engine stopped")
            words = line.split()
            if words and words[0] == "error":
                raise SystemExit(f"{command}: {line.strip()}")
            if words and words[0] == "info":
                info = words
            if words and words[0] == "bestdecision":
                break
        nodes += int(field(info, "nodes"))
        ms += int(field(info, "time"))
        answers.append(f"{words[1]} depth {field(info, 'depth')}")
    p.stdin.write("quit\n")
    p.stdin.close()
    _, _, usage = os.wait4(p.pid, 0)
    return nodes, ms, usage.ru_utime + usage.ru_stime, answers


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--go", default="depth 4")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("engines", nargs="+")
    args = ap.parse_args()
    totals = {e: [0, 0, 0.0] for e in args.engines}
    for r in range(1, args.rounds + 1):
        for e in args.engines:
            nodes, ms, cpu, answers = run(e, args.go)
            t = totals[e]
            t[0] += nodes
            t[1] += ms
            t[2] += cpu
            print(
                f"round {r} [{e}]: {nodes} nodes, {ms} ms, {cpu:.2f} CPU s, "
                f"{nodes / cpu / 1e3:.0f} k nodes per CPU s; {', '.join(answers)}",
                flush=True,
            )
    for e, (nodes, ms, cpu) in totals.items():
        print(
            f"total [{e}]: {nodes} nodes, {ms} ms, {cpu:.2f} CPU s, "
            f"{nodes / cpu / 1e3:.0f} k nodes per CPU s, {nodes / max(ms, 1):.0f} k nodes per s"
        )


if __name__ == "__main__":
    main()
