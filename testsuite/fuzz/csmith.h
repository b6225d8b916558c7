/* csmith.h - the runtime csmith's programs include, for make fuzz-diff
   (testsuite/fuzz/fuzz-diff.py, doc/testing.md).  Debian's csmith ships no
   runtime; this one makes a program buildable both natively (the reference:
   main prints the checksum) and for BPF (an XDP program returns the
   checksum as its retval).  No printf, no floats, no libc: the crc32 table
   is a constant, the safe-math wrappers are UB-free by their own checks and
   never divide signed values (BPF before v4 has no signed division, so
   both are done on magnitudes).  The values they give on overflow need not
   be csmith's own: every compiler sees this same header.  */
#ifndef BPFS_CSMITH_H
#define BPFS_CSMITH_H

typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;

#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295u
#define INT64_MIN (-9223372036854775807LL - 1)
#define INT64_MAX 9223372036854775807LL
#define UINT64_MAX 18446744073709551615ULL
#ifndef NULL
#define NULL ((void *) 0)
#endif

/* The program's main becomes csmith_main; its checksum lands in
   csmith_result.  */
static int csmith_main(void);
static uint32_t csmith_result;

#ifdef __BPF__
__attribute__((section("xdp"), used)) int csmith_entry(void *ctx)
{
  csmith_main();
  return csmith_result;
}
char _license[] __attribute__((section("license"), used)) = "GPL";
#else
int printf(const char *, ...);
int main(void)
{
  csmith_main();
  printf("%u\n", csmith_result);
  return 0;
}
#endif
#define main csmith_main
/* only reached when print_hash_value, which is 0 */
#define printf(...) 0

