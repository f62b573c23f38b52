package io.vaultstream.fuzz;

/**
 * What an error message must be for an operator to read it: present, at most {@link #MAX_CHARS}
 * characters, no control characters but newlines, no lone surrogates (which a database stores as
 * another character, or refuses).
 */
final class Readable {
  /** An error message longer than this is not one an operator reads (a cut one says how much). */
  static final int MAX_CHARS = io.vaultstream.event.StoredText.MAX_MESSAGE_CHARS + 40;

  private Readable() {}

  /** Why the message is not readable, or null when it is. */
  static String problem(String m) {
    if (m == null || m.isBlank()) {
      return "an empty message";
    }
    if (m.length() > MAX_CHARS) {
      return "a message of " + m.length() + " characters (more than " + MAX_CHARS + ")";
    }
    for (int i = 0; i < m.length(); i++) {
      char c = m.charAt(i);
      if (c == 0) {
        return "a message with a NUL character";
      }
      if (Character.isISOControl(c) && c != '\n') {
        return "a message with the control character U+" + String.format("%04X", (int) c);
      }
      if (Character.isHighSurrogate(c)
          && (i + 1 == m.length() || !Character.isLowSurrogate(m.charAt(i + 1)))) {
        return "a message with a lone surrogate";
      }
      if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(m.charAt(i - 1)))) {
        return "a message with a lone surrogate";
      }
    }
    return null;
  }

  /** The kind of a problem, without its numbers (findings are grouped by it). */
  static String category(String problem) {
    return problem
        .replaceAll("U\\+[0-9A-F]{4}", "U+....")
        .replaceAll("of [0-9]+ characters", "of N characters");
  }
}
