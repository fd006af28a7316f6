# Every dependency is a Debian package (see the Makefile's deps target).
find_package(Threads REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)
# Header-only fmt: Debian ships no static libfmt, and binaries built here must
# also run on the device machine (Ubuntu) where no libfmt.so is installed.
find_package(fmt CONFIG REQUIRED)
if(FASTVMAF_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
endif()
if(FASTVMAF_BUILD_BENCH)
  find_package(benchmark CONFIG QUIET)
endif()
