// The main() of every fuzz target when it is not built for libFuzzer (gcc, CI): it
// replays the target's seed corpus and a fixed number of deterministic mutations of
// the seeds (byte flips, truncations, deletions, insertions of dictionary tokens or
// random bytes), calling LLVMFuzzerTestOneInput on each. Under the sanitizer build any
// out-of-bounds access, leak or undefined behaviour aborts the run; an input that
// makes the process's peak memory pass --rss-limit-mb (libFuzzer's default, 2048)
// fails it too, naming the input.
//
// usage: TARGET CORPUS_DIR [DICT_FILE|-] [MUTATIONS]
#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// libFuzzer's dictionary format: one "token" a line (after an optional name=), with
// \\, \" and \xNN escapes; # starts a comment.
std::vector<std::string> read_dictionary(const std::string& path) {
  std::vector<std::string> tokens;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    const auto open = line.find('"');
    const auto close = line.rfind('"');
    if (line.empty() || line[0] == '#' || open == std::string::npos || close <= open) continue;
    std::string t;
    for (std::size_t i = open + 1; i < close; ++i) {
      if (line[i] != '\\' || i + 1 >= close) {
        t += line[i];
      } else if (line[i + 1] == 'x' && i + 3 < close) {
        t += static_cast<char>(std::stoi(line.substr(i + 2, 2), nullptr, 16));
        i += 3;
      } else {
        t += line[++i];
      }
    }
    tokens.push_back(t);
  }
  return tokens;
}

long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [DICT_FILE|-] [MUTATIONS] [--rss-limit-mb=N]\n", argv[0]);
    return 2;
  }
  const std::string dict_path = argc > 2 ? argv[2] : "-";
  const int mutations = argc > 3 ? std::atoi(argv[3]) : 2000;
  long rss_limit_mb = 2048;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]).rfind("--rss-limit-mb=", 0) == 0) rss_limit_mb = std::atol(argv[i] + 15);

  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(argv[1]))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::fprintf(stderr, "%s: no seeds in %s\n", argv[0], argv[1]);
    return 2;
  }
  std::vector<std::string> seeds;
  for (const auto& f : files) seeds.push_back(slurp(f));
  std::vector<std::string> tokens = dict_path == "-" ? std::vector<std::string>{} : read_dictionary(dict_path);
  if (tokens.empty()) tokens = {"0", "1", "-1", "4294967296", "\n", " ", ":", "=", "\"", "\xff"};

  auto run = [&](const std::string& input, const std::string& what) {
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
    if (peak_rss_mb() > rss_limit_mb) {
      std::fprintf(stderr, "%s: %s took the peak memory to %ld MB (limit %ld MB)\n", argv[0], what.c_str(),
                   peak_rss_mb(), rss_limit_mb);
      std::exit(1);
    }
  };
  for (std::size_t i = 0; i < seeds.size(); ++i) run(seeds[i], "seed " + files[i].filename().string());

  std::mt19937 rng(12345);
  for (int i = 0; i < mutations; ++i) {
    const std::size_t from = rng() % seeds.size();
    std::string s = seeds[from];
    const int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits; ++e) {
      const std::size_t pos = s.empty() ? 0 : rng() % (s.size() + 1);
      switch (rng() % 6) {
        case 0: if (pos < s.size()) s[pos] = static_cast<char>(rng()); break;          // flip a byte
        case 1: s.resize(pos); break;                                                 // truncate
        case 2: s.insert(pos, tokens[rng() % tokens.size()]); break;                  // a token
        case 3: if (pos < s.size()) s.erase(pos, 1 + rng() % 8); break;               // delete a run
        case 4: s.insert(pos, std::string(1 + rng() % 64, static_cast<char>(rng()))); break;  // a run of one byte
        default: if (pos < s.size()) s[pos] = static_cast<char>(s[pos] ^ (1 << (rng() % 8))); break;  // a bit
      }
    }
    run(s, "mutation " + std::to_string(i) + " of seed " + files[from].filename().string());
  }
  std::printf("%s: %zu seeds and %d mutations, no crash (peak %ld MB)\n", fs::path(argv[0]).filename().c_str(),
              seeds.size(), mutations, peak_rss_mb());
  return 0;
}
