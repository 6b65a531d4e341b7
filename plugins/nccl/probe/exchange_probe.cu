// nccl_exchange_probe: what the links between the GPUs give, and how close a sort's exchange
// comes to it. It measures a plain all-to-all (every GPU sends an equal block to every other,
// grouped ncclSend/ncclRecv, the sort's pattern), then runs the plugin's sort of uniform u32
// keys and reads where its time went (sort_phases). Prints one JSON object.
//
//   nccl_exchange_probe [--gpus K] [--exchange-mib M] [--keys-per-gpu N] [--repeats R]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "distributed_plans.hpp"
#include "group/nccl_types.hpp"
#include "nccl_backend.hpp"
#include "shards/plan_memory.hpp"

using namespace parprim;
using namespace parprim::nccl;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// Seconds of one all-to-all of `block` bytes between every pair of distinct GPUs, through the
/// group's exchange, the one the sort uses.
double all_to_all(nccl_backend& b, gpu_group& g, per_gpu_memory& send, per_gpu_memory& recv,
                  const std::vector<unsigned long long>& counts) {
  per_rank<const void*> from{};
  per_rank<void*> into{};
  for (int r = 0; r < g.size(); ++r) {
    from[r] = send.on(r);
    into[r] = recv.on(r);
  }
  b.timer_start();
  b.fork(g);
  g.exchange(from, into, counts.data(), ncclUint8);
  b.join(g);
  b.timer_stop();
  return b.timer_elapsed();
}

std::uint64_t arg(int argc, char** argv, const char* name, std::uint64_t fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::strtoull(argv[i + 1], nullptr, 0);
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    nccl_backend b;
    if (const std::string why = b.unavailable_reason(); !why.empty()) {
      std::printf("{\"unavailable\": \"%s\"}\n", why.c_str());
      return 2;
    }
    const int k = int(arg(argc, argv, "--gpus", std::uint64_t(b.visible_gpus())));
    const std::uint64_t exchange_bytes = arg(argc, argv, "--exchange-mib", 4096) << 20;
    const std::uint64_t keys_per_gpu = arg(argc, argv, "--keys-per-gpu", 1ull << 28);
    const int repeats = int(arg(argc, argv, "--repeats", 10));
    if (k < 2 || k > b.visible_gpus()) {
      std::fprintf(stderr, "nccl_exchange_probe: --gpus %d: needs 2..%d\n", k, b.visible_gpus());
      return 1;
    }
    gpu_group& g = b.group(k);

    // The links: each GPU sends exchange_bytes, split evenly over the other GPUs.
    const std::uint64_t block = exchange_bytes / std::uint64_t(k - 1) / 256 * 256;
    std::vector<unsigned long long> counts(std::size_t(k) * k, block);
    for (int r = 0; r < k; ++r) counts[std::size_t(r) * k + r] = 0;
    per_gpu_memory send, recv;
    send.allocate(g, block * (k - 1));
    recv.allocate(g, block * (k - 1));
    all_to_all(b, g, send, recv, counts);  // warm-up: NCCL sets up its connections
    std::vector<double> plain;
    for (int i = 0; i < repeats; ++i) plain.push_back(all_to_all(b, g, send, recv, counts));
    const double plain_s = median(plain);
    const double plain_gbps = double(block) * (k - 1) / plain_s / 1e9;

    // The sort: uniform u32 keys, keys_per_gpu on each GPU.
    const std::uint64_t n = keys_per_gpu * std::uint64_t(k);
    std::vector<std::uint32_t> keys(n);
    std::mt19937_64 rng(20261124);
    for (auto& x : keys) x = std::uint32_t(rng());
    void* in = b.allocate(n * 4);
    void* out = b.allocate(n * 4);
    b.upload(in, keys.data(), n * 4);
    problem p;
    p.operation = PARPRIM_OP_SORT;
    p.dtype = PARPRIM_U32;
    p.variant = "sharded";
    p.params["gpus"] = k;
    auto plan = b.create_plan(p, n);
    auto* phases = dynamic_cast<phase_timed*>(plan.get());
    phases->time_phases();
    parprim_io io{};
    io.struct_size = sizeof(parprim_io);
    io.in = in;
    io.out = out;
    plan->run(io);  // warm-up
    std::vector<double> total, split, to_host, exchange, local;
    std::uint64_t between = 0;
    for (int i = 0; i < repeats; ++i) {
      b.timer_start();
      plan->run(io);
      b.timer_stop();
      total.push_back(b.timer_elapsed());
      const sort_phases s = phases->last_phases();
      split.push_back(s.split);
      to_host.push_back(s.sizes_to_host);
      exchange.push_back(s.exchange);
      local.push_back(s.local_sort);
      between = s.bytes_between_gpus;
    }
    const double exchange_gbps = double(between) / k / median(exchange) / 1e9;
    std::printf(
        "{\"device\": \"%s\", \"gpus\": %d, \"plain_exchange\": {\"bytes_per_gpu\": %llu, "
        "\"seconds\": %.6f, "
        "\"gb_per_s_per_gpu\": %.1f},\n \"sort_u32\": {\"keys_per_gpu\": %llu, \"seconds\": %.6f, "
        "\"split\": %.6f, \"sizes_to_host\": %.6f, \"exchange\": %.6f, \"local_sort\": %.6f, "
        "\"bytes_between_gpus\": %llu, \"exchange_gb_per_s_per_gpu\": %.1f, "
        "\"exchange_vs_plain\": %.3f}, \"repeats\": %d}\n",
        b.device_description().c_str(), k, (unsigned long long)(block * (k - 1)), plain_s,
        plain_gbps, (unsigned long long)keys_per_gpu, median(total), median(split), median(to_host),
        median(exchange), median(local), (unsigned long long)between, exchange_gbps,
        exchange_gbps / plain_gbps, repeats);
    plan.reset();
    b.release(in);
    b.release(out);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nccl_exchange_probe: %s\n", e.what());
    return 1;
  }
}
