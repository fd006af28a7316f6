// Test helper: run a program, capture its exit status, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fastvmaf::test {

struct ProcessResult {
  int status = -1;  // exit code, or 128 + signal
  std::string out, err;
  long max_rss_kb = 0;  // the child's peak resident memory
  bool timed_out = false;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct RunOptions {
  std::string out_path;  // stdout goes here (/dev/null when empty) and is read back unless a device
  std::string err_path;  // stderr goes here (with stdout when empty) and is read back unless a device
  bool close_stdout = false;  // start the program with file descriptor 1 closed
  int timeout_s = 0;          // kill the program (SIGKILL) after this long; 0: never
  std::size_t address_space_mb = 0;  // RLIMIT_AS for the program (0: inherited), e.g. to make it run out of memory
};

// Runs argv[0] with argv as `o` says.
inline ProcessResult run_process(const std::vector<std::string>& argv, const RunOptions& o) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    const int out = open(o.out_path.empty() ? "/dev/null" : o.out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = o.err_path.empty() ? out : open(o.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(out, 1);
    dup2(e, 2);
    if (o.close_stdout) close(1);
    if (o.address_space_mb) {
      const rlimit lim{o.address_space_mb << 20, o.address_space_mb << 20};
      if (setrlimit(RLIMIT_AS, &lim) != 0) _exit(126);
    }
    std::vector<char*> a;
    for (const auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
    a.push_back(nullptr);
    execv(a[0], a.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  ProcessResult r;
  if (o.timeout_s > 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(o.timeout_s);
    while (wait4(pid, &status, WNOHANG, &usage) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        wait4(pid, &status, 0, &usage);
        r.timed_out = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  } else {
    wait4(pid, &status, 0, &usage);
  }
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  r.max_rss_kb = usage.ru_maxrss;
  // Devices (/dev/full reads as endless zeros) are not read back.
  auto readable = [](const std::string& p) { return !p.empty() && p.rfind("/dev/", 0) != 0; };
  if (readable(o.out_path)) r.out = read_file(o.out_path);
  if (readable(o.err_path)) r.err = read_file(o.err_path);
  return r;
}

// Runs argv[0] with argv; stdout and stderr go to the given files (or /dev/null when
// empty) and are read back.
inline ProcessResult run_process(const std::vector<std::string>& argv, const std::string& out_path = "",
                                 const std::string& err_path = "") {
  return run_process(argv, RunOptions{out_path, err_path});
}

}  // namespace fastvmaf::test
