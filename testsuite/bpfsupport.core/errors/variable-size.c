/* Members of variably sized structs (a VLA member: offsets computed at
   run time) have no CO-RE layout: left alone, never a crash (the plugin
   crashed on these from objects, GCC's 920428-4.c, 20040308-1.c,
   align-nest.c, pr82210.c), also inside __builtin_preserve_access_index.  */
/* { dg-do compile } */
/* { dg-options "-O2 -g" } */

int
local_vla_struct (int a)
{
  struct { int p[a], i; } l;
  l.i = a;
  return l.i + __builtin_preserve_access_index (l.i);
}

int
vla_struct_pointer (int a, void *q)
{
  struct s { int p[a]; int i; } *ps = q;
  return __builtin_preserve_access_index (ps->i) + ps[1].i;
}

int
vla_bitfield_compare (int a, void *q)
{
  struct { int p[a]; unsigned b : 3, c : 5; } *ps = q;
  return __builtin_preserve_access_index (ps->b == 3 && ps->c == 1);
}
