#include "png_shim.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// An RGBA PNG written without libpng: every row filtered UP, then deflated in one dynamic-Huffman
// block whose only matches are runs at distance one, the matches zlib's Z_RLE strategy finds.
// zlib's deflate spends most of its time tallying and emitting symbols one call at a time; this
// does it in two tight loops. The CRCs are zlib's; Adler-32 is summed here, in loops that vectorize.

enum { RLE_MIN = 3, RLE_MAX = 258, LITLEN_CODES = 286, CODELEN_CODES = 19 };

/// Length symbols 257...285: the first length each covers and its extra bits (RFC 1951, 3.2.5).
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t codelen_order[CODELEN_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// The length symbol (index into the tables above) for each run length 3...258.
static uint8_t length_symbol[RLE_MAX + 1];

static void rle_tables_once(void) {
    for (int symbol = 0; symbol < 29; symbol++) {
        int end = symbol < 28 ? length_base[symbol + 1] : RLE_MAX + 1;
        for (int length = length_base[symbol]; length < end && length <= RLE_MAX; length++) {
            length_symbol[length] = (uint8_t)symbol;
        }
    }
    length_symbol[RLE_MAX] = 28;
}

/// Sorts `count` symbols by weight, ties in the order given (ascending symbols): a radix sort
/// a byte of the weight at a time, as many bytes as the heaviest needs. Cheaper than any
/// comparison sort on a few hundred symbols, and the result the same.
static void sort_by_weight(int *symbols, int count, const uint32_t *weights) {
    int spare[LITLEN_CODES];
    uint32_t heaviest = 0;
    for (int i = 0; i < count; i++) heaviest |= weights[symbols[i]];
    int *from = symbols, *to = spare;
    for (int shift = 0; shift < 32 && (heaviest >> shift) != 0; shift += 8) {
        int starts[257] = {0};
        for (int i = 0; i < count; i++) starts[((weights[from[i]] >> shift) & 0xFF) + 1]++;
        for (int digit = 0; digit < 256; digit++) starts[digit + 1] += starts[digit];
        for (int i = 0; i < count; i++) to[starts[(weights[from[i]] >> shift) & 0xFF]++] = from[i];
        int *swap = from;
        from = to;
        to = swap;
    }
    if (from != symbols) memcpy(symbols, from, sizeof(int) * (size_t)count);
}

/// Huffman code lengths for `count` symbols of frequencies `freq`, none longer than `limit`:
/// a Huffman tree built by merging the two lightest nodes; when it is too deep, the frequencies
/// are halved (rounding up, so a used symbol stays used) and it is built again.
static void huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
    uint32_t weights[LITLEN_CODES];
    int symbols[LITLEN_CODES];
    memcpy(weights, freq, sizeof(uint32_t) * count);
    for (;;) {
        memset(lengths, 0, count);
        int used = 0;
        for (int i = 0; i < count; i++) {
            if (weights[i]) symbols[used++] = i;
        }
        if (used == 0) return;
        if (used == 1) {
            lengths[symbols[0]] = 1;
            return;
        }
        // The used symbols by weight, ties by symbol.
        sort_by_weight(symbols, used, weights);
        // Two queues: the sorted leaves, and the merged nodes (made in increasing weight).
        uint32_t node_weight[2 * LITLEN_CODES];
        int parent[2 * LITLEN_CODES];
        for (int i = 0; i < used; i++) node_weight[i] = weights[symbols[i]];
        int leaf = 0, merged = used, next = used;
        for (int step = 0; step < used - 1; step++) {
            int pick[2];
            for (int k = 0; k < 2; k++) {
                if (leaf < used && (merged >= next || node_weight[leaf] <= node_weight[merged])) {
                    pick[k] = leaf++;
                } else {
                    pick[k] = merged++;
                }
            }
            node_weight[next] = node_weight[pick[0]] + node_weight[pick[1]];
            parent[pick[0]] = next;
            parent[pick[1]] = next;
            next++;
        }
        // Depths from the root (the last node) down: parents come after their children.
        uint8_t depth[2 * LITLEN_CODES];
        depth[next - 1] = 0;
        int deepest = 0;
        for (int node = next - 2; node >= 0; node--) {
            depth[node] = (uint8_t)(depth[parent[node]] + 1);
            if (node < used && depth[node] > deepest) deepest = depth[node];
        }
        if (deepest <= limit) {
            for (int i = 0; i < used; i++) lengths[symbols[i]] = depth[i];
            return;
        }
        for (int i = 0; i < count; i++) weights[i] = (weights[i] + 1) / 2;
    }
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed: deflate sends a code's first
/// bit first into a stream filled from the low bit.
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint16_t length_count[16] = {0};
    uint16_t next_code[16] = {0};
    for (int i = 0; i < count; i++) length_count[lengths[i]]++;
    length_count[0] = 0;
    uint16_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (uint16_t)((code + length_count[bits - 1]) << 1);
        next_code[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        int length = lengths[i];
        if (length == 0) {
            codes[i] = 0;
            continue;
        }
        uint16_t value = next_code[length]++;
        uint16_t reversed = 0;
        for (int bit = 0; bit < length; bit++) {
            reversed = (uint16_t)((reversed << 1) | ((value >> bit) & 1));
        }
        codes[i] = reversed;
    }
}

