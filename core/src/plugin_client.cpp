#include "parprim/plugin_client.hpp"

#include <algorithm>
#include <cstring>

namespace parprim {

void plugin_client::check(parprim_status status, const char* call) const {
  if (status == PARPRIM_OK) return;
  const char* text = d_->last_error();
  throw plugin_error(status, name() + ": " + call + " failed (" + std::string(to_string(status)) +
                                 "): " + (text ? text : ""));
}

plugin_buffer plugin_client::allocate(std::uint64_t bytes) const {
  void* p = nullptr;
  check(d_->allocate(bytes, &p), "allocate");
  return plugin_buffer(d_, p);
}
void plugin_client::upload(const plugin_buffer& dst, const void* src, std::uint64_t bytes) const {
  check(d_->upload(dst.get(), src, bytes), "upload");
}
void plugin_client::download(void* dst, const plugin_buffer& src, std::uint64_t bytes) const {
  check(d_->download(dst, src.get(), bytes), "download");
}
void plugin_client::copy(const plugin_buffer& dst, const plugin_buffer& src,
                         std::uint64_t bytes) const {
  check(d_->copy(dst.get(), src.get(), bytes), "copy");
}
void plugin_client::synchronize() const {
  check(d_->synchronize(), "synchronize");
}
plugin_plan plugin_client::create_plan(const problem& p, std::uint64_t n) const {
  c_problem c(p);
  parprim_plan* plan = nullptr;
  check(d_->create_plan(c.get(), n, &plan), "create_plan");
  return plugin_plan(d_, plan);
}
void plugin_client::run(const plugin_plan& plan, const parprim_io& io) const {
  check(d_->run(plan.get(), &io), "run");
}
void plugin_client::timer_start() const {
  check(d_->timer_start(), "timer_start");
}
void plugin_client::timer_stop() const {
  check(d_->timer_stop(), "timer_stop");
}
double plugin_client::timer_elapsed() const {
  double seconds = 0;
  check(d_->timer_elapsed(&seconds), "timer_elapsed");
  return seconds;
}

std::optional<double> plugin_client::own_time(const plugin_plan& plan, std::string& why) const {
  double seconds = 0;
  const parprim_status status = d_->own_time(plan.get(), &seconds);
  if (status == PARPRIM_UNSUPPORTED) {
    const char* text = d_->last_error();
    why = text ? text : "";
    return std::nullopt;
  }
  check(status, "own_time");
  return seconds;
}

bool plugin_client::offered(parprim_status status, const char* call) const {
  if (status == PARPRIM_UNSUPPORTED || status == PARPRIM_UNAVAILABLE) return false;
  check(status, call);
  return true;
}

bool plugin_client::read_bytes(const plugin_buffer& src, std::uint64_t bytes) const {
  return parprim_descriptor_has(d_, read_bytes) && d_->read_bytes &&
         offered(d_->read_bytes(src.get(), bytes), "read_bytes");
}

bool plugin_client::flush_caches() const {
  return parprim_descriptor_has(d_, flush_caches) && d_->flush_caches &&
         offered(d_->flush_caches(), "flush_caches");
}

bool plugin_client::hold_stream() const {
  return parprim_descriptor_has(d_, release_stream) && d_->hold_stream && d_->release_stream &&
         offered(d_->hold_stream(), "hold_stream");
}

bool plugin_client::release_stream() const {
  std::int32_t timed_out = 0;
  check(d_->release_stream(&timed_out), "release_stream");
  return timed_out != 0;
}

std::optional<parprim_clocks> plugin_client::read_clocks(std::string* why_not) const {
  if (!parprim_descriptor_has(d_, read_clocks) || !d_->read_clocks) return std::nullopt;
  parprim_clocks c{};
  const parprim_status status = d_->read_clocks(&c);
  if (status == PARPRIM_UNAVAILABLE && why_not) *why_not = d_->last_error();
  if (!offered(status, "read_clocks")) return std::nullopt;
  return c;
}

parprim_io problem_buffers::io() const {
  parprim_io io{};
  io.struct_size = sizeof(parprim_io);
  io.in = in.get();
  io.out = out.get();
  io.values_in = values_in.get();
  io.values_out = values_out.get();
  io.count = count.get();
  io.first_error = first_error.get();
  return io;
}

problem_buffers prepare_buffers(const plugin_client& client, const problem& p, const host_array& in,
                                const host_array* values) {
  problem_buffers b;
  const std::uint64_t bytes = in.bytes();
  b.in = client.allocate(bytes);
  // At least the input's bytes: the copy baseline copies the input into `out`.
  b.out = client.allocate(std::max(bytes, p.output_bytes(in.size())));
  client.upload(b.in, in.data(), bytes);
  if (p.has_values()) {
    b.values_in = client.allocate(bytes);
    b.values_out = client.allocate(bytes);
    client.upload(b.values_in, values->data(), bytes);
  }
  if (p.has_count()) b.count = client.allocate(sizeof(std::uint64_t));
  if (p.is_validation()) b.first_error = client.allocate(sizeof(std::uint64_t));
  return b;
}

run_result validation_run(const plugin_client& client, const plugin_plan& plan,
                          const problem_buffers& buffers, const problem& p, const host_array& in) {
  const bool pairs = p.has_values();
  const bool counted = p.has_count();
  const std::uint64_t bytes = in.bytes();
  const std::uint64_t out_bytes = p.output_bytes(in.size());

  // The host arrays that receive the results carry the poison up first.
  run_result r;
  r.out = host_array(p.output_dtype(), p.output_capacity(in.size()));
  std::memset(r.out.data(), output_poison, out_bytes);
  if (out_bytes) client.upload(buffers.out, r.out.data(), out_bytes);
  if (pairs) {  // by the problem: a domain may hand out null for an empty buffer
    r.values_out = host_array(p.dtype, in.size());
    std::memset(r.values_out.data(), output_poison, bytes);
    if (bytes) client.upload(buffers.values_out, r.values_out.data(), bytes);
  }
  if (counted) {
    std::memset(&r.count, output_poison, sizeof r.count);
    client.upload(buffers.count, &r.count, sizeof r.count);
  }
  if (p.is_validation()) {
    std::memset(&r.first_error, output_poison, sizeof r.first_error);
    client.upload(buffers.first_error, &r.first_error, sizeof r.first_error);
  }

  client.run(plan, buffers.io());
  client.synchronize();

  client.download(r.out.data(), buffers.out, out_bytes);
  if (pairs) client.download(r.values_out.data(), buffers.values_out, bytes);
  if (counted) client.download(&r.count, buffers.count, sizeof(std::uint64_t));
  if (p.is_validation())
    client.download(&r.first_error, buffers.first_error, sizeof(std::uint64_t));
  host_array in_after(p.dtype, in.size());
  client.download(in_after.data(), buffers.in, bytes);
  r.input_unchanged = bytes == 0 || std::memcmp(in_after.data(), in.data(), bytes) == 0;
  return r;
}

run_result run_once(const plugin_client& client, const problem& p, const host_array& in,
                    const host_array* values) {
  const problem_buffers buffers = prepare_buffers(client, p, in, values);
  const plugin_plan plan = client.create_plan(p, in.size());
  return validation_run(client, plan, buffers, p, in);
}

}  // namespace parprim
