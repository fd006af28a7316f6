// Where an extractor's work runs: the CPU, or a GPU through one of the device runtimes
// (src/gpu). The core and every layer above it name backends; only src/gpu knows them.
#pragma once

namespace fastvmaf {

enum class Backend { Cpu, Cuda, Hip, Sycl };
// "cpu", "cuda", "hip", "sycl".
const char* to_string(Backend b);

}  // namespace fastvmaf