/// Both trees' code lengths as code-length symbols (RFC 1951, 3.2.7), each with its extra bits,
/// and how often each symbol comes.
typedef struct code_lengths {
    uint8_t symbols[LITLEN_CODES + 1];
    uint8_t extra[LITLEN_CODES + 1];
    int count;
    uint32_t freq[CODELEN_CODES];
} code_lengths;

static inline void add_code_length(code_lengths *coded, int symbol, int extra) {
    coded->symbols[coded->count] = (uint8_t)symbol;
    coded->extra[coded->count++] = (uint8_t)extra;
    coded->freq[symbol]++;
}

/// Bits into a byte buffer, low bit first, 64 at a time.
typedef struct bit_writer {
    uint8_t *out;
    uint64_t bits;
    int count;
} bit_writer;

static inline void put_bits(bit_writer *writer, uint32_t value, int length) {
    writer->bits |= (uint64_t)value << writer->count;
    writer->count += length;
    if (writer->count >= 32) {
        uint32_t low = (uint32_t)writer->bits;
        memcpy(writer->out, &low, 4);  // little-endian: x86-64 and arm64
        writer->out += 4;
        writer->bits >>= 32;
        writer->count -= 32;
    }
}

static void flush_bits(bit_writer *writer) {
    while (writer->count > 0) {
        *writer->out++ = (uint8_t)writer->bits;
        writer->bits >>= 8;
        writer->count -= 8;
    }
    writer->count = 0;
    writer->bits = 0;
}

/// zlib's Adler-32 of `data`, in loops a compiler vectorizes: sixteen lanes each sum their bytes
/// (`sums`) and, before each step, add those sums into `weighted`, which counts each byte once for
/// every step after its own; the lane's place in the step adds the rest. zlib's own loop adds one
/// byte at a time.
static uint32_t adler32_lanes(const uint8_t *data, size_t length) {
    enum { LANES = 16, BASE = 65521, STEPS = 5552 / LANES };  // 5552: zlib's NMAX, no uint32 overflow
    uint32_t a = 1, b = 0;
    while (length >= LANES) {
        size_t steps = length / LANES < STEPS ? length / LANES : STEPS;
        uint32_t sums[LANES] = {0}, weighted[LANES] = {0};
        for (size_t step = 0; step < steps; step++) {
            for (int lane = 0; lane < LANES; lane++) {
                weighted[lane] += sums[lane];
                sums[lane] += data[lane];
            }
            data += LANES;
        }
        size_t count = steps * LANES;
        uint64_t total = 0, later = 0, place = 0;
        for (int lane = 0; lane < LANES; lane++) {
            total += sums[lane];
            later += weighted[lane];
            place += (uint64_t)(LANES - lane) * sums[lane];
        }
        b = (uint32_t)((b + (uint64_t)count * a + LANES * later + place) % BASE);
        a = (uint32_t)((a + total) % BASE);
        length -= count;
    }
    while (length--) {
        a = (a + *data++) % BASE;
        b = (b + a) % BASE;
    }
    return b << 16 | a;
}

