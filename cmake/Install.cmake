# cmake --install: the CLI, libfastvmaf (shared and static), libvmaf.so.3 (libvmaf's C
# API), the headers, the modules (HIP, compressed input: lib/fastvmaf/, where the CLI and
# libfastvmaf.so look for them), pkg-config files (fastvmaf.pc, libvmaf.pc), a CMake
# package (find_package(fastvmaf)) and the models' licence notice, under a prefix.
include(CMakePackageConfigHelpers)

install(TARGETS fastvmaf RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS fastvmaf_shared fastvmaf_static vmaf EXPORT fastvmafTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/fastvmaf ${CMAKE_SOURCE_DIR}/include/libvmaf
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(module fastvmaf_hip fastvmaf_sycl fastvmaf_av)
  if(TARGET ${module})
    install(TARGETS ${module} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/fastvmaf)
  endif()
endforeach()
# The built-in models are libvmaf's files: binaries carry its notice.
install(FILES ${CMAKE_SOURCE_DIR}/models/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME LICENSE.models)

# pkg-config: relocatable (paths from the .pc file's own folder).
file(RELATIVE_PATH FASTVMAF_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" FASTVMAF_PC_TO_PREFIX "${FASTVMAF_PC_TO_PREFIX}")
# What a static link of libfastvmaf.a needs is written out as flags (Libs.private), not as
# Requires.private: pkg-config looks for every required package even for --cflags and
# --libs, so fmt's and FFmpeg's .pc files, which a user of the shared library need not
# have, made `pkg-config --libs fastvmaf` fail. -L goes only where the linker would not
# look anyway; the CUDA runtime's folder is the variable cudalibdir, which a machine with
# CUDA elsewhere sets (pkg-config --define-variable=cudalibdir=DIR).
set(FASTVMAF_PC_VARIABLES "")
set(FASTVMAF_PC_LIBS_PRIVATE -pthread)
function(fastvmaf_pc_library_dir out dir)
  set(${out} "" PARENT_SCOPE)
  if(dir AND NOT dir IN_LIST CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES)
    set(${out} "-L${dir}" PARENT_SCOPE)
  endif()
endfunction()
# The folder of an imported library target's file.
function(fastvmaf_imported_dir out target)
  get_target_property(location ${target} IMPORTED_LOCATION)
  if(NOT location)
    get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
    list(GET configs 0 config)
    get_target_property(location ${target} IMPORTED_LOCATION_${config})
  endif()
  get_filename_component(dir "${location}" DIRECTORY)
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()
foreach(lib ${CMAKE_DL_LIBS})
  list(APPEND FASTVMAF_PC_LIBS_PRIVATE -l${lib})
endforeach()
if(NOT FASTVMAF_FMT_HEADER_ONLY)
  fastvmaf_imported_dir(fmt_dir fmt::fmt)
  fastvmaf_pc_library_dir(fmt_flag "${fmt_dir}")
  list(APPEND FASTVMAF_PC_LIBS_PRIVATE ${fmt_flag} -lfmt)
endif()
# libfastvmaf.a holds the compressed-input code (the shared library loads it as a module,
# which links FFmpeg's libraries itself): a static link needs them (their shared forms; a
# fully static program adds FFmpeg's own --static flags).
if(FASTVMAF_HAVE_AVINPUT)
  foreach(flag ${FASTVMAF_LIBAV_LDFLAGS})
    if(flag MATCHES "^-L(.*)")
      fastvmaf_pc_library_dir(flag "${CMAKE_MATCH_1}")
    endif()
    if(flag AND NOT flag IN_LIST FASTVMAF_PC_LIBS_PRIVATE)
      list(APPEND FASTVMAF_PC_LIBS_PRIVATE ${flag})
    endif()
  endforeach()
endif()
if(FASTVMAF_HAVE_CUDA)
  get_filename_component(cuda_dir "${CUDA_cudart_static_LIBRARY}" DIRECTORY)
  if(NOT cuda_dir)
    set(cuda_dir "${CUDAToolkit_LIBRARY_DIR}")
  endif()
  string(APPEND FASTVMAF_PC_VARIABLES "cudalibdir=${cuda_dir}\n")
  list(APPEND FASTVMAF_PC_LIBS_PRIVATE "-L\${cudalibdir}" -lcudart_static -lrt)
endif()
list(APPEND FASTVMAF_PC_LIBS_PRIVATE -lm)
string(REPLACE ";" " " FASTVMAF_PC_LIBS_PRIVATE "${FASTVMAF_PC_LIBS_PRIVATE}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/fastvmaf.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/fastvmaf.pc @ONLY)
configure_file(${CMAKE_SOURCE_DIR}/cmake/libvmaf.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/libvmaf.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/pkgconfig/fastvmaf.pc ${CMAKE_BINARY_DIR}/pkgconfig/libvmaf.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# find_package(fastvmaf)
set(FASTVMAF_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fastvmaf)
install(EXPORT fastvmafTargets NAMESPACE fastvmaf:: DESTINATION ${FASTVMAF_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/fastvmafConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/cmake/fastvmafConfig.cmake INSTALL_DESTINATION ${FASTVMAF_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/fastvmafConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/fastvmafConfig.cmake ${CMAKE_BINARY_DIR}/cmake/fastvmafConfigVersion.cmake
        DESTINATION ${FASTVMAF_CMAKE_DIR})
