#include <catch2/catch.hpp>

#include "measurement/measure.hpp"

using namespace parprim::runner;

TEST_CASE("measure: statistics of samples") {
  const sample_stats s = summarize({3, 1, 2, 4});
  CHECK(s.samples == 4);
  CHECK(s.min == 1);
  CHECK(s.max == 4);
  CHECK(s.median == 2.5);
  CHECK(s.mean == 2.5);
  CHECK(s.noise == Approx(1.2909944 / 2.5));
  CHECK(summarize({5}).noise == 0);
}

TEST_CASE("measure: stops at the sample cap, after warm-up") {
  measurement_settings s;
  s.warmup = 2;
  s.min_samples = 1;
  s.max_samples = 7;
  s.min_time = 1000;  // never reached: the cap stops it
  s.max_time = 1000;
  int calls = 0;
  const sample_stats r = measure(s, [&] { return ++calls % 2 ? 1.0 : 3.0; });
  CHECK(calls == 9);
  CHECK(r.samples == 7);
}

TEST_CASE("measure: stops early once enough quiet samples were taken") {
  measurement_settings s;
  s.warmup = 0;
  s.min_samples = 5;
  s.max_samples = 1000;
  s.min_time = 0.5;
  s.max_noise = 0.01;
  int calls = 0;
  const sample_stats r = measure(s, [&] {
    ++calls;
    return 0.25;
  });
  CHECK(r.samples == 5);  // 5 samples of 0.25 s: enough time, no noise
  CHECK(r.noise == 0);
}
