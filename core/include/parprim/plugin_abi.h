/*
 * parprim plugin ABI, version 1.
 *
 * This is the whole contract between the runner and a backend. It is plain C so that a plugin
 * built with another compiler, standard library or language can be loaded: no C++ type,
 * exception or RTTI crosses it. Every call returns a parprim_status; the text of the last
 * failure is read with last_error().
 *
 * A plugin exports two symbols:
 *   - PARPRIM_ABI_VERSION_SYMBOL, a uint32_t equal to the PARPRIM_ABI_VERSION it was built with.
 *     The loader reads it before calling anything in the plugin.
 *   - PARPRIM_ENTRY_SYMBOL, a function returning a pointer to a static descriptor that lives
 *     until the process exits.
 *
 * Growth policy: enums keep their numbers; new descriptor fields are only appended, and
 * struct_size tells the host how much of the struct the plugin knows. Removing or reordering a
 * field, or changing a signature, bumps PARPRIM_ABI_VERSION.
 */
#ifndef PARPRIM_PLUGIN_ABI_H
#define PARPRIM_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PARPRIM_ABI_VERSION 1u
#define PARPRIM_ABI_VERSION_SYMBOL "parprim_abi_version"
#define PARPRIM_ENTRY_SYMBOL "parprim_plugin_entry"

#if defined(_WIN32)
#define PARPRIM_EXPORT __declspec(dllexport)
#else
#define PARPRIM_EXPORT __attribute__((visibility("default")))
#endif

typedef enum parprim_status {
  PARPRIM_OK = 0,
  PARPRIM_ERROR = 1,            /* anything else; last_error() says what */
  PARPRIM_UNSUPPORTED = 2,      /* the plugin does not offer this problem */
  PARPRIM_OUT_OF_MEMORY = 3,    /* the plugin's domain could not hold the buffers */
  PARPRIM_UNAVAILABLE = 4,      /* the backend cannot run on this machine */
  PARPRIM_INVALID_ARGUMENT = 5, /* a null pointer, unknown enum value or parameter */
  PARPRIM_DEVICE_LOST = 6       /* a sticky device error: nothing more will run */
} parprim_status;

typedef enum parprim_operation {
  PARPRIM_OP_SCAN = 1,
  PARPRIM_OP_COMPACT = 2,
  PARPRIM_OP_SORT = 3,
  /* Appended (docs/semantics.md, "UTF-8"). A plugin built before them declares no variant of
     them, so it loads as before and simply does not offer them. */
  PARPRIM_OP_UTF8_DECODE = 4, /* n bytes (PARPRIM_U8) in, code points (u32, at most n) out */
  PARPRIM_OP_UTF8_ENCODE = 5  /* n code points (PARPRIM_U32) in, bytes (at most 4n) out */
} parprim_operation;

typedef enum parprim_dtype {
  PARPRIM_I32 = 1,
  PARPRIM_U32 = 2,
  PARPRIM_I64 = 3,
  PARPRIM_U64 = 4,
  PARPRIM_F32 = 5,
  PARPRIM_F64 = 6,
  /* Appended: bytes, the UTF-8 side of utf8_decode and utf8_encode. Not an element type of
     scan, compact or sort (PARPRIM_ALL_DTYPES leaves it out). */
  PARPRIM_U8 = 7
} parprim_dtype;

#define PARPRIM_DTYPE_BIT(dtype) (1u << (unsigned)(dtype))
#define PARPRIM_ALL_DTYPES                                           \
  (PARPRIM_DTYPE_BIT(PARPRIM_I32) | PARPRIM_DTYPE_BIT(PARPRIM_U32) | \
   PARPRIM_DTYPE_BIT(PARPRIM_I64) | PARPRIM_DTYPE_BIT(PARPRIM_U64) | \
   PARPRIM_DTYPE_BIT(PARPRIM_F32) | PARPRIM_DTYPE_BIT(PARPRIM_F64))