static const uint32_t crc32_tab[256] = {
  0x00000000u, 0x77073096u, 0xee0e612cu, 0x990951bau, 0x076dc419u, 0x706af48fu,
  0xe963a535u, 0x9e6495a3u, 0x0edb8832u, 0x79dcb8a4u, 0xe0d5e91eu, 0x97d2d988u,
  0x09b64c2bu, 0x7eb17cbdu, 0xe7b82d07u, 0x90bf1d91u, 0x1db71064u, 0x6ab020f2u,
  0xf3b97148u, 0x84be41deu, 0x1adad47du, 0x6ddde4ebu, 0xf4d4b551u, 0x83d385c7u,
  0x136c9856u, 0x646ba8c0u, 0xfd62f97au, 0x8a65c9ecu, 0x14015c4fu, 0x63066cd9u,
  0xfa0f3d63u, 0x8d080df5u, 0x3b6e20c8u, 0x4c69105eu, 0xd56041e4u, 0xa2677172u,
  0x3c03e4d1u, 0x4b04d447u, 0xd20d85fdu, 0xa50ab56bu, 0x35b5a8fau, 0x42b2986cu,
  0xdbbbc9d6u, 0xacbcf940u, 0x32d86ce3u, 0x45df5c75u, 0xdcd60dcfu, 0xabd13d59u,
  0x26d930acu, 0x51de003au, 0xc8d75180u, 0xbfd06116u, 0x21b4f4b5u, 0x56b3c423u,
  0xcfba9599u, 0xb8bda50fu, 0x2802b89eu, 0x5f058808u, 0xc60cd9b2u, 0xb10be924u,
  0x2f6f7c87u, 0x58684c11u, 0xc1611dabu, 0xb6662d3du, 0x76dc4190u, 0x01db7106u,
  0x98d220bcu, 0xefd5102au, 0x71b18589u, 0x06b6b51fu, 0x9fbfe4a5u, 0xe8b8d433u,
  0x7807c9a2u, 0x0f00f934u, 0x9609a88eu, 0xe10e9818u, 0x7f6a0dbbu, 0x086d3d2du,
  0x91646c97u, 0xe6635c01u, 0x6b6b51f4u, 0x1c6c6162u, 0x856530d8u, 0xf262004eu,
  0x6c0695edu, 0x1b01a57bu, 0x8208f4c1u, 0xf50fc457u, 0x65b0d9c6u, 0x12b7e950u,
  0x8bbeb8eau, 0xfcb9887cu, 0x62dd1ddfu, 0x15da2d49u, 0x8cd37cf3u, 0xfbd44c65u,
  0x4db26158u, 0x3ab551ceu, 0xa3bc0074u, 0xd4bb30e2u, 0x4adfa541u, 0x3dd895d7u,
  0xa4d1c46du, 0xd3d6f4fbu, 0x4369e96au, 0x346ed9fcu, 0xad678846u, 0xda60b8d0u,
  0x44042d73u, 0x33031de5u, 0xaa0a4c5fu, 0xdd0d7cc9u, 0x5005713cu, 0x270241aau,
  0xbe0b1010u, 0xc90c2086u, 0x5768b525u, 0x206f85b3u, 0xb966d409u, 0xce61e49fu,
  0x5edef90eu, 0x29d9c998u, 0xb0d09822u, 0xc7d7a8b4u, 0x59b33d17u, 0x2eb40d81u,
  0xb7bd5c3bu, 0xc0ba6cadu, 0xedb88320u, 0x9abfb3b6u, 0x03b6e20cu, 0x74b1d29au,
  0xead54739u, 0x9dd277afu, 0x04db2615u, 0x73dc1683u, 0xe3630b12u, 0x94643b84u,
  0x0d6d6a3eu, 0x7a6a5aa8u, 0xe40ecf0bu, 0x9309ff9du, 0x0a00ae27u, 0x7d079eb1u,
  0xf00f9344u, 0x8708a3d2u, 0x1e01f268u, 0x6906c2feu, 0xf762575du, 0x806567cbu,
  0x196c3671u, 0x6e6b06e7u, 0xfed41b76u, 0x89d32be0u, 0x10da7a5au, 0x67dd4accu,
  0xf9b9df6fu, 0x8ebeeff9u, 0x17b7be43u, 0x60b08ed5u, 0xd6d6a3e8u, 0xa1d1937eu,
  0x38d8c2c4u, 0x4fdff252u, 0xd1bb67f1u, 0xa6bc5767u, 0x3fb506ddu, 0x48b2364bu,
  0xd80d2bdau, 0xaf0a1b4cu, 0x36034af6u, 0x41047a60u, 0xdf60efc3u, 0xa867df55u,
  0x316e8eefu, 0x4669be79u, 0xcb61b38cu, 0xbc66831au, 0x256fd2a0u, 0x5268e236u,
  0xcc0c7795u, 0xbb0b4703u, 0x220216b9u, 0x5505262fu, 0xc5ba3bbeu, 0xb2bd0b28u,
  0x2bb45a92u, 0x5cb36a04u, 0xc2d7ffa7u, 0xb5d0cf31u, 0x2cd99e8bu, 0x5bdeae1du,
  0x9b64c2b0u, 0xec63f226u, 0x756aa39cu, 0x026d930au, 0x9c0906a9u, 0xeb0e363fu,
  0x72076785u, 0x05005713u, 0x95bf4a82u, 0xe2b87a14u, 0x7bb12baeu, 0x0cb61b38u,
  0x92d28e9bu, 0xe5d5be0du, 0x7cdcefb7u, 0x0bdbdf21u, 0x86d3d2d4u, 0xf1d4e242u,
  0x68ddb3f8u, 0x1fda836eu, 0x81be16cdu, 0xf6b9265bu, 0x6fb077e1u, 0x18b74777u,
  0x88085ae6u, 0xff0f6a70u, 0x66063bcau, 0x11010b5cu, 0x8f659effu, 0xf862ae69u,
  0x616bffd3u, 0x166ccf45u, 0xa00ae278u, 0xd70dd2eeu, 0x4e048354u, 0x3903b3c2u,
  0xa7672661u, 0xd06016f7u, 0x4969474du, 0x3e6e77dbu, 0xaed16a4au, 0xd9d65adcu,
  0x40df0b66u, 0x37d83bf0u, 0xa9bcae53u, 0xdebb9ec5u, 0x47b2cf7fu, 0x30b5ffe9u,
  0xbdbdf21cu, 0xcabac28au, 0x53b39330u, 0x24b4a3a6u, 0xbad03605u, 0xcdd70693u,
  0x54de5729u, 0x23d967bfu, 0xb3667a2eu, 0xc4614ab8u, 0x5d681b02u, 0x2a6f2b94u,
  0xb40bbe37u, 0xc30c8ea1u, 0x5a05df1bu, 0x2d02ef8du,
};
static uint32_t crc32_context = 0xFFFFFFFFu;

