package io.vaultstream.event;

/**
 * Text the loader writes about a record (error messages, the reasons of waiting rows) made storable
 * on every database and safe to print: PostgreSQL refuses a NUL in any text (SQLSTATE 22021), a
 * lone surrogate reaches either database as {@code ?}, and control characters are terminal commands
 * when {@code vaultstream errors list} prints the message. Such characters are written as {@code
 * \\uXXXX}; a message is cut after {@value #MAX_MESSAGE_CHARS} characters.
 */
public final class StoredText {
  /** The longest message stored; a message quotes values only in short excerpts. */
  public static final int MAX_MESSAGE_CHARS = 2_000;

  private StoredText() {}

  /**
   * The message as stored: characters that cannot be stored or would act on a terminal escaped
   * (line breaks kept), at most {@value #MAX_MESSAGE_CHARS} characters.
   */
  public static String message(String m) {
    if (m == null) {
      return null;
    }
    String escaped = escape(m, true);
    if (escaped.length() <= MAX_MESSAGE_CHARS) {
      return escaped;
    }
    // Cut the escaped text, never inside an escape or a surrogate pair.
    int end = MAX_MESSAGE_CHARS;
    int escapeStart = escaped.lastIndexOf("\\u", end - 1);
    if (escapeStart >= 0 && escapeStart > end - 6) {
      end = escapeStart;
    }
    if (Character.isHighSurrogate(escaped.charAt(end - 1))) {
      end--;
    }
    return escaped.substring(0, end) + "... (" + (escaped.length() - end) + " more characters)";
  }

  /**
   * The text with every character that cannot be stored or printed as it is written as {@code
   * \\uXXXX}: C0 and C1 controls and DEL (line breaks too unless {@code keepLines}), and surrogates
   * without their pair.
   */
  public static String escape(String s, boolean keepLines) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean bad;
      if (Character.isHighSurrogate(c)) {
        bad = i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        if (!bad) {
          if (sb != null) {
            sb.append(c).append(s.charAt(i + 1));
          }
          i++;
          continue;
        }
      } else if (Character.isLowSurrogate(c)) {
        bad = true;
      } else {
        bad = isControl(c) && !(keepLines && c == '\n');
      }
      if (bad) {
        if (sb == null) {
          sb = new StringBuilder(s.length() + 16).append(s, 0, i);
        }
        sb.append(String.format("\\u%04x", (int) c));
      } else if (sb != null) {
        sb.append(c);
      }
    }
    return sb == null ? s : sb.toString();
  }

  /** A C0 or C1 control character or DEL. */
  private static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
  }

  /**
   * Where a text stops being storable as it is: the index of its first NUL or surrogate without its
   * pair, or -1 when every database stores it unchanged.
   */
  public static int unstorableAt(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0) {
        return i;
      }
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < s.length()
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }
}