typedef enum parprim_scan_kind {
  PARPRIM_SCAN_EXCLUSIVE = 0, /* out[i] = in[0] + ... + in[i-1]; out[0] = 0 */
  PARPRIM_SCAN_INCLUSIVE = 1  /* out[i] = in[0] + ... + in[i] */
} parprim_scan_kind;

typedef enum parprim_predicate {
  PARPRIM_PRED_NONZERO = 0,     /* keep x != 0 (so -0.0 is dropped and NaN is kept) */
  PARPRIM_PRED_GREATER_THAN = 1 /* keep x > threshold (NaN is dropped) */
} parprim_predicate;

typedef enum parprim_sort_order {
  PARPRIM_SORT_ASCENDING = 0,
  PARPRIM_SORT_DESCENDING = 1
} parprim_sort_order;

typedef enum parprim_sort_payload {
  PARPRIM_SORT_KEYS = 0, /* keys only */
  PARPRIM_SORT_PAIRS = 1 /* keys with values of the same element type */
} parprim_sort_payload;

/* The form of utf8_decode (utf8_encode has only the first). */
typedef enum parprim_utf8_form {
  /* Each maximal subpart of an ill-formed sequence becomes one U+FFFD (decode); a surrogate or
     a value above 10FFFF becomes U+FFFD's bytes EF BF BD (encode). */
  PARPRIM_UTF8_REPLACE = 0,
  /* Nothing is written to `out`: `count` receives the number of ill-formed subparts and
     `first_error` the byte offset of the first (n when there is none). */
  PARPRIM_UTF8_VALIDATE = 1
} parprim_utf8_form;

typedef enum parprim_memory_domain {
  PARPRIM_DOMAIN_HOST = 0,  /* buffers are ordinary host memory */
  PARPRIM_DOMAIN_DEVICE = 1 /* buffers live on an accelerator; only the plugin touches them */
} parprim_memory_domain;

/* How the runner reads a plugin's time (the descriptor's timing_basis). */
typedef enum parprim_timing_basis {
  /* The runner's samples are the plugin's timer around run(), on buffers already in the
     plugin's memory domain (device-resident for a GPU plugin). The default. */
  PARPRIM_TIMING_RESIDENT = 0,
  /* The plugin's code times a region inside run() itself (a course project's timer around its
     kernels, without its allocations and copies); own_time() reads it, and that is the sample.
     A run that timed no region (a course namespace without a timer, or a timer the call never
     started) answers PARPRIM_UNSUPPORTED from own_time(), with the reason in last_error(). */
  PARPRIM_TIMING_OWN_REGION = 1,
  /* Never declared by a plugin: the runner's record of an OWN_REGION state in which a run timed
     no region; its samples are then the runner's time of the whole call. */
  PARPRIM_TIMING_WHOLE_CALL = 2
} parprim_timing_basis;

/* Capability flags of a variant: which forms of its operation it offers, and its key domain. */
enum {
  PARPRIM_CAP_SCAN_EXCLUSIVE = 1u << 0,
  PARPRIM_CAP_SCAN_INCLUSIVE = 1u << 1,
  PARPRIM_CAP_COMPACT_NONZERO = 1u << 2,
  PARPRIM_CAP_COMPACT_GREATER_THAN = 1u << 3,
  PARPRIM_CAP_SORT_KEYS = 1u << 4,
  PARPRIM_CAP_SORT_PAIRS = 1u << 5,
  PARPRIM_CAP_SORT_ASCENDING = 1u << 6,
  PARPRIM_CAP_SORT_DESCENDING = 1u << 7,
  PARPRIM_CAP_UTF8_REPLACE = 1u << 8, /* utf8_decode and utf8_encode */
  PARPRIM_CAP_UTF8_VALIDATE = 1u << 9, /* utf8_decode */
  /* Not a form but a domain: the variant sorts keys >= 0 only (the course's radix sort is
     specified for non-negative integers; a NaN is outside too). The runner does not run it on
     an input with a key outside, and says so; the conformance suite tests it on each input
     with the keys' sign bits cleared (core/key_domain.hpp). */
  PARPRIM_CAP_SORT_NONNEGATIVE_KEYS = 1u << 10
};