static inline void crc32_gentab(void) {}
static inline void platform_main_begin(void) {}
static inline void platform_main_end(uint32_t crc, int flag)
{
  csmith_result = crc;
}
static inline void crc32_byte(uint8_t b)
{
  crc32_context = ((crc32_context >> 8) & 0x00FFFFFF) ^ crc32_tab[(crc32_context ^ b) & 0xFF];
}
static inline void crc32_8bytes(uint64_t val)
{
  crc32_byte((val >> 0) & 0xff);
  crc32_byte((val >> 8) & 0xff);
  crc32_byte((val >> 16) & 0xff);
  crc32_byte((val >> 24) & 0xff);
  crc32_byte((val >> 32) & 0xff);
  crc32_byte((val >> 40) & 0xff);
  crc32_byte((val >> 48) & 0xff);
  crc32_byte((val >> 56) & 0xff);
}
/* the name is dropped: no strings in the BPF object */
#define transparent_crc(val, vname, flag) crc32_8bytes((uint64_t) (val))

/* Signed division and remainder on magnitudes (b != 0, not MIN / -1).  */
static inline int64_t bpfs_sdiv(int64_t a, int64_t b)
{
  uint64_t ua = a < 0 ? 0 - (uint64_t) a : (uint64_t) a;
  uint64_t ub = b < 0 ? 0 - (uint64_t) b : (uint64_t) b;
  uint64_t q = ua / ub;
  return (a < 0) != (b < 0) ? (int64_t) (0 - q) : (int64_t) q;
}
static inline int64_t bpfs_smod(int64_t a, int64_t b)
{
  uint64_t ua = a < 0 ? 0 - (uint64_t) a : (uint64_t) a;
  uint64_t ub = b < 0 ? 0 - (uint64_t) b : (uint64_t) b;
  uint64_t r = ua % ub;
  return a < 0 ? (int64_t) (0 - r) : (int64_t) r;
}

/* int8_t, uint8_t */
static inline int8_t safe_unary_minus_func_int8_t_s(int8_t si)
{
  return si == INT8_MIN ? si : (int8_t) -si;
}
static inline int8_t safe_add_func_int8_t_s_s(int8_t si1, int8_t si2)
{
  return ((si1 > 0 && si2 > 0 && si1 > INT8_MAX - si2) || (si1 < 0 && si2 < 0 && si1 < INT8_MIN - si2))
         ? si1 : (int8_t) (si1 + si2);
}
static inline int8_t safe_sub_func_int8_t_s_s(int8_t si1, int8_t si2)
{
  return ((si2 > 0 && si1 < INT8_MIN + si2) || (si2 < 0 && si1 > INT8_MAX + si2)) ? si1 : (int8_t) (si1 - si2);
}
static inline int8_t safe_mul_func_int8_t_s_s(int8_t si1, int8_t si2)
{
  int64_t p = (int64_t) si1 * (int64_t) si2;
  return (p > INT8_MAX || p < INT8_MIN) ? si1 : (int8_t) p;
}
static inline int8_t safe_div_func_int8_t_s_s(int8_t si1, int8_t si2)
{
  return (si2 == 0 || (si1 == INT8_MIN && si2 == -1)) ? si1 : (int8_t) bpfs_sdiv(si1, si2);
}
static inline int8_t safe_mod_func_int8_t_s_s(int8_t si1, int8_t si2)
{
  return (si2 == 0 || (si1 == INT8_MIN && si2 == -1)) ? si1 : (int8_t) bpfs_smod(si1, si2);
}
static inline int8_t safe_lshift_func_int8_t_s_s(int8_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32 || left > (INT8_MAX >> right)) ? left : (int8_t) (left << right);
}
static inline int8_t safe_lshift_func_int8_t_s_u(int8_t left, unsigned int right)
{
  return (left < 0 || right >= 32 || left > (INT8_MAX >> right)) ? left : (int8_t) (left << right);
}
static inline int8_t safe_rshift_func_int8_t_s_s(int8_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32) ? left : (int8_t) (left >> right);
}
static inline int8_t safe_rshift_func_int8_t_s_u(int8_t left, unsigned int right)
{
  return (left < 0 || right >= 32) ? left : (int8_t) (left >> right);
}
static inline uint8_t safe_unary_minus_func_uint8_t_u(uint8_t ui)
{
  return (uint8_t) -ui;
}
static inline uint8_t safe_add_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2)
{
  return (uint8_t) ((uint64_t) ui1 + ui2);
}
static inline uint8_t safe_sub_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2)
{
  return (uint8_t) ((uint64_t) ui1 - ui2);
}
static inline uint8_t safe_mul_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2)
{
  return (uint8_t) ((uint64_t) ui1 * (uint64_t) ui2);
}
static inline uint8_t safe_div_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2)
{
  return ui2 == 0 ? ui1 : (uint8_t) (ui1 / ui2);
}
static inline uint8_t safe_mod_func_uint8_t_u_u(uint8_t ui1, uint8_t ui2)
{
  return ui2 == 0 ? ui1 : (uint8_t) (ui1 % ui2);
}
static inline uint8_t safe_lshift_func_uint8_t_u_s(uint8_t left, int right)
{
  return (right < 0 || right >= 32 || left > (UINT8_MAX >> right)) ? left : (uint8_t) (left << right);
}
static inline uint8_t safe_lshift_func_uint8_t_u_u(uint8_t left, unsigned int right)
{
  return (right >= 32 || left > (UINT8_MAX >> right)) ? left : (uint8_t) (left << right);
}
static inline uint8_t safe_rshift_func_uint8_t_u_s(uint8_t left, int right)
{
  return (right < 0 || right >= 32) ? left : (uint8_t) (left >> right);
}
static inline uint8_t safe_rshift_func_uint8_t_u_u(uint8_t left, unsigned int right)
{
  return right >= 32 ? left : (uint8_t) (left >> right);
}

