# GPU backends: CUDA (nvcc) and HIP (Debian's hipcc), built from the same sources, and
# SYCL (AdaptiveCpp's acpp; Intel's icpx -fsycl), whose kernels call the same work-items.
#
#   FASTVMAF_CUDA, FASTVMAF_HIP, FASTVMAF_SYCL
#                                 AUTO (default: on when the compiler is found), ON, OFF
#   FASTVMAF_SYCL_COMPILER        acpp or icpx (default: AdaptiveCpp unpacked from
#                                 FASTVMAF_ACPP_ARCHIVE into the build folder, else acpp or
#                                 icpx on the PATH)
#   FASTVMAF_ACPP_ARCHIVE         default: the shared folder's toolchains/adaptivecpp prefix
#   FASTVMAF_SYCL_TARGETS         acpp's --acpp-targets (default omp;generic: the CPU through
#                                 OpenMP, every GPU through the runtime's JIT)
#   CMAKE_CUDA_ARCHITECTURES      real code for sm_75 .. sm_120 plus PTX, overridable
#   FASTVMAF_HIP_ARCHITECTURES    gfx90a;gfx1030;gfx940, overridable
#
# What is built from where (../shared/DESIGN.md, "Backends and where they run"):
#   src/gpu/*.cpp                       backend-neutral (frame layout, the registry of
#                                       runtimes): in every build, CPU-only too
#   src/gpu/backend/*.cpp, *.cu         the device runtime wrappers   } once per
#   src/features/<name>/gpu/*.cpp, *.cu the twins                     } backend
# A backend's copy of a source is a generated one-line unit in the build tree that
# defines FASTVMAF_GPU_CUDA or FASTVMAF_GPU_HIP and includes the source. So one target
# holds both copies, and src/gpu/compat.hpp puts every symbol of a copy in the
# backend's inline namespace (gpu::cuda, gpu::hip): no clash, one binary.
#
# CUDA links the static runtime (cudart_static), so binaries built here run on any
# machine with an NVIDIA driver and none without one (the runtime then reports no
# device). The HIP backend is a module of its own, libfastvmaf_hip.so (its host units,
# its kernels and Debian's libamdhip64.so.5), which src/gpu/runtime.cpp loads only when
# HIP is asked for: binaries with it start and run on the CPU or CUDA where ROCm is not
# installed (docs/adr/0007-install-and-apis.md). The module's undefined symbols resolve
# against the library or executable that loads it, so executables that may load it
# export their symbols (fastvmaf_link_engine in src/CMakeLists.txt); where it is looked
# for is src/core/module_loader.cpp's, shared with the compressed-input module.

set(FASTVMAF_CUDA AUTO CACHE STRING "Build the CUDA backend: AUTO (when nvcc is found), ON or OFF")
set_property(CACHE FASTVMAF_CUDA PROPERTY STRINGS AUTO ON OFF)
set(FASTVMAF_HIP AUTO CACHE STRING "Build the HIP backend: AUTO (when hipcc and the HIP runtime are found), ON or OFF")
set_property(CACHE FASTVMAF_HIP PROPERTY STRINGS AUTO ON OFF)
set(FASTVMAF_HIP_ARCHITECTURES "gfx90a;gfx1030;gfx940" CACHE STRING "AMD GPU targets of the HIP backend")

set(FASTVMAF_HAVE_CUDA OFF)
set(FASTVMAF_HAVE_HIP OFF)

# A sanitizer build (FASTVMAF_SANITIZE) is a host build: -fsanitize does not reach device
# code, and nvcc does not take it. AUTO leaves the GPU backends out there; the replay
# tests run under the sanitizers instead, and compute-sanitizer checks the kernels on a
# device.
if(FASTVMAF_SANITIZE)
  foreach(b CUDA HIP)
    if(FASTVMAF_${b} STREQUAL "AUTO")
      set(FASTVMAF_${b} OFF)
    endif()
  endforeach()
endif()

