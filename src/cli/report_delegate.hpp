// `fastvmaf report` and `--html`: the report is drawn by the Python package's
// fastvmaf.report (python/fastvmaf/report.py), which the command runs, so there is one
// drawing code for the CLI and Python. The package is looked for beside this program (the
// build tree's python/, an installed prefix's site folder) before Python's own path.
#pragma once

#include <string>
#include <vector>

#include "fastvmaf/result.hpp"

namespace fastvmaf::cli {

// `fastvmaf report ARGS...`: replaces this process with python3 -m fastvmaf.report ARGS;
// returns an exit code only when that cannot start (after saying why on stderr).
int exec_report(const std::vector<std::string>& args);

// --html PATH: the report of one run. Writes the run's JSON (every digit) to a temporary
// file, runs the report on it and waits. `label` names the run; `heatmaps`, when not
// empty, is the folder CAMBI wrote its heatmaps to. Throws std::runtime_error when the
// report cannot be drawn; no HTML file is then left.
void write_html_report(const Result& result, const std::string& path, const std::string& label,
                       const std::string& heatmaps);

}  // namespace fastvmaf::cli