/* int16_t, uint16_t */
static inline int16_t safe_unary_minus_func_int16_t_s(int16_t si)
{
  return si == INT16_MIN ? si : (int16_t) -si;
}
static inline int16_t safe_add_func_int16_t_s_s(int16_t si1, int16_t si2)
{
  return ((si1 > 0 && si2 > 0 && si1 > INT16_MAX - si2) || (si1 < 0 && si2 < 0 && si1 < INT16_MIN - si2))
         ? si1 : (int16_t) (si1 + si2);
}
static inline int16_t safe_sub_func_int16_t_s_s(int16_t si1, int16_t si2)
{
  return ((si2 > 0 && si1 < INT16_MIN + si2) || (si2 < 0 && si1 > INT16_MAX + si2)) ? si1 : (int16_t) (si1 - si2);
}
static inline int16_t safe_mul_func_int16_t_s_s(int16_t si1, int16_t si2)
{
  int64_t p = (int64_t) si1 * (int64_t) si2;
  return (p > INT16_MAX || p < INT16_MIN) ? si1 : (int16_t) p;
}
static inline int16_t safe_div_func_int16_t_s_s(int16_t si1, int16_t si2)
{
  return (si2 == 0 || (si1 == INT16_MIN && si2 == -1)) ? si1 : (int16_t) bpfs_sdiv(si1, si2);
}
static inline int16_t safe_mod_func_int16_t_s_s(int16_t si1, int16_t si2)
{
  return (si2 == 0 || (si1 == INT16_MIN && si2 == -1)) ? si1 : (int16_t) bpfs_smod(si1, si2);
}
static inline int16_t safe_lshift_func_int16_t_s_s(int16_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32 || left > (INT16_MAX >> right)) ? left : (int16_t) (left << right);
}
static inline int16_t safe_lshift_func_int16_t_s_u(int16_t left, unsigned int right)
{
  return (left < 0 || right >= 32 || left > (INT16_MAX >> right)) ? left : (int16_t) (left << right);
}
static inline int16_t safe_rshift_func_int16_t_s_s(int16_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32) ? left : (int16_t) (left >> right);
}
static inline int16_t safe_rshift_func_int16_t_s_u(int16_t left, unsigned int right)
{
  return (left < 0 || right >= 32) ? left : (int16_t) (left >> right);
}
static inline uint16_t safe_unary_minus_func_uint16_t_u(uint16_t ui)
{
  return (uint16_t) -ui;
}
static inline uint16_t safe_add_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2)
{
  return (uint16_t) ((uint64_t) ui1 + ui2);
}
static inline uint16_t safe_sub_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2)
{
  return (uint16_t) ((uint64_t) ui1 - ui2);
}
static inline uint16_t safe_mul_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2)
{
  return (uint16_t) ((uint64_t) ui1 * (uint64_t) ui2);
}
static inline uint16_t safe_div_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2)
{
  return ui2 == 0 ? ui1 : (uint16_t) (ui1 / ui2);
}
static inline uint16_t safe_mod_func_uint16_t_u_u(uint16_t ui1, uint16_t ui2)
{
  return ui2 == 0 ? ui1 : (uint16_t) (ui1 % ui2);
}
static inline uint16_t safe_lshift_func_uint16_t_u_s(uint16_t left, int right)
{
  return (right < 0 || right >= 32 || left > (UINT16_MAX >> right)) ? left : (uint16_t) (left << right);
}
static inline uint16_t safe_lshift_func_uint16_t_u_u(uint16_t left, unsigned int right)
{
  return (right >= 32 || left > (UINT16_MAX >> right)) ? left : (uint16_t) (left << right);
}
static inline uint16_t safe_rshift_func_uint16_t_u_s(uint16_t left, int right)
{
  return (right < 0 || right >= 32) ? left : (uint16_t) (left >> right);
}
static inline uint16_t safe_rshift_func_uint16_t_u_u(uint16_t left, unsigned int right)
{
  return right >= 32 ? left : (uint16_t) (left >> right);
}