# --- CUDA ---------------------------------------------------------------------------
if(NOT FASTVMAF_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER)
    find_program(FASTVMAF_NVCC nvcc HINTS /usr/local/cuda/bin "$ENV{CUDA_PATH}/bin")
    if(FASTVMAF_NVCC)
      set(CMAKE_CUDA_COMPILER "${FASTVMAF_NVCC}" CACHE FILEPATH "CUDA compiler")
    endif()
  endif()
  if(CMAKE_CUDA_COMPILER)
    # nvcc 13 builds sm_75 (Turing) and newer; 120-virtual adds PTX for what comes next.
    set(CMAKE_CUDA_ARCHITECTURES "75-real;80-real;86-real;89-real;90-real;100-real;120-real;120-virtual"
        CACHE STRING "CUDA architectures of the CUDA backend")
    set(CMAKE_CUDA_RUNTIME_LIBRARY Static)
    enable_language(CUDA)
    # CMake 3.25 does not know nvcc's C++20 flag (nvcc has it since 12.0); teach it, so
    # CUDA sources get the project's C++20 like the C++ ones.
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    find_package(CUDAToolkit REQUIRED)
    set(FASTVMAF_HAVE_CUDA ON)
  elseif(FASTVMAF_CUDA STREQUAL "ON")
    message(FATAL_ERROR "FASTVMAF_CUDA=ON but nvcc was not found; set CMAKE_CUDA_COMPILER")
  endif()
endif()

# --- HIP ----------------------------------------------------------------------------
if(NOT FASTVMAF_HIP STREQUAL "OFF")
  find_program(FASTVMAF_HIPCC hipcc)
  find_library(FASTVMAF_AMDHIP64 amdhip64)
  find_path(FASTVMAF_HIP_INCLUDE hip/hip_runtime_api.h)
  if(FASTVMAF_HIPCC AND FASTVMAF_AMDHIP64 AND FASTVMAF_HIP_INCLUDE)
    set(FASTVMAF_HAVE_HIP ON)
  elseif(FASTVMAF_HIP STREQUAL "ON")
    message(FATAL_ERROR "FASTVMAF_HIP=ON but hipcc or the HIP runtime was not found "
                        "(Debian: apt-get install hipcc libamdhip64-dev rocm-device-libs)")
  endif()
endif()

# --- SYCL ---------------------------------------------------------------------------
# The SYCL backend is a module like HIP's, libfastvmaf_sycl.so: its host units (the backend
# wrappers and the twins, compiled by the C++ compiler with FASTVMAF_GPU_SYCL) and the SYCL
# units (src/gpu/backend/sycl/*.cpp and every src/features/*/gpu/*_sycl.cpp, compiled by
# the SYCL compiler), linked with the SYCL runtime. Every unit of the module sees
# FVMAF_SOFT_F64: no fp64 in any SYCL kernel (docs/adr/0208-sycl-backend.md).
set(FASTVMAF_SYCL AUTO CACHE STRING "Build the SYCL backend: AUTO (when a SYCL compiler is found), ON or OFF")
set_property(CACHE FASTVMAF_SYCL PROPERTY STRINGS AUTO ON OFF)
set(FASTVMAF_SYCL_COMPILER "" CACHE FILEPATH "The SYCL compiler: AdaptiveCpp's acpp or Intel's icpx")
set(FASTVMAF_ACPP_ARCHIVE "${FASTVMAF_SHARED_DIR}/toolchains/adaptivecpp/adaptivecpp-24.06-debian12-prefix.tar.xz"
    CACHE FILEPATH "An AdaptiveCpp install prefix (.tar.xz) to unpack into the build folder")
set(FASTVMAF_SYCL_TARGETS "omp;generic" CACHE STRING "AdaptiveCpp's --acpp-targets for the SYCL backend")
set(FASTVMAF_SYCL_EXTRA_FLAGS "" CACHE STRING "More flags for the SYCL compiler (icpx: -fsycl-targets=...)")
# OFF only to measure what the fp64-free arithmetic costs on a device that has fp64 (the
# kernels then compute in double, as CUDA's do, and run on no Intel Arc or UHD GPU).
option(FASTVMAF_SYCL_SOFT_F64 "SYCL kernels without fp64 (hd::SoftF64); OFF for measurements only" ON)
set(FASTVMAF_HAVE_SYCL OFF)
if(FASTVMAF_SANITIZE AND FASTVMAF_SYCL STREQUAL "AUTO")
  set(FASTVMAF_SYCL OFF)
