#!/usr/bin/env bash
# The octal engines against an earlier commit of grundy itself, in the same run: `benches/against.sh REV` builds
# REV's release binary in a scratch worktree, then times both binaries on the same `grundy seq` commands, runs
# alternating (RUNS times each, default 5, best time kept), and compares the values by md5. Prints the ratio
# new / old per command; exits 1 when checksums differ. Used for "octal speed within 5% of before" checks, e.g.
# `benches/against.sh 479d2f8`. About two minutes, plus REV's build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
REV=${1:?usage: benches/against.sh REV}
RUNS=${RUNS:-5}
OLD_TREE=$WORK/old
git -C "$ROOT" worktree add -q --detach "$OLD_TREE" "$REV"
trap 'git -C "$ROOT" worktree remove --force "$OLD_TREE" >/dev/null 2>&1 || true; on_exit' EXIT
(cd "$OLD_TREE" && CARGO_TARGET_DIR=$WORK/old-target cargo build --release -q -p grundy-cli)
OLD=$WORK/old-target/release/grundy
printf '%-40s %10s %10s %9s  %s\n' "command" "old (s)" "new (s)" "new/old" "checksums"
# Runs of a second or more (shorter ones time the scheduler, not the engine); Kayles with --engine fast, since its
# certified period would otherwise fill the values without the engine.
for args in "seq 0.6 --to 1000000 --threads 1" "seq 0.6 --to 1000000 --threads 2" "seq 4!.0 --to 1000000 --threads 1" \
            "seq 0.007 --to 262144 --threads 1" "seq 0.77 --to 1000000 --engine fast --threads 1"; do
  old_best=""; new_best=""
  for _ in $(seq "$RUNS"); do
    t0=$(now_ns); old_sum=$($OLD $args | md5sum); t1=$(now_ns)
    new_sum=$($G $args | md5sum); t2=$(now_ns)
    d_old=$((t1 - t0)); d_new=$((t2 - t1))
    if [ -z "$old_best" ] || [ "$d_old" -lt "$old_best" ]; then old_best=$d_old; fi
    if [ -z "$new_best" ] || [ "$d_new" -lt "$new_best" ]; then new_best=$d_new; fi
  done
  same=same
  if [ "$old_sum" != "$new_sum" ]; then same=DIFFERENT; differ; fi
  printf '%-40s %10.3f %10.3f %9s  %s\n' "$args" "$(echo "$old_best / 10^9" | bc -l)" \
    "$(echo "$new_best / 10^9" | bc -l)" "$(ratio "$new_best" "$old_best" 3)" "$same"
done
