package io.vaultstream.event;

/**
 * Writes a text as a JSON string literal, by hand: it runs for every key map entry and for every
 * value of a batch sent to MariaDB as JSON.
 */
public final class JsonStrings {
  private JsonStrings() {}

  /** Appends {@code s} as a JSON string, or {@code null} for null. */
  public static void append(StringBuilder sb, String s) {
    if (s == null) {
      sb.append("null");
      return;
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
