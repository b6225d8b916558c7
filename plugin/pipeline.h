/* pipeline.h: the declarations of what plugin/pipeline.def registers
   (each pass's execute hook, each callback, each GGC root table), made
   from the table itself so that a row and the definition it names cannot
   disagree.  Included by plugin/gcc-compat.h.  */
#ifndef BPFSUPPORT_PIPELINE_H
#define BPFSUPPORT_PIPELINE_H

#define BPFS_PASS(file, kind, name, execute, reference, position, when) \
  unsigned int execute (function *);
#define BPFS_CALLBACK(file, event, function, when) \
  void function (void *, void *);
#define BPFS_ROOTS(file, table, when) \
  extern const struct ggc_root_tab table[];
#define BPFS_SELF(file, function, when) void function (void);
#include "plugin/pipeline.def"
#undef BPFS_PASS
#undef BPFS_CALLBACK
#undef BPFS_ROOTS
#undef BPFS_SELF

/* Whether the plugin writes BTF (btf/gcc-btf.cc decides in its setup).  */
extern bool bpfs_btf_wanted;

#endif