endif()
if(NOT FASTVMAF_SYCL STREQUAL "OFF")
  if(NOT FASTVMAF_SYCL_COMPILER AND EXISTS "${FASTVMAF_ACPP_ARCHIVE}")
    set(acpp_root "${CMAKE_BINARY_DIR}/adaptivecpp")
    if(NOT EXISTS "${acpp_root}/prefix/bin/acpp")
      message(STATUS "unpacking AdaptiveCpp from ${FASTVMAF_ACPP_ARCHIVE}")
      file(ARCHIVE_EXTRACT INPUT "${FASTVMAF_ACPP_ARCHIVE}" DESTINATION "${acpp_root}")
    endif()
    # It needs Debian's clang-16 and LLVM 16 (the Makefile installs them with it).
    if(EXISTS "${acpp_root}/prefix/bin/acpp" AND EXISTS /usr/bin/clang++-16)
      set(FASTVMAF_SYCL_COMPILER "${acpp_root}/prefix/bin/acpp" CACHE FILEPATH "" FORCE)
    endif()
  endif()
  if(NOT FASTVMAF_SYCL_COMPILER)
    find_program(FASTVMAF_SYCL_FOUND NAMES acpp icpx)
    if(FASTVMAF_SYCL_FOUND)
      set(FASTVMAF_SYCL_COMPILER "${FASTVMAF_SYCL_FOUND}" CACHE FILEPATH "" FORCE)
    endif()
  endif()
  if(FASTVMAF_SYCL_COMPILER)
    set(FASTVMAF_HAVE_SYCL ON)
    get_filename_component(sycl_name "${FASTVMAF_SYCL_COMPILER}" NAME)
    if(sycl_name MATCHES "^icpx")
      set(FASTVMAF_SYCL_FLAVOUR dpcpp)
      set(FASTVMAF_SYCL_FLAGS -fsycl)
      set(FASTVMAF_SYCL_LINK -fsycl)
    else()
      set(FASTVMAF_SYCL_FLAVOUR acpp)
      get_filename_component(acpp_bin "${FASTVMAF_SYCL_COMPILER}" DIRECTORY)
      get_filename_component(FASTVMAF_ACPP_PREFIX "${acpp_bin}/.." ABSOLUTE)
      # One argument: the targets are separated by ';'. Instant submission: a command on
      # an in-order queue of USM memory goes straight to the backend's stream instead of
      # through AdaptiveCpp's scheduler thread (a build setting of the implementation, not
      # an API extension; every command here qualifies), which removes ~10 us between
      # kernels on the H200.
      set(FASTVMAF_SYCL_FLAGS "--acpp-targets=${FASTVMAF_SYCL_TARGETS}")
      set(FASTVMAF_SYCL_DEFS -DACPP_ALLOW_INSTANT_SUBMISSION=1)
    endif()
  elseif(FASTVMAF_SYCL STREQUAL "ON")
    message(FATAL_ERROR "FASTVMAF_SYCL=ON but no SYCL compiler was found; set FASTVMAF_SYCL_COMPILER to acpp or icpx")
  endif()
endif()

message(STATUS "fastvmaf GPU backends: CUDA ${FASTVMAF_HAVE_CUDA}, HIP ${FASTVMAF_HAVE_HIP}, SYCL ${FASTVMAF_HAVE_SYCL}"
               " ${FASTVMAF_SYCL_COMPILER}")

# The generated unit that compiles `src` for one backend (CUDA or HIP); returns its path.
function(_fastvmaf_backend_unit src backend ext out)
  file(RELATIVE_PATH rel "${CMAKE_SOURCE_DIR}/src" "${src}")
  string(REGEX REPLACE "\\.[^.]*$" "" stem "${rel}")
  set(unit "${CMAKE_BINARY_DIR}/gpu_units/${backend}/${stem}${ext}")
  string(TOUPPER "${backend}" up)
  file(CONFIGURE OUTPUT "${unit}" CONTENT
       "// Generated by cmake/Gpu.cmake: the ${backend} backend's copy of src/${rel}.\n#define FASTVMAF_GPU_${up} 1\n#include \"${src}\"\n")
  set(${out} "${unit}" PARENT_SCOPE)
