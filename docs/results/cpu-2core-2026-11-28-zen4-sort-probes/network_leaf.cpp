// The in-cache quicksort's leaves: sort_small (vector_sorting_network.hpp) on 4096 ranges of n
// keys in L1, n = 8, 24, ..., 248, best of 30, checked against std::sort.
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include network_leaf.cpp
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <random>
#include <vector>
#include <algorithm>
#include "parprim/host/vector_quicksort.hpp"
using namespace parprim::host;
using namespace parprim::host::vector_sort_detail;
__attribute__((target("avx512f,popcnt"))) __attribute__((noinline)) void run(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n, unsigned count){
  const vec z=_mm512_setzero_si512();
  for(unsigned r=0;r<count;++r) sort_small(in + r*256, out + r*256, n, z, z);
}
int main(){
  const unsigned count=4096; std::vector<std::uint32_t> in(count*256), out(count*256);
  std::mt19937 g(1); for(auto&x:in) x=g();
  for (unsigned n = 8; n <= 256; n += 16) {
    double best=1e9;
    for(int rep=0;rep<30;++rep){ auto t0=std::chrono::steady_clock::now(); run(in.data(),out.data(),n,count); auto t1=std::chrono::steady_clock::now();
      best=std::min(best,std::chrono::duration<double,std::nano>(t1-t0).count()/count);}
    for(unsigned r=0;r<count;++r){ std::vector<std::uint32_t> a(in.begin()+r*256,in.begin()+r*256+n); std::sort(a.begin(),a.end()); if(!std::equal(a.begin(),a.end(),out.begin()+r*256)){puts("BAD");return 1;} }
    printf("n=%3u  %7.1f ns/leaf  %.2f ns/key\n", n, best, best/n);
  }
}
