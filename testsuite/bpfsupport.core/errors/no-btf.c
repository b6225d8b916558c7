/* CO-RE relocations without BTF would be right for one kernel only.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
/* { dg-error "CO-RE relocations need BTF" "" { target *-*-* } 0 } */
struct s { int a; int b; } __attribute__((preserve_access_index));

int
no_btf (struct s *p)
{
  return __builtin_preserve_field_info (p->b, 0);
}
