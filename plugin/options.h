/* options.h: the plugin's switches, set from -fplugin-arg-bpfsupport-*.  */
#ifndef BPFSUPPORT_OPTIONS_H
#define BPFSUPPORT_OPTIONS_H

#ifndef BPFSUPPORT_VERSION
#define BPFSUPPORT_VERSION "0.1"
#endif

struct bpfs_options
{
  bool helper_calls;   /* rewrite calls through helper pointers */
};
extern struct bpfs_options bpfs_options;

#endif