/* int32_t, uint32_t */
static inline int32_t safe_unary_minus_func_int32_t_s(int32_t si)
{
  return si == INT32_MIN ? si : (int32_t) -si;
}
static inline int32_t safe_add_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return ((si1 > 0 && si2 > 0 && si1 > INT32_MAX - si2) || (si1 < 0 && si2 < 0 && si1 < INT32_MIN - si2))
         ? si1 : (int32_t) (si1 + si2);
}
static inline int32_t safe_sub_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return ((si2 > 0 && si1 < INT32_MIN + si2) || (si2 < 0 && si1 > INT32_MAX + si2)) ? si1 : (int32_t) (si1 - si2);
}
static inline int32_t safe_mul_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  int64_t p = (int64_t) si1 * (int64_t) si2;
  return (p > INT32_MAX || p < INT32_MIN) ? si1 : (int32_t) p;
}
static inline int32_t safe_div_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return (si2 == 0 || (si1 == INT32_MIN && si2 == -1)) ? si1 : (int32_t) bpfs_sdiv(si1, si2);
}
static inline int32_t safe_mod_func_int32_t_s_s(int32_t si1, int32_t si2)
{
  return (si2 == 0 || (si1 == INT32_MIN && si2 == -1)) ? si1 : (int32_t) bpfs_smod(si1, si2);
}
static inline int32_t safe_lshift_func_int32_t_s_s(int32_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32 || left > (INT32_MAX >> right)) ? left : (int32_t) (left << right);
}
static inline int32_t safe_lshift_func_int32_t_s_u(int32_t left, unsigned int right)
{
  return (left < 0 || right >= 32 || left > (INT32_MAX >> right)) ? left : (int32_t) (left << right);
}
static inline int32_t safe_rshift_func_int32_t_s_s(int32_t left, int right)
{
  return (left < 0 || right < 0 || right >= 32) ? left : (int32_t) (left >> right);
}
static inline int32_t safe_rshift_func_int32_t_s_u(int32_t left, unsigned int right)
{
  return (left < 0 || right >= 32) ? left : (int32_t) (left >> right);
}
static inline uint32_t safe_unary_minus_func_uint32_t_u(uint32_t ui)
{
  return (uint32_t) -ui;
}
static inline uint32_t safe_add_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
  return (uint32_t) ((uint64_t) ui1 + ui2);
}
static inline uint32_t safe_sub_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
  return (uint32_t) ((uint64_t) ui1 - ui2);
}
static inline uint32_t safe_mul_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
  return (uint32_t) ((uint64_t) ui1 * (uint64_t) ui2);
}
static inline uint32_t safe_div_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
  return ui2 == 0 ? ui1 : (uint32_t) (ui1 / ui2);
}
static inline uint32_t safe_mod_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
  return ui2 == 0 ? ui1 : (uint32_t) (ui1 % ui2);
}
static inline uint32_t safe_lshift_func_uint32_t_u_s(uint32_t left, int right)
{
  return (right < 0 || right >= 32 || left > (UINT32_MAX >> right)) ? left : (uint32_t) (left << right);
}
static inline uint32_t safe_lshift_func_uint32_t_u_u(uint32_t left, unsigned int right)
{
  return (right >= 32 || left > (UINT32_MAX >> right)) ? left : (uint32_t) (left << right);
}
static inline uint32_t safe_rshift_func_uint32_t_u_s(uint32_t left, int right)
{
  return (right < 0 || right >= 32) ? left : (uint32_t) (left >> right);
}
static inline uint32_t safe_rshift_func_uint32_t_u_u(uint32_t left, unsigned int right)
{
  return right >= 32 ? left : (uint32_t) (left >> right);
}

