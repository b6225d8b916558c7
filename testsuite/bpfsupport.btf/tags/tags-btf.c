/* Where btf_type_tag and btf_decl_tag land in BTF: compared with clang's
 * BTF by tags.exp (every variable's, member's and parameter's type chain
 * and every DECL_TAG's target).  Struct members that point to a struct
 * are left out: clang 14 drops their type tags (doc/debug-info.md).  */
#define __tag(x) __attribute__((btf_type_tag(x)))
#define __dtag(x) __attribute__((btf_decl_tag(x)))

struct foo { int a; };

struct bar {
	int __tag("user") *up;
	int __tag("user") * __tag("rcu") *upp;
	const int __tag("c") *cp;
	unsigned int __tag("a") __tag("b") *two;
	int x __dtag("member");
	int y __dtag("m1") __dtag("m2");
} __dtag("onstruct");

typedef int myint __dtag("typedef");
typedef struct foo __tag("td") *fooptr;

struct bar gbar __dtag("var");
myint gmy;
fooptr gfp;
int __tag("percpu") *gp;
struct foo __tag("kptr") *gkp;
const struct foo __tag("c") *gcp;
struct foo __tag("d") * const gdp;
struct foo __tag("a") __tag("b") *gab;
unsigned char __tag("u") *garr[2];

__attribute__((noinline)) int
f(int a __dtag("arg:ctx"), struct foo *b __dtag("arg:trusted"),
  int __tag("user") *c) __dtag("fn");

__attribute__((noinline)) int
f(int a __dtag("arg:ctx"), struct foo *b __dtag("arg:trusted"),
  int __tag("user") *c)
{
	return a + b->a + *c + gbar.x + gmy;
}

int
prog(void *ctx)
{
	struct foo z = { 1 };
	int i = 2;

	return f(1, &z, &i) + (gp != 0) + (gkp != 0) + (gcp != 0) + (gdp != 0)
	       + (gab != 0) + (garr[0] != 0) + (gfp != 0);
}
