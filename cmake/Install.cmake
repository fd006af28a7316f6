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
foreach(module fastvmaf_hip fastvmaf_av)
  if(TARGET ${module})
    install(TARGETS ${module} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/fastvmaf)
  endif()
endforeach()
# The built-in models are libvmaf's files: binaries carry its notice.
install(FILES ${CMAKE_SOURCE_DIR}/models/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME LICENSE.models)

# pkg-config: relocatable (paths from the .pc file's own folder).
file(RELATIVE_PATH FASTVMAF_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" FASTVMAF_PC_TO_PREFIX "${FASTVMAF_PC_TO_PREFIX}")
set(FASTVMAF_PC_REQUIRES_PRIVATE "")
set(FASTVMAF_PC_LIBS_PRIVATE "-pthread ${CMAKE_DL_LIBS}")
if(NOT FASTVMAF_FMT_HEADER_ONLY)
  list(APPEND FASTVMAF_PC_REQUIRES_PRIVATE fmt)
endif()
# libfastvmaf.a holds the compressed-input code (the shared library loads it as a module,
# which links FFmpeg's libraries itself): a static link needs them.
if(FASTVMAF_HAVE_AVINPUT)
  list(APPEND FASTVMAF_PC_REQUIRES_PRIVATE libavformat libavcodec libswscale libavutil)
endif()
string(REPLACE ";" " " FASTVMAF_PC_REQUIRES_PRIVATE "${FASTVMAF_PC_REQUIRES_PRIVATE}")
if(FASTVMAF_HAVE_CUDA)
  string(APPEND FASTVMAF_PC_LIBS_PRIVATE " -L${CUDAToolkit_LIBRARY_DIR} -lcudart_static -lrt")
endif()
string(REPLACE ";" " " FASTVMAF_PC_LIBS_PRIVATE "${FASTVMAF_PC_LIBS_PRIVATE}")
set(FASTVMAF_PC_LIBS_PRIVATE "${FASTVMAF_PC_LIBS_PRIVATE} -lm")
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
