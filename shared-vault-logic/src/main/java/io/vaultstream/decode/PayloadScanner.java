package io.vaultstream.decode;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.StreamReadConstraints;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the plainest JSON straight from its UTF-8 bytes, for a payload read by its prepared schema
 * ({@link SchemaNode#scan}): texts of well-formed UTF-8 (with escapes if ASCII; names without; read
 * by {@link PlainTexts}), whole numbers that fit a long (but Long.MIN_VALUE), decimals of at most
 * 100 characters, true, false, null, objects. It makes no parser per record and no text buffer per
 * value: a text is one String made from its bytes, a field name is compared with the schema's in
 * place.
 *
 * <p>Anything else (bytes that are not well-formed UTF-8, a control character, an escaped name, a
 * leading zero, a longer number, text that is not JSON) makes it give up with {@link #GIVE_UP}; the
 * caller then reads the same bytes with Jackson's parser, which gives the same values for what this
 * reads and decides everything this does not. So it never accepts what the parser refuses, and
 * never reads a value otherwise than the parser.
 */
final class PayloadScanner {
  // Each bound below the parser's own (its factory's StreamReadConstraints), so that what the
  // parser refuses for its length is never read here; the parser reads what is longer.
  private static final StreamReadConstraints LIMITS = JsonValueReader.JSON.streamReadConstraints();

  /** Longest number read here, in characters. */
  static final int MAX_NUMBER = Math.min(100, LIMITS.getMaxNumberLength());

  /** Longest text read here, in bytes (at least as many as its characters). */
  static final int MAX_TEXT = Math.min(1 << 20, LIMITS.getMaxStringLength());

  /** Longest field name read here, in bytes (the parser counts a name's bytes). */
  static final int MAX_NAME = Math.min(1000, LIMITS.getMaxNameLength());

  /** Thrown where the bytes are not of the plainest JSON; no stack, made once. */
  static final RuntimeException GIVE_UP = new GiveUp();

  private static final class GiveUp extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GiveUp() {
      super("not plain JSON", null, false, false);
    }
  }

  private final byte[] b;
  private final int end;
  private int at;

  /** Reads {@code b} from {@code start} to {@code end} (exclusive). */
  PayloadScanner(byte[] b, int start, int end) {
    this.b = b;
    this.at = start;
    this.end = end;
  }

  /** The next byte that is not whitespace, not taken; gives up at the end. */
  byte peek() {
    skipSpace();
    if (at >= end) {
      throw GIVE_UP;
    }
    return b[at];
  }

  /** Whether only whitespace is left. */
  boolean atEnd() {
    skipSpace();
    return at == end;
  }

  /** Takes the next byte, which must be {@code c} after whitespace. */
  void expect(char c) {
    if (peek() != c) {
      throw GIVE_UP;
    }
    at++;
  }

  /** Takes a comma (true) or the closing brace (false) after an object's member. */
  boolean nextMember() {
    byte c = peek();
    at++;
    if (c == ',') {
      return true;
    }
    if (c == '}') {
      return false;
    }
    throw GIVE_UP;
  }

  /** Takes the closing brace if it is next (an empty object). */
  boolean emptyObject() {
    if (peek() == '}') {
      at++;
      return true;
    }
    return false;
  }

  /** Takes the literal null if it is next. */
  boolean nullNext() {
    if (peek() == 'n') {
      word("null");
      return true;
    }
    return false;
  }

  /**
   * Takes a member's name and its colon; true when the name's bytes are {@code expected}, else
   * false with the name at {@link #lastName}. {@code expected} is null, or the UTF-8 of a name of
   * printable ASCII other than quote and backslash ({@link #plainName}), which the payload then
   * writes as those very bytes.
   */
  boolean name(byte[] expected) {
    if (peek() != '"') {
      throw GIVE_UP;
    }
    if (expected != null && expected.length <= MAX_NAME) {
      int from = at + 1;
      int to = from + expected.length;
      if (to < end && b[to] == '"' && Arrays.equals(b, from, to, expected, 0, expected.length)) {
        at = to + 1;
        expect(':');
        return true;
      }
    }
    int from = textFrom(peek());
    if (PlainTexts.escaped(scanned) || at - 1 - from > MAX_NAME) {
      throw GIVE_UP; // a name the schema's bytes would not match, or one longer than read here
    }
    nameFrom = from;
    nameLen = at - 1 - from;
    expect(':');
    return false;
  }

  /** Whether {@code name} is printable ASCII other than quote and backslash. */
  static boolean plainName(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  private int nameFrom;
  private int nameLen;

  /** The name {@link #name} took last. */
  String lastName() {
    return new String(b, nameFrom, nameLen, UTF_8);
  }

  /** Takes a text, checked as the parser checks it, without making it. */
  void skipText() {
    textFrom(peek());
  }

  /**
   * Takes the next value that is not an object or an array, as {@link JsonValueReader#value} gives
   * it.
   */
  Object scalar() {
    byte c = peek();
    return switch (c) {
      case '"' -> PlainTexts.text(b, textFrom(c), scanned);
      case 't' -> word("true");
      case 'f' -> word("false");
      case 'n' -> word("null");
      default -> number();
    };
  }

  /**
   * Takes a text from its opening quote; answers where its content starts, with {@link #scanned}
   * telling where it ends and what it holds ({@link PlainTexts#scan}).
   */
  private int textFrom(byte quote) {
    if (quote != '"') {
      throw GIVE_UP;
    }
    int from = ++at;
    scanned = PlainTexts.scan(b, from, Math.min(end, from + MAX_TEXT));
    at = PlainTexts.quote(scanned) + 1;
    return from;
  }

  private long scanned;

  private Object word(String word) {
    int n = word.length();
    if (at + n > end) {
      throw GIVE_UP;
    }
    for (int i = 0; i < n; i++) {
      if (b[at + i] != word.charAt(i)) {
        throw GIVE_UP;
      }
    }
    at += n;
    ended();
    return switch (word) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> null;
    };
  }

  /** A JSON number: a Long when whole and short, a BigDecimal of its text when not whole. */
  private Object number() {
    int from = at;
    boolean negative = b[at] == '-';
    if (negative) {
      at++;
    }
    int digitsFrom = at;
    if (at < end && b[at] == '0') {
      at++;
    } else {
      digits();
    }
    int digitsEnd = at;
    // A leading zero is one digit: a digit after it fails the test of what may follow a number.
    if (digitsEnd == digitsFrom) {
      throw GIVE_UP;
    }
    boolean whole = true;
    if (at < end && b[at] == '.') {
      at++;
      if (digits() == 0) {
        throw GIVE_UP;
      }
      whole = false;
    }
    if (at < end && (b[at] == 'e' || b[at] == 'E')) {
      at++;
      if (at < end && (b[at] == '+' || b[at] == '-')) {
        at++;
      }
      if (digits() == 0) {
        throw GIVE_UP;
      }
      whole = false;
    }
    ended();
    if (at - from > MAX_NUMBER) {
      throw GIVE_UP;
    }
    if (!whole) {
      return new BigDecimal(new String(b, from, at - from, StandardCharsets.ISO_8859_1));
    }
    if (digitsEnd - digitsFrom > 19) {
      throw GIVE_UP;
    }
    long v = 0;
    int i = digitsFrom;
    for (int safe = Math.min(digitsEnd, digitsFrom + 18); i < safe; i++) {
      v = v * 10 + (b[i] - '0');
    }
    if (i < digitsEnd) {
      // A 19th digit: a Long if its magnitude fits, else left to the parser (which reads
      // Long.MIN_VALUE as a Long, and longer ones as a BigInteger).
      try {
        v = Math.addExact(Math.multiplyExact(v, 10), b[i] - '0');
      } catch (ArithmeticException e) {
        throw GIVE_UP;
      }
    }
    return negative ? -v : v;
  }

  private int digits() {
    int from = at;
    while (at < end && b[at] >= '0' && b[at] <= '9') {
      at++;
    }
    return at - from;
  }

  /** A number or word must be followed by whitespace, a separator or the end. */
  private void ended() {
    if (at < end) {
      byte c = b[at];
      if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        throw GIVE_UP;
      }
    }
  }

  private void skipSpace() {
    while (at < end) {
      byte c = b[at];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        return;
      }
      at++;
    }
  }
}
