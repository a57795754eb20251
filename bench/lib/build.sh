# Sourced by the bench/run-* scripts, from the repository's root: where a report's code comes from
# and how it is built.
#
#   use_committed_tree SCRIPT   sets tree to a clean export of HEAD (git archive) in
#                               bench/target/committed-COMMIT, and extra to the report's --source
#                               note naming the commit and SCRIPT; without it, tree is this one
#   build_tree                  builds the bench module and its upstream modules in $tree
#
# An export is built once per commit: the scripts that bench/run calls one after another measure
# the same build instead of each making its own, which took a minute and a half every time.

tree="$PWD"
extra=()

use_committed_tree() {
  local commit
  commit="$(git rev-parse --short HEAD)"
  tree="$PWD/bench/target/committed-$commit"
  extra=(--source "commit $commit, built from a clean export of it ($1 --committed)")
  if [[ ! -f "$tree/.built" ]]; then
    # Exports of other commits are stale: drop them with this one's unfinished build, if any.
    rm -rf "$PWD"/bench/target/committed-*
    mkdir -p "$tree"
    git archive HEAD | tar -x -C "$tree"
  fi
}

build_tree() {
  if [[ "$tree" != "$PWD" && -f "$tree/.built" ]]; then
    echo "using the build of ${tree#"$PWD"/}, made for an earlier report" >&2
    return
  fi
  (cd "$tree" && mvn -B -q -DskipTests -pl bench -am package)
  if [[ "$tree" != "$PWD" ]]; then
    touch "$tree/.built"
  fi
}
