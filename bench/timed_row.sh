# Sourced by the whole-process bench scripts: one table row, the command run twice (end
# to end times on a shared host move between runs), wall time and fps of FRAMES frame pairs.
#
#   timed_row NAME FRAMES LOG command...    the command's output goes to LOG; a failing
#                                           run prints the start of LOG and ends the row
timed_row() {
  local name=$1 frames=$2 log=$3
  shift 3
  for run in 1 2; do
    local t0 t1
    t0=$(date +%s.%N)
    if ! "$@" > "$log" 2>&1; then
      printf '%-48s run %d  failed: %s\n' "$name" $run "$(head -c 300 "$log" | tr '\n' ' ')"
      return 1
    fi
    t1=$(date +%s.%N)
    awk -v n="$frames" -v a="$t0" -v b="$t1" -v what="$name" -v r=$run \
      'BEGIN { printf "%-48s run %d  %5d frames  %7.3f s  %8.1f fps\n", what, r, n, b - a, n / (b - a) }'
  done
}
