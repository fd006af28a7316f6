// The fastvmaf command: libvmaf's `vmaf` flags, plus --backend and --precision.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/batch.hpp"
#include "cli/cli_args.hpp"
#include "cli/ladder.hpp"
#include "cli/output_guard.hpp"
#include "cli/profile.hpp"
#include "cli/report_delegate.hpp"
#include "cli/score_pair.hpp"
#include "core/cpu.hpp"
#include "core/rcpss.hpp"
#include "core/registry.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/version.hpp"
#include "gpu/runtime.hpp"
#include "io/output_writer.hpp"

namespace {

// The inputs' sizes differ and --scale was not given (for the hint after the error).
bool g_sizes_differ = false;

// Sizes differ: an encode at a lower resolution is scored after scaling it.
void print_scale_hint() {
  std::fprintf(stderr, "fastvmaf: hint: --scale scales the distorted video to the reference's size "
                       "(bicubic, as ffmpeg's scale filter)\n");
}

// One line per extractor: name, the backends implementing it, the features it provides.
// An experimental twin that this run would not use ($FASTVMAF_EXPERIMENTAL_TWINS does
// not name it) is listed as "cuda(experimental)": exact, but slower than the CPU.
void list_features() {
  // A backend in a module of its own (HIP, SYCL) registers its twins when it is loaded.
  for (auto b : {fastvmaf::Backend::Cuda, fastvmaf::Backend::Hip, fastvmaf::Backend::Sycl})
    (void)fastvmaf::gpu::find_runtime(b);
  const auto& reg = fastvmaf::Registry::instance();
  for (const auto* e : reg.all()) {
    std::string backends;
    for (auto b : {fastvmaf::Backend::Cpu, fastvmaf::Backend::Cuda, fastvmaf::Backend::Hip, fastvmaf::Backend::Sycl})
      if (reg.factory(e->name, b) || reg.withheld(e->name, b))
        backends += (backends.empty() ? "" : ",") + std::string(fastvmaf::to_string(b)) +
                    (reg.withheld(e->name, b) ? "(experimental)" : "");
    std::string provided;
    for (const auto& f : e->provided_features) provided += (provided.empty() ? "" : " ") + f;
    std::printf("%s\t%s\t%s\n", e->name.c_str(), backends.empty() ? "-" : backends.c_str(), provided.c_str());
  }
}

// Which DSP entries run: the CPU's flags, those FASTVMAF_CPU_MASK switches off, and the
// level the feature tables are filled for (core/cpu.hpp).
std::string cpu_paths() {
  namespace cpu = fastvmaf::cpu;
  return fmt::format("cpu: {}; switched off by FASTVMAF_CPU_MASK: {}; SIMD entries: {}", cpu::describe(cpu::detected()),
                     cpu::describe(cpu::masked() & cpu::detected()), cpu::to_string(cpu::level_of(cpu::active())));
}

// float_adm's values (and the vmaf_float_* models') follow the CPU's rcpss, as libvmaf's
// do (core/rcpss.hpp): say which estimate this CPU gives.
std::string rcpss_line() {
  namespace cpu = fastvmaf::cpu;
  return fmt::format("rcpss: {} (signature {:016x}; float_adm follows this CPU's reciprocal estimate, as libvmaf does)",
                     cpu::to_string(cpu::rcpss_family()), cpu::rcpss_signature());
}

// Started with descriptor 0, 1 or 2 closed, the next file opened would take its number
// and stdout's writes would land in it. Each closed one is opened on /dev/null, 1 and 2
// read-only, so that a write to them fails (and is reported) rather than vanishing.
void reserve_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
    const int n = ::open("/dev/null", O_RDONLY);
    if (n >= 0 && n != fd) {
      ::dup2(n, fd);
      ::close(n);
    }
  }
}

