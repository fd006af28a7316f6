// Registrations made by static initialisers (extractors and their backends, GPU runtimes,
// the compressed-input module's table) never throw. A module's initialisers run inside
// dlopen, with the dynamic loader's lock held: an exception thrown there unwinds through
// the loader, leaves the lock taken, and the next dlopen or exception hangs the process
// (FASTVMAF_AV_MODULE pointing at libfastvmaf.so registered every extractor a second time).
// A refused registration (a second one of the same thing) is recorded here instead, the
// first one kept, and reported where reporting is safe: by load_module once dlopen has
// returned (the load fails with it), or, for the program's own initialisers, by the
// first Engine (check_registrations).
#pragma once

#include <string>
#include <vector>

namespace fastvmaf {

// Records why a registration was refused. Never throws.
void record_registration_error(const std::string& what) noexcept;

// Removes and returns what was recorded.
std::vector<std::string> take_registration_errors();

// Throws std::logic_error naming what was recorded, if anything was.
void check_registrations();

}  // namespace fastvmaf
