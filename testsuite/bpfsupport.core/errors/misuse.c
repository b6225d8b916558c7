/* Misuses of the CO-RE builtins are errors at the call, never crashes.  */
/* { dg-do compile } */
/* { dg-options "-g" } */
struct s { int a; int b; } __attribute__((preserve_access_index));
enum e { E1 = 1 };
int k;

int
misuse (struct s *p)
{
  int r = 0;
  r += __builtin_preserve_field_info (k, 0);          /* { dg-error "must be a field access" } */
  r += __builtin_preserve_field_info (p->a, k);       /* { dg-error "must be an integer constant" } */
  r += __builtin_preserve_field_info (p->a, 9);       /* { dg-error "unknown relocation kind" } */
  r += __builtin_preserve_type_info (k, 0);           /* { dg-error "must be" } */
  r += __builtin_btf_type_id (*(struct s *) 0, 5);    /* { dg-error "unknown relocation kind" } */
  r += __builtin_preserve_enum_value (*(enum e *) 3, 0); /* { dg-error "is not a value of" } */
  r += __builtin_preserve_enum_value (k, 0);          /* { dg-error "must be" } */
  r += __builtin_preserve_field_info (p->a);          /* { dg-error "takes 2 arguments" } */
  /* GCC's three-argument enum form (libbpf 1.2+ without __clang__).  */
  r += __builtin_preserve_enum_value (1, E1, 0);      /* { dg-error "must be a pointer to an enum type" } */
  r += __builtin_preserve_enum_value ((int *) 0, E1, 0); /* { dg-error "must be a pointer to an enum type" } */
  r += __builtin_preserve_enum_value ((enum e *) 0, k, 0); /* { dg-error "must be an enumerator of" } */
  r += __builtin_preserve_enum_value ((enum e *) 0, 5, 1); /* { dg-error "is not a value of" } */
  r += __builtin_preserve_enum_value ((enum e *) 0, E1, 0, 1); /* { dg-error "takes 2 or 3 arguments" } */
  return r;
}
