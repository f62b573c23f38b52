package io.vaultstream.decode;

import static io.vaultstream.decode.PayloadScanner.GIVE_UP;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The texts {@link PayloadScanner} reads: found and checked in the UTF-8 bytes as the parser checks
 * them (well-formed UTF-8, no raw control character, escapes of JSON only), then made into one
 * String. What the parser might read otherwise (an escape beside a character beyond ASCII) makes it
 * give up with {@link PayloadScanner#GIVE_UP}.
 *
 * <p>{@link #scan} answers in one long where a text ends and what it holds, so that nothing is made
 * for a text only skipped or compared.
 */
final class PlainTexts {
  private PlainTexts() {}

  /** Set in {@link #scan}'s answer when the text holds an escape. */
  private static final long ESCAPED = 1L << 32;

  /** Set in {@link #scan}'s answer when the text holds a character beyond ASCII. */
  private static final long BEYOND_ASCII = 1L << 33;

  /**
   * Finds the closing quote of the text whose content starts at {@code from}, reading no further
   * than {@code limit}; answers the quote's position (in the low 32 bits, {@link #quote}) with what
   * the text holds ({@link #escaped}). Gives up on a text that is not of plain JSON or not closed
   * before {@code limit}.
   */
  static long scan(byte[] b, int from, int limit) {
    long flags = 0;
    int i = from;
    while (i < limit) {
      if (i + 8 <= limit) {
        // Eight bytes at a time: most of a text is plain ASCII (no quote, backslash, control
        // character or byte of 0x80 and above), and one test tells it of all eight.
        long special = special((long) WORDS.get(b, i));
        if (special == 0) {
          i += 8;
          continue;
        }
        i += Long.numberOfTrailingZeros(special) >>> 3; // the first such byte
      }
      byte c = b[i];
      if (c == '"') {
        return flags | i;
      }
      if (c == '\\') {
        i += escapeLength(b, i, limit);
        flags |= ESCAPED;
      } else if (c < 0) {
        // Bytes of 0x80 and above are negative: a character beyond ASCII.
        i += utf8Length(b, i, limit);
        flags |= BEYOND_ASCII;
      } else if (c < 0x20) {
        throw GIVE_UP; // a raw control character
      } else {
        i++;
      }
    }
    throw GIVE_UP;
  }

  /** The position of the closing quote in {@link #scan}'s answer. */
  static int quote(long scanned) {
    return (int) scanned;
  }

  /** Whether {@link #scan}'s text holds an escape. */
  static boolean escaped(long scanned) {
    return (scanned & ESCAPED) != 0;
  }

  /** The text {@link #scan} found from {@code from}. */
  static String text(byte[] b, int from, long scanned) {
    int to = quote(scanned);
    boolean ascii = (scanned & BEYOND_ASCII) == 0;
    if (!escaped(scanned)) {
      return new String(b, from, to - from, ascii ? StandardCharsets.ISO_8859_1 : UTF_8);
    }
    if (!ascii) {
      throw GIVE_UP; // escapes and characters beyond ASCII in one text: rare, left to the parser
    }
    StringBuilder out = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      char c = (char) b[i];
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = (char) b[++i];
      switch (e) {
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          out.append(
              (char) Integer.parseInt(new String(b, i + 1, 4, StandardCharsets.ISO_8859_1), 16));
          i += 4;
        }
        default -> out.append(e); // a quote, a backslash or a slash
      }
    }
    return out.toString();
  }

  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long HIGHS = 0x8080_8080_8080_8080L;

  /**
   * The bytes of {@code w} (the first in the lowest bits) that end or interrupt a plain text: a
   * quote, a backslash, one below 0x20 or one of 0x80 and above, each marked by its high bit. The
   * lowest mark is exact (a borrow only reaches the bytes above a marked one), which is all that is
   * read of it.
   */
  static long special(long w) {
    long quote = w ^ (ONES * '"');
    long backslash = w ^ (ONES * '\\');
    return ((quote - ONES) & ~quote | (backslash - ONES) & ~backslash | (w - ONES * 0x20) & ~w | w)
        & HIGHS;
  }

  /**
   * The length of the UTF-8 sequence at {@code i} when it is well formed (the shortest form of a
   * code point that is not a surrogate), which the parser and Java's decoder read alike; gives up
   * on any other.
   */
  private static int utf8Length(byte[] b, int i, int limit) {
    int lead = b[i] & 0xFF;
    int n;
    int low = 0x80;
    int high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      n = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      n = 3;
      low = lead == 0xE0 ? 0xA0 : low;
      high = lead == 0xED ? 0x9F : high;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      n = 4;
      low = lead == 0xF0 ? 0x90 : low;
      high = lead == 0xF4 ? 0x8F : high;
    } else {
      throw GIVE_UP;
    }
    if (i + n > limit) {
      throw GIVE_UP;
    }
    int second = b[i + 1] & 0xFF;
    if (second < low || second > high) {
      throw GIVE_UP;
    }
    for (int j = i + 2; j < i + n; j++) {
      if ((b[j] & 0xC0) != 0x80) {
        throw GIVE_UP;
      }
    }
    return n;
  }

  /** The length of the escape at {@code i}: 2, or 6 for a code unit; gives up on any other. */
  private static int escapeLength(byte[] b, int i, int limit) {
    if (i + 1 >= limit) {
      throw GIVE_UP;
    }
    switch (b[i + 1]) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
        return 2;
      case 'u':
        if (i + 5 >= limit) {
          throw GIVE_UP;
        }
        for (int j = i + 2; j < i + 6; j++) {
          if (Character.digit(b[j], 16) < 0) {
            throw GIVE_UP;
          }
        }
        return 6;
      default:
        throw GIVE_UP;
    }
  }
}