// SIGINT, SIGTERM, SIGHUP: remove the temporary output files being written (an output is
// complete or absent, even when interrupted), then die of the signal as before, so the
// shell sees the interruption. A signal the process was started ignoring stays ignored.
extern "C" void on_terminating_signal(int sig) {
  fastvmaf::io::remove_temporary_outputs();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void remove_temporaries_on_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
    struct sigaction sa {};
    sa.sa_handler = on_terminating_signal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

int run(fastvmaf::cli::Args& args, int argc, char** argv) {
  CLI::App app{"fastvmaf: score a distorted video against its reference with VMAF and its features, "
               "bit-exact with libvmaf"};
  if (auto code = fastvmaf::cli::parse(app, args, argc, argv)) return *code;

  if (args.show_version) {
    const std::string paths = cpu_paths();  // throws for a bad FASTVMAF_CPU_MASK
    std::printf("fastvmaf %s (libvmaf %s numbers)\n%s\n%s\n", fastvmaf::kVersion, fastvmaf::kLibvmafVersion,
                paths.c_str(), rcpss_line().c_str());
    return 0;
  }
  if (args.list_features) {
    list_features();
    return 0;
  }

  // Before anything is scored: an output that cannot be written would lose the run.
  fastvmaf::cli::check_model_names(args);
  if (args.dis_paths.size() > 1) fastvmaf::cli::check_ladder_outputs(args);
  if (!args.output_path.empty() && !fastvmaf::cli::standard_stream_writing(args.output_path))
    fastvmaf::io::check_output_path(args.output_path);
  if (!args.output_path.empty())
    fastvmaf::cli::refuse_output_over_input(args.output_path, {args.ref_path, args.dis_path});
  if (!args.html_path.empty()) {
    fastvmaf::io::check_output_path(args.html_path);
    fastvmaf::cli::refuse_output_over_input(args.html_path, {args.ref_path, args.dis_path});
  }

  const bool tty = ::isatty(::fileno(stderr));
  auto warn = [](const std::string& w) { std::fprintf(stderr, "fastvmaf: warning: %s\n", w.c_str()); };
  for (const auto& note : args.notes) std::fprintf(stderr, "fastvmaf: %s\n", note.c_str());

  // A batch shares the threads out between the pairs it scores at once.
  // (a ladder shares them out between its encodes' runs: engine/ladder_run.hpp).
  args.all_threads = args.engine.threads;
  if (!args.batch_path.empty()) args.engine.threads = fastvmaf::cli::batch_threads_per_job(args);
  const auto t_engine = std::chrono::steady_clock::now();
  fastvmaf::Engine engine(args.engine);
  const double engine_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_engine).count();
  const std::size_t notes_before = engine.notes().size();
  for (const auto& note : engine.notes()) std::fprintf(stderr, "fastvmaf: %s\n", note.c_str());
  if (!args.batch_path.empty()) return fastvmaf::cli::run_batch(engine, args);
  if (args.dis_paths.size() > 1) {
    const int code = fastvmaf::cli::run_ladder(engine, args, g_sizes_differ, engine_s);
    if (g_sizes_differ) print_scale_hint();  // an encode failed on its size; the others went on
    return code;
  }

  std::function<void(unsigned)> progress;
  if (tty && !args.quiet) {
    progress = [t0 = std::chrono::steady_clock::now()](unsigned n) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::fprintf(stderr, "\r%u frame%s %.2f FPS\033[K", n, n == 1 ? " " : "s", s > 0 ? n / s : 0.0);
      std::fflush(stderr);
    };
  }
  const fastvmaf::cli::PairJob job{args.ref_path, args.dis_path, args.output_path, args.raw, args.raw_geometry};
  const fastvmaf::cli::PairHooks hooks{
      progress, warn, [](const std::string& n) { std::fprintf(stderr, "fastvmaf: %s\n", n.c_str()); }};
  const fastvmaf::Result result = fastvmaf::cli::score_pair(engine, args, job, hooks, g_sizes_differ);
  if (progress) std::fprintf(stderr, "\n");
  // --backend auto decides on its device during the run (its probe, its twins): say what.
  const auto notes = engine.notes();
  for (std::size_t k = notes_before; k < notes.size(); ++k) std::fprintf(stderr, "fastvmaf: %s\n", notes[k].c_str());
  if (args.profile) fastvmaf::cli::print_profile(engine_s, result);
  if (!args.html_path.empty()) {
    std::string heatmaps;  // where a cambi feature writes its heatmaps, for the report to show
    for (const auto& f : args.engine.features)
      for (const auto& [key, value] : f.options)
        if (f.name == "cambi" && key == "heatmaps_path") heatmaps = value;
    fastvmaf::cli::write_html_report(result, args.html_path,
                                     std::filesystem::path(args.dis_path).stem().string(), heatmaps);
    if (!args.quiet) std::fprintf(stderr, "fastvmaf: report: %s\n", args.html_path.c_str());
  }

  if (!args.quiet || args.output_path.empty()) {
    // As libvmaf's CLI: every model's pooled mean, then one line per collection.
    for (const auto& m : result.models) std::printf("%s: %f\n", m.label.c_str(), m.mean);
    for (const auto& m : result.models)
      if (m.bootstrap)
        std::printf("%s: %f, ci.p95: [%f, %f], stddev: %f\n", m.label.c_str(), m.bagging, m.ci_lo, m.ci_hi,
                    m.stddev);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  reserve_standard_descriptors();
  // `fastvmaf report JSON... -o report.html`: the report's own command line.
  if (argc > 1 && std::string(argv[1]) == "report") return fastvmaf::cli::exec_report({argv + 2, argv + argc});
  remove_temporaries_on_signals();
  fastvmaf::cli::Args args;
  int code = 1;
  try {
    code = run(args, argc, argv);
  } catch (const std::bad_alloc&) {
    // Pictures, frame buffers and decoders are allocated as a run starts and as frames
    // arrive; the frames in flight grow with --threads.
    std::fprintf(stderr,
                 "%sfastvmaf: error: out of memory: the run needs more memory than this process may use "
                 "(fewer --threads keep fewer frames in flight)\n",
                 ::isatty(::fileno(stderr)) ? "\n" : "");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%sfastvmaf: error: %s\n", ::isatty(::fileno(stderr)) ? "\n" : "", e.what());
    // The default model needs CAMBI and SpEED, which refuse small frames.
    if (args.default_model && std::string(e.what()).find("too small") != std::string::npos)
      std::fprintf(stderr, "fastvmaf: hint: for small frames choose a model without CAMBI and SpEED, e.g. "
                           "-m version=vmaf_v0.6.1\n");
    if (g_sizes_differ) print_scale_hint();
  }
  // What went to stdout (scores, an output, --version) must have arrived: a full disk or
  // a closed stdout is an error, not a silent success.
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (!flushed || std::ferror(stdout)) {
    std::fprintf(stderr, "fastvmaf: error: cannot write to standard output%s%s\n", errno ? ": " : "",
                 errno ? std::strerror(errno) : "");
    code = 1;
  }
  return code;
}
