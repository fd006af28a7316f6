// Test helper: run a program, capture its exit status, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fastvmaf::test {

struct ProcessResult {
  int status = -1;  // exit code, or 128 + signal
  std::string out, err;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs argv[0] with argv; stdout and stderr go to the given files (or /dev/null when
// empty) and are read back.
inline ProcessResult run_process(const std::vector<std::string>& argv, const std::string& out_path = "",
                                 const std::string& err_path = "") {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    const int o = open(out_path.empty() ? "/dev/null" : out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = err_path.empty() ? o : open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char*> a;
    for (const auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
    a.push_back(nullptr);
    execv(a[0], a.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  ProcessResult r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  if (!out_path.empty()) r.out = read_file(out_path);
  if (!err_path.empty()) r.err = read_file(err_path);
  return r;
}

}  // namespace fastvmaf::test
