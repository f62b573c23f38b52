package io.vaultstream.fuzz;

/**
 * A JSON object written by hand, so any Java string (lone surrogates, NUL) can be put in it as its
 * JSON escape, and fields can repeat or be any raw text.
 */
final class JsonText {
  private final StringBuilder sb = new StringBuilder("{");

  /** Adds a field whose value is raw JSON text. */
  JsonText raw(String name, String json) {
    if (sb.length() > 1) {
      sb.append(',');
    }
    sb.append(string(name)).append(':').append(json);
    return this;
  }

  /** Adds a string field. */
  JsonText text(String name, String value) {
    return raw(name, value == null ? "null" : string(value));
  }

  @Override
  public String toString() {
    return sb + "}";
  }

  /** A JSON string literal: quotes, backslashes, control characters and surrogates escaped. */
  static String string(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20 || Character.isSurrogate(c) && !paired(s, i)) {
        out.append("\\u").append(Render.hex4(c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** Whether the surrogate at i is half of a valid pair (written as the character itself). */
  private static boolean paired(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }
}
