package io.vaultstream.decode;

import org.apache.avro.Schema;

/**
 * Walks Avro binary data against its writer schema before anything reads it, allocating nothing:
 * every length and item count must fit in the bytes that are left, and nesting is bounded. Avro's
 * reader trusts the counts it reads (an array "of 2^30 items" in 12 bytes allocates gigabytes) and
 * recurses once per level (a recursive schema lets a record nest until the stack overflows); a
 * record that breaks a bound here is a bad record instead.
 */
final class AvroBounds {
  /** The most records, arrays and maps nested in one another. */
  static final int MAX_DEPTH = ValueChecks.MAX_DEPTH;

  /**
   * Items of arrays and maps beyond the record's size in bytes, for items of no size (nulls, empty
   * records), which no byte count bounds.
   */
  private static final int SPARE_ITEMS = 1024;

  private final byte[] b;
  private final int end;
  private int pos;
  private long items;
  private final long maxItems;

  private AvroBounds(byte[] bytes, int offset) {
    this.b = bytes;
    this.pos = offset;
    this.end = bytes.length;
    this.maxItems = (long) bytes.length + SPARE_ITEMS;
  }

  /**
   * Checks the data from {@code offset} to the end of {@code bytes}.
   *
   * @throws DecodeException naming the field and what is wrong
   */
  static void check(Schema schema, byte[] bytes, int offset) {
    new AvroBounds(bytes, offset).walk(schema, "value", 0);
  }

  private DecodeException bad(String path, String what) {
    return new DecodeException(
        "the Avro value is malformed at field '" + ValueText.shorten(path) + "': " + what);
  }

  private void walk(Schema s, String path, int depth) {
    switch (s.getType()) {
      case NULL -> {}
      case BOOLEAN -> skip(1, path);
      case INT, ENUM -> varint(path, 5);
      case LONG -> varint(path, 10);
      case FLOAT -> skip(4, path);
      case DOUBLE -> skip(8, path);
      case FIXED -> skip(s.getFixedSize(), path);
      case STRING, BYTES -> skip(length(path), path);
      case UNION -> walkUnion(s, path, depth);
      case RECORD -> {
        nest(path, depth);
        for (Schema.Field f : s.getFields()) {
          walk(f.schema(), path + "." + f.name(), depth + 1);
        }
      }
      case ARRAY, MAP -> walkBlocks(s, path, depth);
      default -> throw bad(path, "unknown type " + s.getType());
    }
  }

  /** A union: its branch's index, then a value of that branch. */
  private void walkUnion(Schema s, String path, int depth) {
    long branch = varint(path, 5);
    if (branch < 0 || branch >= s.getTypes().size()) {
      throw bad(path, "union branch " + branch + " of " + s.getTypes().size());
    }
    walk(s.getTypes().get((int) branch), path, depth);
  }

  /**
   * An array or a map: blocks of items (a map's each with its key) up to a block of none, each
   * block's count bounded by the bytes left.
   */
  private void walkBlocks(Schema s, String path, int depth) {
    nest(path, depth);
    boolean map = s.getType() == Schema.Type.MAP;
    Schema item = map ? s.getValueType() : s.getElementType();
    for (long n = varint(path, 10); n != 0; n = varint(path, 10)) {
      if (n < 0) {
        n = -n; // a block with its size in bytes
        length(path);
      }
      items += n;
      if (n > end - pos + SPARE_ITEMS || items > maxItems) {
        throw bad(path, "a block of " + n + " items, more than the record's bytes can hold");
      }
      for (long i = 0; i < n; i++) {
        if (map) {
          skip(length(path), path);
        }
        walk(item, path + (map ? "{}" : "[]"), depth + 1);
      }
    }
  }

  private void nest(String path, int depth) {
    if (depth >= MAX_DEPTH) {
      throw bad(path, "records, arrays and maps nested more than " + MAX_DEPTH + " levels deep");
    }
  }

  /** A length prefix, at most the bytes left. */
  private int length(String path) {
    long n = varint(path, 10);
    if (n < 0 || n > end - pos) {
      throw bad(path, "a length of " + n + " where " + (end - pos) + " bytes are left");
    }
    return (int) n;
  }

  private void skip(int n, String path) {
    if (n > end - pos) {
      throw bad(path, "the data ends early");
    }
    pos += n;
  }

  /** A zig-zag variable-length integer of at most {@code maxBytes} bytes. */
  private long varint(String path, int maxBytes) {
    long raw = 0;
    for (int i = 0; ; i++) {
      if (pos >= end) {
        throw bad(path, "the data ends early");
      }
      if (i >= maxBytes) {
        throw bad(path, "a number longer than " + maxBytes + " bytes");
      }
      int x = b[pos++] & 0xff;
      raw |= (long) (x & 0x7f) << (7 * i);
      if ((x & 0x80) == 0) {
        break;
      }
    }
    return (raw >>> 1) ^ -(raw & 1);
  }
}
