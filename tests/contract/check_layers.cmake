# The layering of ../../shared/DESIGN.md ("Layout"): no include climbs a layer.
#
#   include/fastvmaf  the public API: includes only itself
#   core              the ground floor: core and the public API
#   core/hd           host+device building blocks: only core/hd and core/hd.hpp (the code
#                     compiles for the device, so nothing of the host's core); usable by
#                     everything above core
#   common            core: the helpers libvmaf shares between extractors (docs/adr/0006)
#   gpu               core
#   io, model         core (and themselves)
#   features/<name>   core, common, gpu and its own folder: features never include each other
#   engine            everything below it: core, common, gpu, io, model (features register
#                     themselves)
#   capi, cli         the engine and everything below it
#
#   cmake -DROOT=<dir with src/ and include/> -P check_layers.cmake   fails listing every violation
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<dir holding src/ and include/> -P check_layers.cmake")
endif()

# The layer of a file (path relative to ROOT), or "" for a file outside every layer.
function(layer_of rel out)
  if(rel MATCHES "^include/fastvmaf/")
    set(l api)
  elseif(rel MATCHES "^include/libvmaf/")
    set(l capi)
  elseif(rel MATCHES "^src/features/([^/]+)/")
    set(l "features/${CMAKE_MATCH_1}")
  elseif(rel MATCHES "^src/core/hd/")
    set(l core/hd)
  elseif(rel MATCHES "^src/([^/]+)/")
    set(l "${CMAKE_MATCH_1}")
  else()
    set(l "")
  endif()
  set(${out} "${l}" PARENT_SCOPE)
endfunction()

# The layer an include names ("core/x.hpp" -> core, "fastvmaf/x.hpp" -> api), or "" for
# a header that is no layer's (a system or third-party one).
function(target_layer inc out)
  if(inc MATCHES "^fastvmaf/")
    set(l api)
  elseif(inc MATCHES "^libvmaf/")
    set(l capi)
  elseif(inc MATCHES "^features/([^/]+)/")
    set(l "features/${CMAKE_MATCH_1}")
  elseif(inc MATCHES "^core/hd/" OR inc STREQUAL "core/hd.hpp")
    set(l core/hd)
  elseif(inc MATCHES "^(core|common|gpu|io|model|engine|capi|cli)/")
    set(l "${CMAKE_MATCH_1}")
  else()
    set(l "")
  endif()
  set(${out} "${l}" PARENT_SCOPE)
endfunction()

set(allowed_api api)
set(allowed_core/hd core/hd)
set(allowed_core core core/hd api)
set(allowed_common common core core/hd api)
set(allowed_gpu gpu core core/hd api)
set(allowed_io io core core/hd api)
set(allowed_model model core core/hd api)
set(allowed_engine engine model io gpu common core core/hd api)
set(allowed_capi capi engine model io gpu common core core/hd api)
set(allowed_cli cli engine model io gpu common core core/hd api)

get_filename_component(ROOT "${ROOT}" ABSOLUTE)
file(GLOB_RECURSE files LIST_DIRECTORIES false
  "${ROOT}/src/*.cpp" "${ROOT}/src/*.hpp" "${ROOT}/src/*.h" "${ROOT}/src/*.cu" "${ROOT}/src/*.c"
  "${ROOT}/include/*.hpp" "${ROOT}/include/*.h")
set(violations "")
set(checked 0)
foreach(f IN LISTS files)
  file(RELATIVE_PATH rel "${ROOT}" "${f}")
  layer_of("${rel}" from)
  if(from STREQUAL "")
    continue()
  endif()
  if(from MATCHES "^features/")
    set(ok "${from}" gpu common core core/hd api)
  elseif(DEFINED allowed_${from})
    set(ok ${allowed_${from}})
  else()
    string(APPEND violations "  ${rel}: in no known layer (add it to check_layers.cmake)\n")
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  file(STRINGS "${f}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" inc "${line}")
    target_layer("${inc}" to)
    if(to STREQUAL "")
      continue()
    endif()
    list(FIND ok "${to}" at)
    if(at EQUAL -1)
      string(APPEND violations "  ${rel} (${from}) includes ${inc} (${to})\n")
    endif()
  endforeach()
endforeach()
if(violations)
  message(FATAL_ERROR "includes that climb a layer (../shared/DESIGN.md, \"Layout\"):\n${violations}")
endif()
if(checked EQUAL 0)
  message(FATAL_ERROR "no source file found under ${ROOT}/src or ${ROOT}/include")
endif()
message(STATUS "checked ${checked} files: no include climbs a layer")
