// SPDX-License-Identifier: GPL-2.0
/* Loads counter.bpf.o through its skeleton, runs count_packets on five
   packets with BPF_PROG_TEST_RUN and prints every result: the same lines
   whichever compiler built the object.  Exit 2 when the kernel refuses to
   load (the test says UNSUPPORTED), 1 on any other failure.  */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "counter.skel.h"

static int run(int fd, unsigned short proto, unsigned len)
{
	unsigned char pkt[256] = {0};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = len,
		    .repeat = 1);
	unsigned short p = htons(proto);

	memcpy(pkt + 12, &p, 2);
	if (bpf_prog_test_run_opts(fd, &opts)) {
		fprintf(stderr, "test run: %s\n", strerror(errno));
		return -1;
	}
	printf("packet proto=0x%04x len=%u -> %u\n", proto, len, opts.retval);
	return 0;
}

int main(void)
{
	static const struct { unsigned short proto; unsigned len; } pkts[] = {
		{ 0x0800, 60 }, { 0x86dd, 80 }, { 0x0806, 42 }, { 0x88cc, 200 },
		{ 0x0800, 120 },
	};
	struct counter_bpf *skel;
	unsigned short key, next;
	unsigned long long val;
	int fd, zero = 0;

	skel = counter_bpf__open();
	if (!skel) {
		fprintf(stderr, "open: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->drop_proto = 0x0806;
	if (counter_bpf__load(skel)) {
		fprintf(stderr, "load: %s\n", strerror(errno));
		counter_bpf__destroy(skel);
		return 2;
	}
	(void) zero;
	fd = bpf_program__fd(skel->progs.count_packets);
	for (unsigned i = 0; i < sizeof pkts / sizeof *pkts; i++)
		if (run(fd, pkts[i].proto, pkts[i].len))
			return 1;

	printf("packets=%llu bytes=%llu tail_calls=%llu\n",
	       (unsigned long long) skel->bss->packets,
	       (unsigned long long) skel->bss->bytes,
	       (unsigned long long) skel->bss->tail_calls);
	for (int i = 0; i < 4; i++)
		printf("last_len[%d]=%u\n", i, skel->bss->last_len[i]);
	for (int m = 0; m < 2; m++) {
		int mfd = bpf_map__fd(m ? skel->maps.inner_b : skel->maps.inner_a);
		for (unsigned k = 0; k < 4; k++) {
			if (bpf_map_lookup_elem(mfd, &k, &val))
				return 1;
			printf("inner_%c[%u]=%llu\n", m ? 'b' : 'a', k, val);
		}
	}
	fd = bpf_map__fd(skel->maps.proto_count);
	for (unsigned p = 0; p < 0x10000; p++) {
		key = p;
		if (!bpf_map_lookup_elem(fd, &key, &val))
			printf("proto 0x%04x: %llu\n", key, val);
	}
	(void) next;
	counter_bpf__destroy(skel);
	return 0;
}