/// `data` deflated into `out` as a zlib stream; returns the bytes written. `out` holds at least
/// `length * 2 + 2048` bytes: no code is longer than 15 bits, and the trees take under 300 bytes.
static size_t deflate_rle(const uint8_t *data, size_t length, uint8_t *out, uint16_t *tokens) {
    // Tokens: a literal byte, or 0x100 + a run length (always at distance one).
    size_t token_count = 0;
    uint32_t litlen_freq[LITLEN_CODES] = {0};
    uint32_t dist_freq[1] = {0};
    size_t position = 0;
    if (length > 0) {
        tokens[token_count++] = data[0];
        litlen_freq[data[0]]++;
        position = 1;
    }
    while (position < length) {
        uint8_t byte = data[position];
        // Most bytes of a photo differ from the one before: one compare makes them literals.
        if (byte == data[position - 1] && length - position >= RLE_MIN) {
            size_t limit = length - position < RLE_MAX ? length - position : RLE_MAX;
            size_t run = 1;
            while (run < limit && data[position + run] == byte) run++;
            if (run >= RLE_MIN) {
                tokens[token_count++] = (uint16_t)(0x100 + run);
                litlen_freq[257 + length_symbol[run]]++;
                dist_freq[0]++;
                position += run;
                continue;
            }
        }
        tokens[token_count++] = byte;
        litlen_freq[byte]++;
        position++;
    }
    litlen_freq[256] = 1;

    uint8_t litlen_lengths[LITLEN_CODES];
    huffman_lengths(litlen_freq, LITLEN_CODES, 15, litlen_lengths);
    uint16_t litlen_codes[LITLEN_CODES];
    canonical_codes(litlen_lengths, LITLEN_CODES, litlen_codes);
    // One distance code, distance 1: a single code of one bit, which inflaters accept.
    const uint8_t dist_length = 1;

    int hlit = LITLEN_CODES;
    while (hlit > 257 && litlen_lengths[hlit - 1] == 0) hlit--;
    // The code lengths of both trees, run-length coded (16: repeat the last 3-6 times, 17: 3-10
    // zeros, 18: 11-138 zeros).
    uint8_t all_lengths[LITLEN_CODES + 1];
    memcpy(all_lengths, litlen_lengths, hlit);
    all_lengths[hlit] = dist_length;
    int total = hlit + 1;
    code_lengths coded = {.count = 0, .freq = {0}};
    for (int i = 0; i < total;) {
        uint8_t value = all_lengths[i];
        int run = 1;
        while (i + run < total && all_lengths[i + run] == value) run++;
        int left = run;
        if (value == 0) {
            while (left >= 11) {
                int take = left > 138 ? 138 : left;
                add_code_length(&coded, 18, take - 11);
                left -= take;
            }
            if (left >= 3) {
                add_code_length(&coded, 17, left - 3);
                left = 0;
            }
        } else {
            add_code_length(&coded, value, 0);
            left--;
            while (left >= 3) {
                int take = left > 6 ? 6 : left;
                add_code_length(&coded, 16, take - 3);
                left -= take;
            }
        }
        for (; left > 0; left--) add_code_length(&coded, value, 0);
        i += run;
    }
    uint8_t cl_lengths[CODELEN_CODES];
    huffman_lengths(coded.freq, CODELEN_CODES, 7, cl_lengths);
    uint16_t cl_codes[CODELEN_CODES];
    canonical_codes(cl_lengths, CODELEN_CODES, cl_codes);
    int hclen = CODELEN_CODES;
    while (hclen > 4 && cl_lengths[codelen_order[hclen - 1]] == 0) hclen--;

    uint8_t *start = out;
    *out++ = 0x78;  // deflate, 32 KiB window
    *out++ = 0x01;  // the fastest level; (0x78 << 8 | 0x01) % 31 == 0
    bit_writer writer = {out, 0, 0};
    put_bits(&writer, 1, 1);  // the last block
    put_bits(&writer, 2, 2);  // dynamic Huffman codes
    put_bits(&writer, (uint32_t)(hlit - 257), 5);
    put_bits(&writer, 0, 5);  // one distance code
    put_bits(&writer, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(&writer, cl_lengths[codelen_order[i]], 3);
    static const uint8_t cl_extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < coded.count; i++) {
        int symbol = coded.symbols[i];
        put_bits(&writer, cl_codes[symbol], cl_lengths[symbol]);
        if (symbol >= 16) put_bits(&writer, coded.extra[i], cl_extra_bits[symbol - 16]);
    }
    // What each token writes, bits and their count (count << 24 | bits): a literal's code, or a
    // run's length code with its extra bits and the one-bit distance code (0) above them. One
    // table for both, so the loop below does not branch on the kind of token.
    uint32_t token_table[0x100 + RLE_MAX + 1];
    for (int literal = 0; literal < 0x100; literal++) {
        token_table[literal] = (uint32_t)litlen_lengths[literal] << 24 | litlen_codes[literal];
    }
    for (int run = RLE_MIN; run <= RLE_MAX; run++) {
        int symbol = length_symbol[run];
        int code_length = litlen_lengths[257 + symbol];
        uint32_t value = litlen_codes[257 + symbol] | (uint32_t)(run - length_base[symbol]) << code_length;
        token_table[0x100 + run] = (uint32_t)(code_length + length_extra[symbol] + dist_length) << 24 | value;
    }
    // Eight bytes stored every token and the pointer moved by the whole bytes filled: no branch
    // (`out` has the room: its bound leaves kilobytes spare).
    uint8_t *cursor = writer.out;
    uint64_t bits = writer.bits;
    int count = writer.count;
    for (size_t i = 0; i < token_count; i++) {
        uint32_t entry = token_table[tokens[i]];
        bits |= (uint64_t)(entry & 0xFFFFFF) << count;
        count += (int)(entry >> 24);
        memcpy(cursor, &bits, 8);  // little-endian: x86-64 and arm64
        cursor += count >> 3;
        bits >>= count & ~7;
        count &= 7;
    }
    writer.out = cursor;
    writer.bits = bits;
    writer.count = count;
    put_bits(&writer, litlen_codes[256], litlen_lengths[256]);
    flush_bits(&writer);
    out = writer.out;
    uint32_t adler = adler32_lanes(data, length);
    *out++ = (uint8_t)(adler >> 24);
    *out++ = (uint8_t)(adler >> 16);
    *out++ = (uint8_t)(adler >> 8);
    *out++ = (uint8_t)adler;
    return (size_t)(out - start);
}

