/* btf-image.h -- the wire image of a finished builder (internal). */
#ifndef BPFSUPPORT_BTF_IMAGE_H
#define BPFSUPPORT_BTF_IMAGE_H

#include "btf-internal.h"

/* A .BTF.ext word: a number, or LABEL-BASE. */
struct btfb_xword {
  uint32_t v;
  const char *label, *base;  /* owned by the builder's records */
  uint8_t mark;              /* 1 rec_size, 2 section name, 3 insn_off */
};

struct btfb_image {
  struct btfb_strset strs;   /* final string table */
  uint32_t *w;               /* type section words */
  size_t nw, cw;
  uint32_t *wx;              /* per word: builder string offset of an
                                assembler expression replacing it, or 0 */
  size_t cwx;
  uint32_t *start;           /* final id -> first word; [nfinal+1] = nw */
  struct btfb_xword *x;      /* .BTF.ext words after the header */
  size_t nx, cx;
  uint32_t func_len, line_len, core_len;
  int oom;
};

int btfb_image_build(struct btf_builder *b, struct btfb_image *im);
void btfb_image_free(struct btfb_image *im);
const char *btfb_kind_name(unsigned kind);

#endif