endfunction()

# Called by src/CMakeLists.txt for the engine's object library.
function(fastvmaf_add_gpu_sources target)
  file(GLOB neutral CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/gpu/*.cpp")
  target_sources(${target} PRIVATE ${neutral})

  file(GLOB_RECURSE host_sources CONFIGURE_DEPENDS
    "${CMAKE_SOURCE_DIR}/src/gpu/backend/*.cpp" "${CMAKE_SOURCE_DIR}/src/features/*/gpu/*.cpp")
  file(GLOB_RECURSE kernel_sources CONFIGURE_DEPENDS
    "${CMAKE_SOURCE_DIR}/src/gpu/backend/*.cu" "${CMAKE_SOURCE_DIR}/src/features/*/gpu/*.cu")
  # The SYCL sources are SYCL's alone.
  set(sycl_sources ${host_sources})
  list(FILTER sycl_sources INCLUDE REGEX "(/gpu/backend/sycl/[^/]*|_sycl)\\.cpp$")
  list(FILTER host_sources EXCLUDE REGEX "(/gpu/backend/sycl/[^/]*|_sycl)\\.cpp$")

  if(FASTVMAF_HAVE_CUDA)
    foreach(src IN LISTS host_sources)
      _fastvmaf_backend_unit("${src}" cuda .cpp unit)
      target_sources(${target} PRIVATE "${unit}")
    endforeach()
    foreach(src IN LISTS kernel_sources)
      _fastvmaf_backend_unit("${src}" cuda .cu unit)
      target_sources(${target} PRIVATE "${unit}")
    endforeach()
    set_property(TARGET ${target} PROPERTY CUDA_RUNTIME_LIBRARY Static)
    # Device code: no FMA contraction (bit-exactness; kernels spell their rounding).
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false -Xcompiler=-ffp-contract=off>)
    target_link_libraries(${target} PUBLIC CUDA::cudart_static)

    # The kernels once more as PTX, only for the contract test that fp64 appears only in
    # allowlisted kernels (../shared/DESIGN.md, "Numerics"): tests/contract/kernel_fp64_allowlist.sh.
    set(ptx_units)
    foreach(src IN LISTS kernel_sources)
      _fastvmaf_backend_unit("${src}" cuda .cu unit)
      list(APPEND ptx_units "${unit}")
    endforeach()
    if(ptx_units)
      add_library(fastvmaf_kernel_ptx OBJECT ${ptx_units})
      set_target_properties(fastvmaf_kernel_ptx PROPERTIES CUDA_PTX_COMPILATION ON CUDA_ARCHITECTURES 90)
      target_include_directories(fastvmaf_kernel_ptx PRIVATE "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/include")
      target_compile_options(fastvmaf_kernel_ptx PRIVATE --fmad=false)
      target_link_libraries(fastvmaf_kernel_ptx PRIVATE ${FASTVMAF_FMT})
    endif()
  endif()

  if(FASTVMAF_HAVE_HIP)
    # The HIP module: the host units (compiled by the C++ compiler against the HIP headers)
    # and the kernels (hipcc, every AMD target), linked with libamdhip64 only.
    set(hip_units)
    foreach(src IN LISTS host_sources)
      _fastvmaf_backend_unit("${src}" hip .cpp unit)
      list(APPEND hip_units "${unit}")
    endforeach()
    set(objects)
    set(arch_flags)
    foreach(arch IN LISTS FASTVMAF_HIP_ARCHITECTURES)
      list(APPEND arch_flags "--offload-arch=${arch}")
    endforeach()
    foreach(src IN LISTS kernel_sources)
      _fastvmaf_backend_unit("${src}" hip .hip.cpp unit)
      set(obj "${unit}.o")
      # hipcc (clang) leaves two empty directories per target in $TMPDIR for every unit it
      # compiles (six a unit, a few hundred a build in /tmp): each compile gets a temporary
      # folder of its own beside the object, removed after it.
      add_custom_command(
        OUTPUT "${obj}"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${obj}.tmp"
        COMMAND "${CMAKE_COMMAND}" -E env "TMPDIR=${obj}.tmp"
                "${FASTVMAF_HIPCC}" -x hip -std=c++20 -O3 -DNDEBUG -fPIC -ffp-contract=off ${arch_flags}
                "-I${CMAKE_SOURCE_DIR}/src" "-I${CMAKE_SOURCE_DIR}/include"
                -MD -MF "${obj}.d" -c "${unit}" -o "${obj}"
        COMMAND "${CMAKE_COMMAND}" -E rm -rf "${obj}.tmp"
        DEPENDS "${unit}" "${src}"
        DEPFILE "${obj}.d"
        COMMENT "hipcc ${src}"
        VERBATIM)
      list(APPEND objects "${obj}")
    endforeach()
    set_source_files_properties(${objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    add_library(fastvmaf_hip MODULE ${hip_units} ${objects})
    set_target_properties(fastvmaf_hip PROPERTIES OUTPUT_NAME fastvmaf_hip PREFIX lib LINKER_LANGUAGE CXX
                          LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/src")
    # The engine's include paths and definitions, not its link libraries: the module gets
    # those symbols from whoever loads it.
    target_include_directories(fastvmaf_hip PRIVATE "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/include"
                               $<TARGET_PROPERTY:${FASTVMAF_FMT},INTERFACE_INCLUDE_DIRECTORIES>
                               $<TARGET_PROPERTY:nlohmann_json::nlohmann_json,INTERFACE_INCLUDE_DIRECTORIES>)
    target_compile_definitions(fastvmaf_hip PRIVATE $<TARGET_PROPERTY:${target},INTERFACE_COMPILE_DEFINITIONS>
                               $<TARGET_PROPERTY:${FASTVMAF_FMT},INTERFACE_COMPILE_DEFINITIONS>)
    target_link_libraries(fastvmaf_hip PRIVATE fastvmaf_fp fastvmaf_warnings "${FASTVMAF_AMDHIP64}")
    # The loader (src/gpu/runtime.cpp, through src/core/module_loader.cpp) looks for the
    # module beside the code that holds it, in its fastvmaf/ folder, and in an installed
    # bin/'s library folder.
    set_property(SOURCE "${CMAKE_SOURCE_DIR}/src/gpu/runtime.cpp" APPEND PROPERTY COMPILE_DEFINITIONS
                 FASTVMAF_HIP_MODULE="libfastvmaf_hip.so")
  endif()

  if(FASTVMAF_HAVE_SYCL)
    # The SYCL module: the host units (the C++ compiler, FASTVMAF_GPU_SYCL) and the SYCL
    # units (the SYCL compiler), linked with the SYCL runtime only.
    set(sycl_host_units)
    foreach(src IN LISTS host_sources)
      _fastvmaf_backend_unit("${src}" sycl .cpp unit)
      list(APPEND sycl_host_units "${unit}")
    endforeach()
    get_target_property(fmt_defs ${FASTVMAF_FMT} INTERFACE_COMPILE_DEFINITIONS)
    set(fmt_flags)
    foreach(d IN LISTS fmt_defs)
      if(d)
        list(APPEND fmt_flags "-D${d}")
      endif()
    endforeach()
    set(launcher)
    if(CMAKE_CXX_COMPILER_LAUNCHER)
      set(launcher ${CMAKE_CXX_COMPILER_LAUNCHER})
    endif()
    set(soft_f64)
    if(FASTVMAF_SYCL_SOFT_F64)
      set(soft_f64 -DFVMAF_SOFT_F64=1)
    endif()
    set(objects)
    foreach(src IN LISTS sycl_sources)
      _fastvmaf_backend_unit("${src}" sycl .sycl.cpp unit)
      set(obj "${unit}.o")
      add_custom_command(
        OUTPUT "${obj}"
        COMMAND ${launcher} "${FASTVMAF_SYCL_COMPILER}" "${FASTVMAF_SYCL_FLAGS}" ${FASTVMAF_SYCL_DEFS} ${FASTVMAF_SYCL_EXTRA_FLAGS} -std=c++20 -O3 -DNDEBUG -fPIC
                -ffp-contract=off -fvisibility=hidden -Wno-pass-failed -DFVMAF_SYCL_UNIT=1 ${soft_f64}
                ${fmt_flags}
                "-I${CMAKE_SOURCE_DIR}/src" "-I${CMAKE_SOURCE_DIR}/include"
                -MD -MF "${obj}.d" -c "${unit}" -o "${obj}"
        DEPENDS "${unit}" "${src}"
        DEPFILE "${obj}.d"
        COMMENT "SYCL ${src}"
        VERBATIM)
      list(APPEND objects "${obj}")
    endforeach()
    set_source_files_properties(${objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    # The host units once, for the module and for the SYCL bench (bench/CMakeLists.txt).
    add_library(fastvmaf_sycl_host OBJECT ${sycl_host_units})
    set_target_properties(fastvmaf_sycl_host PROPERTIES POSITION_INDEPENDENT_CODE ON
                          CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
    target_include_directories(fastvmaf_sycl_host PUBLIC "${CMAKE_SOURCE_DIR}/src" "${CMAKE_SOURCE_DIR}/include"
                               $<TARGET_PROPERTY:${FASTVMAF_FMT},INTERFACE_INCLUDE_DIRECTORIES>
                               $<TARGET_PROPERTY:nlohmann_json::nlohmann_json,INTERFACE_INCLUDE_DIRECTORIES>)
    target_compile_definitions(fastvmaf_sycl_host PUBLIC $<TARGET_PROPERTY:${target},INTERFACE_COMPILE_DEFINITIONS>
                               $<TARGET_PROPERTY:${FASTVMAF_FMT},INTERFACE_COMPILE_DEFINITIONS>
                               $<$<BOOL:${FASTVMAF_SYCL_SOFT_F64}>:FVMAF_SOFT_F64=1>)
    target_link_libraries(fastvmaf_sycl_host PRIVATE fastvmaf_fp fastvmaf_warnings)
    set_property(GLOBAL PROPERTY FASTVMAF_SYCL_OBJECTS "${objects}")
    add_library(fastvmaf_sycl MODULE $<TARGET_OBJECTS:fastvmaf_sycl_host> ${objects})
    set_target_properties(fastvmaf_sycl PROPERTIES OUTPUT_NAME fastvmaf_sycl PREFIX lib LINKER_LANGUAGE CXX
                          LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/src")
    fastvmaf_link_sycl_runtime(fastvmaf_sycl)
    set_property(SOURCE "${CMAKE_SOURCE_DIR}/src/gpu/runtime.cpp" APPEND PROPERTY COMPILE_DEFINITIONS
                 FASTVMAF_SYCL_MODULE="libfastvmaf_sycl.so")
  endif()
endfunction()

# What a binary holding SYCL code links: the SYCL runtime.
function(fastvmaf_link_sycl_runtime target)
    if(FASTVMAF_SYCL_FLAVOUR STREQUAL "acpp")
      # What acpp links a program with: its runtime, Boost's fibers (the CPU backend) and
      # LLVM's OpenMP runtime (the omp target's kernels call it). The module finds them
      # through its run path: the AdaptiveCpp prefix it was built with, or an installed
      # copy's lib/ (a device machine gets its runtime folder on LD_LIBRARY_PATH).
      find_library(FASTVMAF_LIBOMP NAMES omp libomp.so.5 PATHS /usr/lib/llvm-16/lib NO_DEFAULT_PATH)
      if(NOT FASTVMAF_LIBOMP)
        find_library(FASTVMAF_LIBOMP NAMES omp)
      endif()
      target_link_libraries(${target} PRIVATE "${FASTVMAF_ACPP_PREFIX}/lib/libacpp-rt.so"
                            "${FASTVMAF_ACPP_PREFIX}/lib/libacpp-common.so" boost_context boost_fiber "${FASTVMAF_LIBOMP}")
      set_target_properties(${target} PROPERTIES BUILD_RPATH "${FASTVMAF_ACPP_PREFIX}/lib")
    else()
      target_link_options(${target} PRIVATE ${FASTVMAF_SYCL_LINK})
    endif()
endfunction()
