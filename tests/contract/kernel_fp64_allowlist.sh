#!/bin/sh
# fp64 on the device only where the allowlist says so (../shared/DESIGN.md, "Numerics";
# docs/adr/0202-fp64-on-the-device.md): every kernel source is compiled to PTX, and every
# kernel (.entry) or device function (.func) whose body holds an .f64 instruction or
# register must match a line of the allowlist: an identifier, then the reason. A function
# matches when the identifier is its own name (demangled with c++filt: the last name
# before its template or parameter list, "listed_kernel" in
# "fastvmaf::demo::(anonymous namespace)::listed_kernel(double*)"). Listed kernels are reported with their count of fp64
# instructions; any other fp64 fails, naming the function and its first fp64 lines.
#
# usage: kernel_fp64_allowlist.sh ALLOWLIST PTX...
allow=$1
shift
[ -r "$allow" ] || { echo "FAIL no allowlist at $allow"; exit 1; }
[ $# -gt 0 ] || { echo "FAIL no PTX given"; exit 1; }
command -v c++filt >/dev/null || { echo "FAIL c++filt (binutils) is needed to read kernel names"; exit 1; }
status=0
for f in "$@"; do
  out=$(awk -v allow="$allow" '
    BEGIN {
      while ((getline line < allow) > 0) {
        sub(/#.*/, "", line)
        if (split(line, w, /[ \t]+/) >= 1 && w[1] != "") { n_allow++; ids[n_allow] = w[1] }
      }
    }
    function flush() {
      if (name == "") return
      if (f64 > 0) {
        listed = 0
        cmd = "c++filt \047" name "\047"
        dem = name
        cmd | getline dem
        close(cmd)
        for (k = 1; k <= n_allow; k++)
          if (match(dem, "(^|::|[ ])" ids[k] "[(<]")) listed = ids[k]
        if (listed) printf "ok   %s: %d lines with fp64 (allowlisted as %s)\n", dem, f64, listed
        else { printf "FAIL %s uses fp64 and is not allowlisted:\n%s", dem, first; bad = 1 }
      }
      name = ""; f64 = 0; first = ""; shown = 0
    }
    /^[ \t]*(\.visible[ \t]+|\.weak[ \t]+)?\.(entry|func)[ \t]/ {
      flush()
      s = $0
      sub(/^.*\.(entry|func)[ \t]+/, "", s)
      sub(/^\([^)]*\)[ \t]*/, "", s)   # a .func return value
      match(s, /^[A-Za-z_$][A-Za-z0-9_$]*/)
      name = substr(s, RSTART, RLENGTH)
      kernels += 1
      next
    }
    name != "" && /\.f64([^A-Za-z0-9_]|$)/ {
      f64++
      if (shown < 3) { first = first "    " $0 "\n"; shown++ }
    }
    END { flush(); if (kernels == 0) { print "FAIL no kernel found"; bad = 1 }; exit bad }
  ' "$f")
  rc=$?
  echo "$out" | sed '/^$/d'
  if [ $rc -ne 0 ]; then status=1; else echo "ok   $f: no fp64 outside the allowlist"; fi
done
exit $status
