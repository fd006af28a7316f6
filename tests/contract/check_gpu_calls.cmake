# The contract that every CUDA or HIP call goes through the wrappers in src/gpu/
# (../../shared/DESIGN.md; src/gpu/compat.hpp): no file under SRC outside SRC/gpu/
# calls a runtime or driver function (cudaXxx(, hipXxx(, cuXxx(), launches a kernel with
# <<< >>>, or includes a CUDA or HIP runtime header. Kernels (.cu) and twins use
# gpu::launch, gpu::StreamRef, gpu::Event and the buffers instead.
#
#   cmake -DSRC=<dir> -P check_gpu_calls.cmake     fails listing every violation
if(NOT SRC)
  message(FATAL_ERROR "usage: cmake -DSRC=<source dir> -P check_gpu_calls.cmake")
endif()
file(GLOB_RECURSE files LIST_DIRECTORIES false
  "${SRC}/*.c" "${SRC}/*.cc" "${SRC}/*.cpp" "${SRC}/*.cu" "${SRC}/*.cuh" "${SRC}/*.h" "${SRC}/*.hpp")
set(call_re "(^|[^A-Za-z0-9_])(cuda|hip|cu)[A-Z][A-Za-z0-9_]*[ \t]*\\(")
set(launch_re "<<<")
set(include_re "#[ \t]*include[ \t]*[<\"](cuda|cuda_runtime|cuda_runtime_api|hip/|cupti)")
set(violations "")
set(checked 0)
foreach(f IN LISTS files)
  file(RELATIVE_PATH rel "${SRC}" "${f}")
  if(rel MATCHES "^gpu/")
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  # One list element per line: characters that CMake lists treat specially (; [ ])
  # become harmless ones first; none of them matters to the patterns.
  file(READ "${f}" content)
  string(REPLACE ";" "," content "${content}")
  string(REPLACE "[" "(" content "${content}")
  string(REPLACE "]" ")" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(line MATCHES "${call_re}" OR line MATCHES "${launch_re}" OR line MATCHES "${include_re}")
      string(STRIP "${line}" text)
      string(APPEND violations "  ${rel}:${n}: ${text}\n")
    endif()
  endforeach()
endforeach()
if(violations)
  message(FATAL_ERROR "direct CUDA/HIP runtime use outside src/gpu/ (use the wrappers in src/gpu/backend):\n${violations}")
endif()
message(STATUS "checked ${checked} files outside ${SRC}/gpu: no direct CUDA/HIP runtime use")
