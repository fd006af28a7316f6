#include "cli/report_delegate.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "fastvmaf/version.hpp"
#include "io/output_writer.hpp"

// Set by python/CMakeLists.txt where the Python module is built: the interpreter, and the
// package's folder relative to this program's, in the build tree and once installed.
#ifndef FASTVMAF_PYTHON_EXECUTABLE
#define FASTVMAF_PYTHON_EXECUTABLE ""
#endif
#ifndef FASTVMAF_PYTHON_FROM_BUILD
#define FASTVMAF_PYTHON_FROM_BUILD ""
#endif
#ifndef FASTVMAF_PYTHON_FROM_BINDIR
#define FASTVMAF_PYTHON_FROM_BINDIR ""
#endif

namespace fastvmaf::cli {

namespace {

namespace fs = std::filesystem;

const char* kNoPackage =
    "the report is drawn by the Python package fastvmaf, which was not found: build fastvmaf where python3-dev, "
    "python3-numpy and python3-pybind11 are installed, or put the package on PYTHONPATH";

std::string python() {
  const std::string built = FASTVMAF_PYTHON_EXECUTABLE;
  std::error_code ec;
  return !built.empty() && fs::exists(built, ec) ? built : "python3";
}

// PYTHONPATH with the package beside this program first (build tree, installed prefix).
void point_python_at_package() {
  std::error_code ec;
  const fs::path dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  if (ec) return;
  std::string path;
  for (const char* rel : {FASTVMAF_PYTHON_FROM_BUILD, FASTVMAF_PYTHON_FROM_BINDIR}) {
    if (!*rel) continue;
    const fs::path candidate = (dir / rel).lexically_normal();
    if (!fs::exists(candidate / "fastvmaf" / "report.py", ec)) continue;
    if (!path.empty()) path += ':';
    path += candidate.string();
  }
  if (path.empty()) return;
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) {
    path += ':';
    path += old;
  }
  ::setenv("PYTHONPATH", path.c_str(), 1);
}

std::vector<char*> c_argv(std::vector<std::string>& argv) {
  std::vector<char*> out;
  for (auto& a : argv) out.push_back(a.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

int exec_report(const std::vector<std::string>& args) {
  point_python_at_package();
  std::vector<std::string> argv{python(), "-m", "fastvmaf.report"};
  argv.insert(argv.end(), args.begin(), args.end());
  auto cargv = c_argv(argv);
  std::fflush(nullptr);
  ::execvp(cargv[0], cargv.data());
  std::fprintf(stderr, "fastvmaf: error: cannot run %s: %s; %s\n", argv[0].c_str(), std::strerror(errno), kNoPackage);
  return 1;
}

void write_html_report(const Result& result, const std::string& path, const std::string& label,
                       const std::string& heatmaps) {
  io::NumberFormat every_digit;
  every_digit.kind = io::NumberFormat::Kind::Max;
  const std::string json = io::render_output(result, io::OutputFormat::Json, every_digit, kVersion);
  char tmpl[] = "/tmp/fastvmaf-report-XXXXXX.json";
  const int fd = ::mkstemps(tmpl, 5);
  if (fd < 0) throw std::runtime_error(fmt::format("--html: cannot create a temporary file: {}", std::strerror(errno)));
  const bool written = ::write(fd, json.data(), json.size()) == static_cast<ssize_t>(json.size());
  ::close(fd);
  std::vector<std::string> argv{python(), "-m", "fastvmaf.report", tmpl, "-o", path, "--label", label};
  if (!heatmaps.empty()) argv.insert(argv.end(), {"--heatmaps", heatmaps});
  int status = -1;
  if (written) {
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
      point_python_at_package();
      auto cargv = c_argv(argv);
      ::execvp(cargv[0], cargv.data());
      std::fprintf(stderr, "fastvmaf: error: cannot run %s: %s\n", argv[0].c_str(), std::strerror(errno));
      ::_exit(127);
    }
    if (pid > 0)
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
  }
  ::unlink(tmpl);
  if (!written) throw std::runtime_error("--html: cannot write the run's scores to a temporary file");
  if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0))
    throw std::runtime_error(fmt::format("--html: the report {} was not written{}", path,
                                         WIFEXITED(status) && WEXITSTATUS(status) == 127 ? std::string("; ") + kNoPackage
                                         : WIFEXITED(status) && WEXITSTATUS(status) == 1
                                             ? std::string(" (see the message above; ") + kNoPackage + " if it is missing)"
                                             : std::string()));
}

}  // namespace fastvmaf::cli
