package io.vaultstream.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The hostile parts records are made of: texts with control characters, lone surrogates and
 * characters beyond the BMP; column names that collide by case, equal technical columns or cannot
 * be column names; numbers at and beyond the database's limits in every JSON spelling.
 */
final class Hostile {
  /** Texts as Java strings (a lone surrogate is written to JSON as its \\u escape). */
  static final List<String> TEXTS =
      List.of(
          "",
          " ",
          "plain",
          "trailing  ",
          "\u0000",
          "a\u0000b",
          "\u0001\u0002\u0003",
          "\u001b[31mred\u001b[0m",
          "line\r\nbreak",
          "tab\there",
          "\u007f\u0085\u009b",
          "\uD800",
          "x\uDC00y",
          "\uD83D\uDE00",
          "\uD835\uDD18\uD835\uDD2B",
          "\u202Eevil",
          "\uFEFFbom",
          "\u2028\u2029",
          "名前",
          "é",
          "'; DROP TABLE x; --",
          "\\\\\"quoted\"",
          "%s%n{0}${x}");

  /** Column names; only the fz_ ones are unbounded in kind, and there are few of them. */
  static final List<String> NAMES =
      List.of(
          "name",
          "Name",
          "NAME",
          "price",
          "Price",
          "price ",
          " price",
          "LOAD_DTS",
          "load_dts",
          "Record_Source",
          "HASH_DIFF",
          "delete_flag",
          "product_hk",
          "PRODUCT_HK",
          "sku",
          "SKU",
          "id ",
          "",
          " ",
          "a\u0000b",
          "\u0000",
          "\u0001",
          "esc\u001b[0m",
          "col\r\n",
          "\uD800x",
          "\uDFFF",
          "\uD83D\uDE00col",
          "名前",
          "x".repeat(63),
          "x".repeat(64),
          "é".repeat(31) + "e",
          "é".repeat(32),
          "y".repeat(2000),
          "vs_errors",
          "a\"b",
          "a`b",
          "a'b",
          "a;DROP TABLE x;--",
          "__op",
          "__deleted",
          "op",
          "after",
          "schema",
          "payload",
          "ts_ms");

  /** JSON number literals, as written. */
  static final List<String> NUMBERS =
      List.of(
          "0",
          "-0",
          "-0.0",
          "0.0",
          "1E+2",
          "1e2",
          "1.5e-3",
          "29.70",
          "0.1",
          "1e131000",
          "-1e131071",
          "1e-16000",
          "1e-16383",
          "1e131073",
          "1e-16384",
          "1e999999999",
          "1e-999999999",
          "123456789012345678901234567890123456789012345678901234567890123456789",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775809",
          "1e308",
          "1.7976931348623157e309",
          "4.9e-324",
          "2.5e-400",
          "1" + "0".repeat(400),
          "0." + "0".repeat(300) + "1");

  private final SplittableRandom r;

  Hostile(SplittableRandom r) {
    this.r = r;
  }

  <T> T pick(List<T> from) {
    return from.get(r.nextInt(from.size()));
  }

  boolean chance(double p) {
    return r.nextDouble() < p;
  }

  int between(int lo, int hi) {
    return lo + r.nextInt(hi - lo + 1);
  }

  /** A text: mostly hostile, sometimes long, sometimes several pieces together. */
  String text() {
    int k = r.nextInt(10);
    if (k == 0) {
      return pick(TEXTS).repeat(between(100, 4000));
    }
    if (k == 1) {
      return pick(TEXTS) + pick(TEXTS) + pick(TEXTS);
    }
    return pick(TEXTS);
  }

  /** A column name: hostile, or one of a small set of plain new names (new columns, bounded). */
  String name() {
    return chance(0.3) ? "fz_" + r.nextInt(40) : pick(NAMES);
  }

  /** A JSON number literal: hostile, or an ordinary integer or decimal. */
  String number() {
    int k = r.nextInt(4);
    if (k == 0) {
      return Long.toString(r.nextLong());
    }
    if (k == 1) {
      return r.nextInt(100000) + "." + r.nextInt(100);
    }
    return pick(NUMBERS);
  }

  /** Any JSON value as text, at most {@code depth} levels deep. */
  String json(int depth) {
    int k = r.nextInt(depth <= 0 ? 6 : 8);
    return switch (k) {
      case 0 -> "null";
      case 1 -> r.nextBoolean() ? "true" : "false";
      case 2, 3 -> number();
      case 4, 5 -> JsonText.string(text());
      case 6 -> {
        List<String> items = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          items.add(json(depth - 1));
        }
        yield "[" + String.join(",", items) + "]";
      }
      default -> {
        JsonText o = new JsonText();
        for (int i = r.nextInt(4); i > 0; i--) {
          o.raw(name(), json(depth - 1));
        }
        yield o.toString();
      }
    };
  }

  /** A JSON array or object nested {@code depth} levels deep around a number. */
  static String nested(int depth, boolean objects) {
    String open = objects ? "{\"n\":" : "[";
    String close = objects ? "}" : "]";
    return open.repeat(depth) + "1" + close.repeat(depth);
  }
}
