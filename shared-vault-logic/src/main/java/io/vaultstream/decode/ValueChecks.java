package io.vaultstream.decode;

import io.vaultstream.event.SourcePosition;
import io.vaultstream.event.StoredText;
import java.util.Collection;
import java.util.Map;

/**
 * Checks every value of a decoded row, nested ones and names included, before anything renders,
 * rounds, hashes or stores it: a record whose values no database stores as they are, or that would
 * grow without bound once rendered, is a bad record.
 */
final class ValueChecks {
  private ValueChecks() {}

  /**
   * Refuses, anywhere in the row (nested values and names included), what no database stores as it
   * is or what would grow without bound once rendered: text with a NUL or a surrogate without its
   * pair, numbers beyond PostgreSQL numeric's limits, exponents that add more than {@value
   * #MAX_ADDED_DIGITS} digits to the row's text, nesting deeper than {@value #MAX_DEPTH} levels.
   * Runs before anything renders, rounds or stores a value.
   */
  static void values(Map<String, Object> row, SourcePosition at) {
    long[] added = {0};
    row.forEach(
        (column, v) -> {
          text(column, "the name of column '", at, column);
          value(v, column, at, 1, added);
        });
  }

  /** The most nesting levels of objects and arrays a row's values may have. */
  static final int MAX_DEPTH = 64;

  /**
   * The most digits that exponent notation may add to a row's numbers ({@code 1e5} is one digit
   * written and six in the plain text that is hashed and stored): bounds what a short record can
   * grow to.
   */
  static final int MAX_ADDED_DIGITS = 10_000;

  private static void value(Object v, String column, SourcePosition at, int depth, long[] added) {
    if (v instanceof String s) {
      text(s, "column '", at, column);
    } else if (v instanceof Number) {
      number(v, column, at, added);
    } else if (v instanceof Map<?, ?> || v instanceof Collection<?>) {
      nested(v, column, at, depth, added);
    }
  }

  /** Refuses a number beyond the vault's limits, or one whose exponent adds too many digits. */
  private static void number(Object v, String column, SourcePosition at, long[] added) {
    if (!ExactNumbers.withinLimits(v)) {
      throw new DecodeException(
          at
              + ": column '"
              + ValueText.shorten(column)
              + "' holds "
              + ValueText.kind(v)
              + " beyond what the vault stores; valid: a number with "
              + ExactNumbers.NUMERIC_LIMITS);
    }
    added[0] += ExactNumbers.addedDigits(v);
    if (added[0] > MAX_ADDED_DIGITS) {
      throw new DecodeException(
          at
              + ": column '"
              + ValueText.shorten(column)
              + "' holds "
              + ValueText.kind(v)
              + "; the exponents of the record's numbers add "
              + added[0]
              + " digits to their plain text, at most "
              + MAX_ADDED_DIGITS
              + " are allowed (write the number's digits instead)");
    }
  }

  /** Checks an object's field names and an object's or array's values, one level deeper. */
  private static void nested(Object v, String column, SourcePosition at, int depth, long[] added) {
    if (depth >= MAX_DEPTH) {
      throw new DecodeException(
          at
              + ": column '"
              + ValueText.shorten(column)
              + "' nests objects or arrays more than "
              + MAX_DEPTH
              + " levels deep; at most "
              + MAX_DEPTH
              + " are read");
    }
    if (v instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() instanceof String k) {
          text(k, "a field name in column '", at, column);
        }
        value(e.getValue(), column, at, depth + 1, added);
      }
    } else {
      for (Object e : (Collection<?>) v) {
        value(e, column, at, depth + 1, added);
      }
    }
  }

  /**
   * Refuses a text that a database would refuse (NUL) or store as another text (a lone surrogate).
   */
  private static void text(String s, String what, SourcePosition at, String column) {
    int bad = StoredText.unstorableAt(s);
    if (bad < 0) {
      return;
    }
    char c = s.charAt(bad);
    throw new DecodeException(
        at
            + ": "
            + what
            + ValueText.shorten(column)
            + "'"
            + (what.startsWith("column") ? " holds text with " : " has ")
            + (c == 0
                ? "a NUL character (U+0000), which PostgreSQL cannot store in text"
                : String.format(
                    "the unpaired surrogate U+%04X, which is not a character of Unicode text"
                        + " (no database stores it as it is)",
                    (int) c))
            + " at character "
            + bad);
  }
}