static uint8_t *put_u32(uint8_t *out, uint32_t value) {
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
    return out + 4;
}

/// A chunk's length, type and data are in place at `chunk`; appends its CRC.
static uint8_t *close_chunk(uint8_t *chunk, uint32_t data_length) {
    put_u32(chunk, data_length);
    uint32_t crc = (uint32_t)crc32(crc32(0L, Z_NULL, 0), chunk + 4, data_length + 4);
    return put_u32(chunk + 8 + data_length, crc);
}

int rdx_png_encode_rle(const uint8_t *pixels, int width, int height, size_t row_stride,
                       uint8_t **out_data, size_t *out_length) {
    *out_data = NULL;
    *out_length = 0;
    // Once, before any thread reads the table: threads encode at once on every core, and an
    // unguarded fill is a data race (undefined behavior) even when it writes equal bytes.
    static pthread_once_t tables_made = PTHREAD_ONCE_INIT;
    pthread_once(&tables_made, rle_tables_once);
    if (width <= 0 || height <= 0 || pixels == NULL || (size_t)width > (SIZE_MAX / 4 - 1)) return 1;
    size_t row_bytes = (size_t)width * 4;
    if ((size_t)height > (SIZE_MAX / 4) / (row_bytes + 1) || (row_bytes + 1) * (size_t)height > UINT32_MAX / 8) return 1;
    size_t filtered_length = (row_bytes + 1) * (size_t)height;
    size_t bound = filtered_length * 2 + 2048 + 64;
    uint8_t *filtered = malloc(filtered_length);
    uint16_t *tokens = malloc(sizeof(uint16_t) * filtered_length);
    uint8_t *png = malloc(bound);
    if (filtered == NULL || tokens == NULL || png == NULL) {
        free(filtered);
        free(tokens);
        free(png);
        return 1;
    }
    // UP: each byte less the one above it (the first row as it is, filter NONE).
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * row_stride;
        uint8_t *target = filtered + (size_t)y * (row_bytes + 1);
        if (y == 0) {
            target[0] = 0;
            memcpy(target + 1, row, row_bytes);
            continue;
        }
        const uint8_t *above = row - row_stride;
        target[0] = 2;
        for (size_t i = 0; i < row_bytes; i++) target[1 + i] = (uint8_t)(row[i] - above[i]);
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t *out = png;
    memcpy(out, signature, 8);
    out += 8;
    uint8_t *chunk = out;
    memcpy(chunk + 4, "IHDR", 4);
    uint8_t *header = put_u32(put_u32(chunk + 8, (uint32_t)width), (uint32_t)height);
    header[0] = 8;  // bits a channel
    header[1] = 6;  // RGBA
    header[2] = 0;  // deflate
    header[3] = 0;  // adaptive filtering
    header[4] = 0;  // not interlaced
    out = close_chunk(chunk, 13);
    chunk = out;
    memcpy(chunk + 4, "IDAT", 4);
    size_t compressed = deflate_rle(filtered, filtered_length, chunk + 8, tokens);
    out = close_chunk(chunk, (uint32_t)compressed);
    chunk = out;
    memcpy(chunk + 4, "IEND", 4);
    out = close_chunk(chunk, 0);
    free(filtered);
    free(tokens);
    *out_data = png;
    *out_length = (size_t)(out - png);
    return 0;
}
