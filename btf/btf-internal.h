/* btf-internal.h -- data structures shared by the library's C files.
   Not part of the API: include btf.h instead. */
#ifndef BPFSUPPORT_BTF_INTERNAL_H
#define BPFSUPPORT_BTF_INTERNAL_H

#include "btf.h"

/* A deduplicated string table: offset 0 is "". */
struct btfb_strset {
  char *data;
  size_t len, cap;
  uint32_t *slots; /* open addressing: offset + 1, 0 = empty */
  size_t nslots, used;
};

int btfb_strset_init(struct btfb_strset *s);
void btfb_strset_fini(struct btfb_strset *s);
/* Offset of STR (added if new); (uint32_t)-1 on allocation failure. */
uint32_t btfb_strset_add(struct btfb_strset *s, const char *str);

/* Internal kind of a reserved, maybe not yet filled, id. */
#define BTFB_KIND_RESERVED 0xff

/* One member / param / enumerator / datasec entry. */
struct btfb_entry {
  uint32_t name;  /* builder string offset */
  uint32_t type;  /* member/param/datasec var type (builder id) */
  uint32_t a, b;  /* member: bit offset, bitfield size;
                     enum: low, high 32 bits; datasec: offset, size */
  uint32_t expr;  /* datasec: builder string offset of an assembler
                     expression for the offset (0: use a) */
};

struct btfb_type {
  uint8_t kind;
  uint8_t kflag;
  uint8_t root;
  uint8_t size_set;     /* datasec: size given by btfb_datasec_size */
  uint32_t name;        /* builder string offset */
  uint32_t st;          /* size, or referenced type (builder id) */
  uint32_t x[3];        /* INT: word; ARRAY: elem, index, nelems;
                           VAR/FUNC: linkage; DECL_TAG: component idx;
                           RESERVED: target (0 = unfilled) */
  struct btfb_entry *e;
  uint32_t ne, ce;
};

enum btfb_loc_kind { BTFB_EXT_FUNC, BTFB_EXT_LINE, BTFB_EXT_CORE };

struct btfb_rec {
  uint8_t what;         /* enum btfb_loc_kind */
  uint32_t sec;         /* builder string offset */
  uint32_t off;
  char *label, *base;   /* owned, NULL for numeric offsets */
  uint32_t type;        /* FUNC id / core relo type id (builder ids) */
  uint32_t s1, s2;      /* line: file, line text; core: access string */
  uint32_t n1;          /* line: line<<10|col; core: kind */
  uint32_t seq;         /* insertion order, for the stable sort */
};

struct btf_builder {
  struct btfb_strset strs;
  struct btfb_type *t;  /* t[0] unused (void) */
  uint32_t nt, ct;
  /* hash-consing of simple types: slots hold builder ids, 0 empty */
  uint32_t *cons;
  size_t ncons, usedcons;
  uint32_t *ds;         /* DATASEC ids (few) */
  uint32_t nds, cds;
  struct btfb_rec *r;
  size_t nr, cr;
  char err[256];
  int finished;
  /* after finish */
  uint32_t *final;      /* builder id -> final id (0 = gone) */
  uint32_t *order;      /* final id -> builder id, order[0] = 0 */
  uint32_t nfinal;
};

int btfb_set_error(struct btf_builder *b, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 2, 3)))
#endif
  ;
/* Follow reserved ids to the type they stand for. */
uint32_t btfb_resolve(const struct btf_builder *b, uint32_t id);
/* Referenced type ids of T (as stored); returns how many (<= cap needed:
   use btfb_nrefs first). */
uint32_t btfb_nrefs(const struct btfb_type *t);
uint32_t *btfb_ref_slot(struct btfb_type *t, uint32_t i);
int btfb_kind_has_vlen(unsigned kind);
/* Final-id view of the written BTF, in wire format words. */
const char *btfb_str(const struct btf_builder *b, uint32_t off);

#endif
