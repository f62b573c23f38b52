package io.vaultstream.decode;

import java.util.Collection;
import java.util.Map;

/**
 * How values and names appear in decode errors: their kind and a shortened, escaped rendering, so
 * that a message says what was found without copying a megabyte of it into the error table.
 */
final class ValueText {
  /** Characters of a value shown in a message before it is cut. */
  private static final int SHOWN = 80;

  private ValueText() {}

  /** {@code the string "abc"}, {@code the number 12.9}, {@code an object}, ... */
  static String kind(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof CharSequence s) {
      return "the string \"" + shorten(s.toString()) + "\"";
    }
    if (v instanceof Boolean b) {
      return "the boolean " + b;
    }
    if (v instanceof Number n) {
      return "the number " + shorten(n.toString());
    }
    if (v instanceof Map<?, ?>) {
      return "an object";
    }
    if (v instanceof Collection<?>) {
      return "an array";
    }
    if (v instanceof byte[] b) {
      return b.length + " bytes";
    }
    return "the " + v.getClass().getSimpleName() + " " + shorten(String.valueOf(v));
  }

  /** The text, control characters escaped, cut after {@value #SHOWN} characters. */
  static String shorten(String s) {
    String cut = s.length() <= SHOWN ? s : s.substring(0, SHOWN);
    String out = escape(cut);
    return cut == s ? out : out + "... (" + s.length() + " characters)";
  }

  /** A name with control characters (NUL above all) written as {@code \u0000}. */
  static String escape(String s) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (sb == null) {
          sb = new StringBuilder(s.length() + 8).append(s, 0, i);
        }
        sb.append(String.format("\\u%04x", (int) c));
      } else if (sb != null) {
        sb.append(c);
      }
    }
    return sb == null ? s : sb.toString();
  }
}
