#include "measurement/measure.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace parprim::runner {

sample_stats summarize(std::vector<double> samples) {
  sample_stats s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const std::size_t k = samples.size();
  s.samples = static_cast<int>(k);
  s.min = samples.front();
  s.max = samples.back();
  s.median = k % 2 ? samples[k / 2] : (samples[k / 2 - 1] + samples[k / 2]) / 2;
  s.total = std::accumulate(samples.begin(), samples.end(), 0.0);
  s.mean = s.total / double(k);
  double var = 0;
  for (double x : samples) var += (x - s.mean) * (x - s.mean);
  s.noise = k > 1 && s.mean > 0 ? std::sqrt(var / double(k - 1)) / s.mean : 0;
  return s;
}

sample_stats measure(const measurement_settings& s, const std::function<double()>& sample) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  auto wall = [&] { return std::chrono::duration<double>(clock::now() - start).count(); };

  for (int i = 0; i < s.warmup && wall() < s.max_time; ++i) sample();

  std::vector<double> times;
  double total = 0;
  while (true) {
    const double t = sample();
    times.push_back(t);
    total += t;
    const int k = static_cast<int>(times.size());
    if (k >= s.max_samples || wall() >= s.max_time) break;
    if (k >= s.min_samples && total >= s.min_time && summarize(times).noise <= s.max_noise) break;
  }
  return summarize(std::move(times));
}

}  // namespace parprim::runner
