# fastvmaf — set-up, build, demo and test on a fresh Debian 12 machine.
#   make demo   install what is needed, build, score a generated sample pair, draw its report
#   make test   install what is needed, build, run the whole CPU suite (ctest: the Python
#               module's tests and the report's in headless Chromium included)

BUILD     ?= build
JOBS      ?= $(shell nproc)
CMAKE_ARGS ?=
# The shared data (models, corpus, goldens): ../shared beside this checkout, or beside
# the repository this one was cloned from.
SHARED    ?= $(shell for d in "$(CURDIR)/../shared" "$$(git config --get remote.origin.url 2>/dev/null)/../shared"; do \
               [ -d "$$d/golden" ] && { cd "$$d" && pwd; break; }; done)
DEMO_DIR  := $(BUILD)/demo

# Debian packages the build, the tests and the demo need.
DEBS := cmake ninja-build g++ pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev \
        libgtest-dev libbenchmark-dev ffmpeg xz-utils time \
        libavformat-dev libavcodec-dev libswscale-dev libavutil-dev \
        hipcc libamdhip64-dev rocm-device-libs \
        python3-dev python3-numpy python3-pybind11 pybind11-dev python3-pandas python3-distributed python3-pil chromium

# The SYCL backend is built and tested (on the SYCL CPU device) when the shared folder
# holds the AdaptiveCpp toolchain; it needs Debian's clang/LLVM 16 and Boost's fibers.
ACPP_ARCHIVE := $(wildcard $(SHARED)/toolchains/adaptivecpp/adaptivecpp-24.06-debian12-prefix.tar.xz)
DEBS += $(if $(ACPP_ARCHIVE),clang-16 llvm-16-dev libclang-16-dev libomp-16-dev libboost-context-dev libboost-fiber-dev)

.PHONY: all deps check-shared configure build test demo bench clean

all: build

# Installs only what is missing; silent when everything is there.
deps:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# The shared data is optional: without it everything builds and scores (the models are
# built in), and the tests that need libvmaf's golden outputs or the corpus are left out.
check-shared:
	@[ -n "$(SHARED)" ] && [ -d "$(SHARED)/golden" ] || \
	  echo "note: no shared data folder (../shared: corpus, goldens) found: building without the golden" \
	       "tests; give its path with make SHARED=/path/to/shared" >&2

$(BUILD)/build.ninja: | check-shared
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release $(if $(SHARED),-DFASTVMAF_SHARED_DIR=$(SHARED)) $(CMAKE_ARGS)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The whole suite in the release build, then the tests labelled "sanitize" (every
# feature on sizes libvmaf cannot score, the fuzz replays) and the unit tests again in
# an AddressSanitizer + UBSan build.
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 1800
	cmake -S . -B $(BUILD)-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFASTVMAF_SANITIZE=ON \
	  -DFASTVMAF_BUILD_BENCH=OFF -DFASTVMAF_CUDA=OFF -DFASTVMAF_HIP=OFF -DFASTVMAF_SYCL=OFF -DFASTVMAF_PYTHON=OFF \
	  $(if $(SHARED),-DFASTVMAF_SHARED_DIR=$(SHARED)) -DFASTVMAF_CORPUS_DIR=$(abspath $(BUILD))/corpus $(CMAKE_ARGS)
	cmake --build $(BUILD)-asan -j $(JOBS) --target sanitize_suite
	cd $(BUILD)-asan && ctest --output-on-failure -j $(JOBS) --timeout 1800 -L 'sanitize|unit'

# A synthetic source (ffmpeg's testsrc2) and an x264 encode of it, then the scores of
# the .mp4, decoded on the fly.
demo: build
	@mkdir -p $(DEMO_DIR)
	@[ -f $(DEMO_DIR)/ref.y4m ] || ffmpeg -nostdin -loglevel error -y -f lavfi \
	  -i testsrc2=size=640x360:rate=24:duration=2 -pix_fmt yuv420p -f yuv4mpegpipe -strict -1 $(DEMO_DIR)/ref.y4m
	@[ -f $(DEMO_DIR)/dis.mp4 ] || ffmpeg -nostdin -loglevel error -y -i $(DEMO_DIR)/ref.y4m \
	  -c:v libx264 -preset veryfast -crf 38 $(DEMO_DIR)/dis.mp4
	@echo "scoring $(DEMO_DIR)/dis.mp4 (x264 crf 38) against $(DEMO_DIR)/ref.y4m (testsrc2, 640x360, 48 frames)"
	$(BUILD)/src/fastvmaf -r $(DEMO_DIR)/ref.y4m -d $(DEMO_DIR)/dis.mp4 \
	  -m version=vmaf_v1.0.16_3d0h:name=vmaf_v1 -m version=vmaf_v0.6.1:name=vmaf --feature psnr \
	  --json -o $(DEMO_DIR)/scores.json --html $(DEMO_DIR)/report.html
	@echo "per-frame and pooled scores: $(DEMO_DIR)/scores.json"
	@echo "report (open it in a browser): $(abspath $(DEMO_DIR))/report.html"

bench: build
	bench/run_bench.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD)-asan