/* A tunable integer parameter of a variant (block size, items per thread, threads...). */
typedef struct parprim_param_info {
  const char* name;
  const char* description;
  int64_t default_value;
  const int64_t* allowed; /* allowed values; NULL with allowed_count 0 means any positive */
  uint32_t allowed_count;
} parprim_param_info;

/* One named implementation of one operation ("global", "shared", "radix", "std", ...). */
typedef struct parprim_variant_info {
  int32_t operation; /* parprim_operation */
  const char* name;
  const char* description;
  uint32_t dtypes;                  /* PARPRIM_DTYPE_BIT mask */
  uint32_t flags;                   /* PARPRIM_CAP_* mask */
  const parprim_param_info* params; /* the tunable parameters this variant takes */
  uint32_t param_count;
} parprim_variant_info;

typedef struct parprim_param_value {
  const char* name;
  int64_t value;
} parprim_param_value;

/* What to compute. The threshold holds a value of the element type in its first bytes. */
typedef struct parprim_problem {
  uint32_t struct_size;
  int32_t operation; /* parprim_operation */
  int32_t dtype;     /* parprim_dtype */
  const char* variant;
  int32_t scan_kind; /* parprim_scan_kind, scan only */
  int32_t predicate; /* parprim_predicate, compact only */
  unsigned char threshold[8];
  int32_t sort_order;   /* parprim_sort_order, sort only */
  int32_t sort_payload; /* parprim_sort_payload, sort only */
  const parprim_param_value* params;
  uint32_t param_count;
  /* Appended: a host built before it has a smaller struct_size, and the plugin reads REPLACE. */
  int32_t utf8_form; /* parprim_utf8_form, utf8_decode only */
} parprim_problem;

/* Buffers of one run, all in the plugin's memory domain. `in` is never written. */
typedef struct parprim_io {
  uint32_t struct_size;
  const void* in;        /* scan and compact input; sort keys in; UTF-8 input */
  void* out;             /* scan and compact output (n elements); sort keys out; UTF-8 output
                            (decode: room for n code points; encode: room for 4n bytes) */
  const void* values_in; /* sort pairs: values in */
  void* values_out;      /* sort pairs: values out */
  void* count;           /* a uint64_t receiving: compact, the number of kept elements; UTF-8,
                            the code points (decode) or bytes (encode) written, or the number
                            of ill-formed subparts (decode's validate form) */
  /* Appended. utf8_decode's validate form: a uint64_t receiving the byte offset of the first
     ill-formed subpart, n when there is none. */
  void* first_error;
} parprim_io;

typedef struct parprim_plan parprim_plan; /* opaque, owned by the plugin */

/* The clocks of the device a plugin runs on, read once (NVML for the CUDA plugins). The runner
   reads them after every sample and flags a state whose SM clock fell below 90% of its
   maximum (docs/measurement.md). */
typedef struct parprim_clocks {
  uint32_t sm_mhz;           /* now */
  uint32_t memory_mhz;       /* now */
  uint32_t max_sm_mhz;       /* the device's maximum */
  uint32_t max_memory_mhz;   /* the device's maximum */
  uint64_t throttle_reasons; /* NVML's clock event reasons (nvmlClocksEventReason*), 0: none */
} parprim_clocks;