/* int64_t, uint64_t */
static inline int64_t safe_unary_minus_func_int64_t_s(int64_t si)
{
  return si == INT64_MIN ? si : (int64_t) -si;
}
static inline int64_t safe_add_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return ((si1 > 0 && si2 > 0 && si1 > INT64_MAX - si2) || (si1 < 0 && si2 < 0 && si1 < INT64_MIN - si2))
         ? si1 : (int64_t) (si1 + si2);
}
static inline int64_t safe_sub_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return ((si2 > 0 && si1 < INT64_MIN + si2) || (si2 < 0 && si1 > INT64_MAX + si2)) ? si1 : (int64_t) (si1 - si2);
}
static inline int64_t safe_mul_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  if (si1 == 0 || si2 == 0)
    return 0;
  uint64_t ua = si1 < 0 ? 0 - (uint64_t) si1 : (uint64_t) si1;
  uint64_t ub = si2 < 0 ? 0 - (uint64_t) si2 : (uint64_t) si2;
  int neg = (si1 < 0) != (si2 < 0);
  if (ua > UINT64_MAX / ub)
    return si1;
  uint64_t p = ua * ub;
  if (p > (uint64_t) INT64_MAX + neg)
    return si1;
  return neg ? (int64_t) (0 - p) : (int64_t) p;
}
static inline int64_t safe_div_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return (si2 == 0 || (si1 == INT64_MIN && si2 == -1)) ? si1 : (int64_t) bpfs_sdiv(si1, si2);
}
static inline int64_t safe_mod_func_int64_t_s_s(int64_t si1, int64_t si2)
{
  return (si2 == 0 || (si1 == INT64_MIN && si2 == -1)) ? si1 : (int64_t) bpfs_smod(si1, si2);
}
static inline int64_t safe_lshift_func_int64_t_s_s(int64_t left, int right)
{
  return (left < 0 || right < 0 || right >= 64 || left > (INT64_MAX >> right)) ? left : (int64_t) (left << right);
}
static inline int64_t safe_lshift_func_int64_t_s_u(int64_t left, unsigned int right)
{
  return (left < 0 || right >= 64 || left > (INT64_MAX >> right)) ? left : (int64_t) (left << right);
}
static inline int64_t safe_rshift_func_int64_t_s_s(int64_t left, int right)
{
  return (left < 0 || right < 0 || right >= 64) ? left : (int64_t) (left >> right);
}
static inline int64_t safe_rshift_func_int64_t_s_u(int64_t left, unsigned int right)
{
  return (left < 0 || right >= 64) ? left : (int64_t) (left >> right);
}
static inline uint64_t safe_unary_minus_func_uint64_t_u(uint64_t ui)
{
  return (uint64_t) -ui;
}
static inline uint64_t safe_add_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2)
{
  return (uint64_t) ((uint64_t) ui1 + ui2);
}
static inline uint64_t safe_sub_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2)
{
  return (uint64_t) ((uint64_t) ui1 - ui2);
}
static inline uint64_t safe_mul_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2)
{
  return ui1 * ui2;
}
static inline uint64_t safe_div_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2)
{
  return ui2 == 0 ? ui1 : (uint64_t) (ui1 / ui2);
}
static inline uint64_t safe_mod_func_uint64_t_u_u(uint64_t ui1, uint64_t ui2)
{
  return ui2 == 0 ? ui1 : (uint64_t) (ui1 % ui2);
}
static inline uint64_t safe_lshift_func_uint64_t_u_s(uint64_t left, int right)
{
  return (right < 0 || right >= 64 || left > (UINT64_MAX >> right)) ? left : (uint64_t) (left << right);
}
static inline uint64_t safe_lshift_func_uint64_t_u_u(uint64_t left, unsigned int right)
{
  return (right >= 64 || left > (UINT64_MAX >> right)) ? left : (uint64_t) (left << right);
}
static inline uint64_t safe_rshift_func_uint64_t_u_s(uint64_t left, int right)
{
  return (right < 0 || right >= 64) ? left : (uint64_t) (left >> right);
}
static inline uint64_t safe_rshift_func_uint64_t_u_u(uint64_t left, unsigned int right)
{
  return right >= 64 ? left : (uint64_t) (left >> right);
}

#endif
