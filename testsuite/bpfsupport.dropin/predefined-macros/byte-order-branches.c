#ifdef __LITTLE_ENDIAN__
le
#endif
#ifdef __BIG_ENDIAN__
be
#endif
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
order_be
#elif __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
order_le
#endif