typedef struct parprim_plugin_descriptor {
  uint32_t abi_version; /* PARPRIM_ABI_VERSION */
  uint32_t struct_size; /* sizeof(parprim_plugin_descriptor) as the plugin was built */
  const char* name;
  const char* version;
  const char* description;
  int32_t memory_domain; /* parprim_memory_domain */

  const parprim_variant_info* variants;
  uint32_t variant_count;

  /* NULL when the backend can run here, else why not (static text owned by the plugin). */
  const char* (*unavailable_reason)(void);
  /* The text of the last failed call on this thread; never NULL. */
  const char* (*last_error)(void);

  /* Memory domain. */
  parprim_status (*allocate)(uint64_t bytes, void** out);
  parprim_status (*release)(void* buffer);
  parprim_status (*upload)(void* dst, const void* host_src, uint64_t bytes);
  parprim_status (*download)(void* host_dst, const void* src, uint64_t bytes);
  parprim_status (*copy)(void* dst, const void* src, uint64_t bytes); /* the copy baseline */
  parprim_status (*synchronize)(void);

  /* Plans: all scratch is allocated at create; run allocates nothing. */
  parprim_status (*create_plan)(const parprim_problem* problem, uint64_t n, parprim_plan** out);
  parprim_status (*run)(parprim_plan* plan, const parprim_io* io);
  parprim_status (*destroy_plan)(parprim_plan* plan);

  /* The plugin's own clock (CUDA events on its stream, a steady clock on the CPU). */
  parprim_status (*timer_start)(void);
  parprim_status (*timer_stop)(void);
  parprim_status (*timer_elapsed)(double* seconds); /* waits for the stop to complete */

  /* One line describing what the backend runs on ("NVIDIA H100 80GB HBM3, 132 SMs, ...",
     "16 threads"), for the results' context; NULL when there is nothing to add. */
  const char* (*device_description)(void);

  /* Appended fields: a plugin built before them has a smaller struct_size, and the runner
     treats them as absent (parprim_descriptor_has() below). */
  int32_t timing_basis; /* parprim_timing_basis */
  /* PARPRIM_TIMING_OWN_REGION: the seconds the plugin's own timer measured in the plan's last
     run. NULL otherwise. */
  parprim_status (*own_time)(parprim_plan* plan, double* seconds);

  /* Appended with the measurement modes (docs/measurement.md). Each may be NULL, or answer
     PARPRIM_UNSUPPORTED: the runner then measures without it and records that it did. */
  /* Evicts the domain's caches before a cold sample (the GPU's L2, the CPU's last level), in
     the plugin's stream order: done before any work enqueued after it starts. */
  parprim_status (*flush_caches)(void);
  /* Enqueues work that holds the plugin's stream until release_stream() or a timeout, so that
     what is enqueued meanwhile (timer_start, run, timer_stop) then runs back to back and its
     launch cost on the host stays out of the timed interval. */
  parprim_status (*hold_stream)(void);
  /* Ends the hold. *timed_out = 1 when the hold had already ended by its timeout: something
     enqueued meanwhile waited on the stream (a run that synchronizes inside the call). */
  parprim_status (*release_stream)(int32_t* timed_out);
  /* The device's clocks now. PARPRIM_UNAVAILABLE when they cannot be read here. */
  parprim_status (*read_clocks)(parprim_clocks* out);

  /* Appended with the read-only baseline (docs/measurement.md): reads each of the `bytes` bytes
     at `src` once, as fast as the domain can, and writes nothing a caller sees, in the plugin's
     stream order. An operation that only reads (UTF-8 validation) is held to it as the others
     are to `copy`. NULL, or PARPRIM_UNSUPPORTED: the runner records no read baseline. */
  parprim_status (*read_bytes)(const void* src, uint64_t bytes);
} parprim_plugin_descriptor;

/* Whether descriptor d (its struct_size) includes the appended field `field`. */
#define parprim_descriptor_has(d, field) \
  ((d)->struct_size >=                   \
   offsetof(parprim_plugin_descriptor, field) + sizeof(((parprim_plugin_descriptor*)0)->field))

typedef const parprim_plugin_descriptor* (*parprim_entry_fn)(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PARPRIM_PLUGIN_ABI_H */
