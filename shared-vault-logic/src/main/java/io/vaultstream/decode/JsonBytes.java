package io.vaultstream.decode;

/**
 * Finds where parts of JSON text lie in its UTF-8 bytes without parsing them, so the envelope's
 * schema can be recognised by its bytes. Every method answers -1 (or false) for anything it does
 * not recognise; the text is then parsed as a whole, which says what is wrong with it.
 */
final class JsonBytes {
  private JsonBytes() {}

  /** The index of the first byte from {@code i} on that is not JSON whitespace. */
  static int skipSpace(byte[] b, int i) {
    while (i >= 0 && i < b.length && isSpace(b[i])) {
      i++;
    }
    return i;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  /** The index after {@code expected} if the bytes at {@code i} are exactly it, else -1. */
  static int literal(byte[] b, int i, byte[] expected) {
    if (i < 0 || i + expected.length > b.length) {
      return -1;
    }
    for (int j = 0; j < expected.length; j++) {
      if (b[i + j] != expected[j]) {
        return -1;
      }
    }
    return i + expected.length;
  }

  /** After a member's name at {@code i}: the index of its value (past the colon), else -1. */
  static int colon(byte[] b, int i) {
    if (i < 0) {
      return -1;
    }
    i = skipSpace(b, i);
    if (i >= b.length || b[i] != ':') {
      return -1;
    }
    return skipSpace(b, i + 1);
  }

  /**
   * The index after the object or array starting at {@code i}: brackets are counted outside
   * strings, and a string ends at the first quote not escaped by a backslash. -1 when the value at
   * {@code i} is not an object or array, or does not end.
   */
  static int skipContainer(byte[] b, int i) {
    if (i < 0 || i >= b.length || (b[i] != '{' && b[i] != '[')) {
      return -1;
    }
    int depth = 0;
    int n = b.length;
    while (i < n) {
      byte c = b[i++];
      if (c == '"') {
        while (true) {
          if (i >= n) {
            return -1;
          }
          byte s = b[i++];
          if (s == '\\') {
            i++;
          } else if (s == '"') {
            break;
          }
        }
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        if (--depth == 0) {
          return i;
        }
      }
    }
    return -1;
  }

  /** The index of the closing brace the bytes end with (whitespace after it allowed), else -1. */
  static int lastBrace(byte[] b) {
    int i = b.length - 1;
    while (i >= 0 && isSpace(b[i])) {
      i--;
    }
    return i >= 0 && b[i] == '}' ? i : -1;
  }
}
