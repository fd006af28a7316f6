# Built-in models: libvmaf's model files in models/ (BSD-2-Clause-Patent, models/LICENSE)
# become a generated source with their bytes (cmake/embed_models.cmake), compiled into
# the library, so `-m version=NAME` and the default model need no file at run time.
#
# fastvmaf_builtin_models_source(VAR): the generated source's path, with the rule that
# makes it at build time (called from the directory of the target that compiles it).
function(fastvmaf_builtin_models_source var)
  file(GLOB files CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/models/*.json")
  set(out "${CMAKE_BINARY_DIR}/generated/model/builtin_models_data.cpp")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND "${CMAKE_COMMAND}" "-DMODELS_DIR=${CMAKE_SOURCE_DIR}/models" "-DOUT=${out}"
            -P "${CMAKE_SOURCE_DIR}/cmake/embed_models.cmake"
    DEPENDS ${files} "${CMAKE_SOURCE_DIR}/cmake/embed_models.cmake"
    COMMENT "Embedding libvmaf's model files (models/*.json)"
    VERBATIM)
  set(${var} "${out}" PARENT_SCOPE)
endfunction()
