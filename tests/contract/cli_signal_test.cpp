// SIGINT, SIGTERM or SIGHUP while an output is being written: the run dies of the signal
// (the shell sees the interruption), and no temporary output (out.json.tmp.XXXXXXXX) and
// no partial output is left; an earlier output stays as it was. The test hook
// FASTVMAF_TEST_HOLD_OUTPUT_MS (io/output_writer.cpp) holds the finished temporary file
// before its rename, and the signal is sent once it is there.
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

class Interrupted : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_signal_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string video(const std::string& name, unsigned seed) {
    std::ofstream f(path(name), std::ios::binary);
    f << "YUV4MPEG2 W32 H32 F25:1 Ip A1:1 C420jpeg\n";
    std::mt19937 rng(seed);
    std::string payload(32 * 32 * 3 / 2, '\0');
    for (int i = 0; i < 2; ++i) {
      for (auto& c : payload) c = static_cast<char>(rng() % 256);
      f << "FRAME\n" << payload;
    }
    return path(name);
  }

  // A temporary output with something written in it (not the empty one that the check
  // of the output's folder makes and removes at start-up).
  // The run creates, renames and removes files while this looks, so an entry may be gone
  // by the time its size is asked: that is "not written yet", never an error.
  bool written_temporary() const {
    std::error_code ec;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().filename().string().find(".json.tmp.") == std::string::npos) continue;
      std::error_code size_ec;
      const auto size = fs::file_size(it->path(), size_ec);
      if (!size_ec && size > 0) return true;
    }
    return false;
  }

  // Starts the CLI with `args`, sends `sig` once a temporary output is written, and
  // returns the wait status.
  int interrupt(const std::vector<std::string>& args, int sig) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    ::setenv("FASTVMAF_TEST_HOLD_OUTPUT_MS", "30000", 1);
    const pid_t pid = ::fork();
    if (pid == 0) {
      const int out = ::open(path("stderr.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, 1);
      ::dup2(out, 2);
      std::vector<char*> a;
      for (const auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
      a.push_back(nullptr);
      ::execv(a[0], a.data());
      ::_exit(127);
    }
    ::unsetenv("FASTVMAF_TEST_HOLD_OUTPUT_MS");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    bool seen = false;
    int status = 0;
    while (!(seen = written_temporary()) && std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        ADD_FAILURE() << "the run ended before its output was written: " << read_file(path("stderr.txt"));
        return status;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_TRUE(seen) << "no temporary output appeared: " << read_file(path("stderr.txt"));
    ::kill(pid, seen ? sig : SIGKILL);
    ::waitpid(pid, &status, 0);
    return status;
  }

  std::vector<std::string> outputs_left() const {
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().filename().string().find(".json") != std::string::npos) left.push_back(e.path().filename());
    return left;
  }

  fs::path dir_;
};

TEST_F(Interrupted, ASignalDuringTheWriteLeavesNoTemporaryAndNoOutput) {
  const std::string r = video("r.y4m", 1), d = video("d.y4m", 2);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    SCOPED_TRACE(sig);
    const int status = interrupt({"-r", r, "-d", d, "-n", "--feature", "psnr", "--json", "-o", path("out.json")}, sig);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "wait status " << status;
    EXPECT_TRUE(outputs_left().empty()) << outputs_left().front();
  }
}

TEST_F(Interrupted, AnEarlierOutputStaysAsItWas) {
  const std::string r = video("r.y4m", 3), d = video("d.y4m", 4);
  std::ofstream(path("out.json")) << "earlier result\n";
  const int status =
      interrupt({"-r", r, "-d", d, "-n", "--feature", "psnr", "--json", "-o", path("out.json")}, SIGTERM);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "wait status " << status;
  EXPECT_EQ(read_file(path("out.json")), "earlier result\n");
  EXPECT_EQ(outputs_left(), std::vector<std::string>{"out.json"});
}

TEST_F(Interrupted, ABatchLeavesNoTemporaryOfAnyPair) {
  video("r.y4m", 5);
  video("d.y4m", 6);
  {
    std::ofstream m(path("m.tsv"));
    for (int k = 0; k < 4; ++k) m << "r.y4m\td.y4m\tout" << k << ".json\n";
  }
  const int status = interrupt({"--batch", path("m.tsv"), "--batch-jobs", "4", "-n", "--feature", "psnr", "--json"},
                               SIGINT);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "wait status " << status;
  EXPECT_TRUE(outputs_left().empty()) << outputs_left().front();
}

}  // namespace
}  // namespace fastvmaf::test
