package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-byte test of plain text marks its first special byte exactly, as a byte loop would. */
class PlainTextsTest {
  /** The index of the first byte of {@code w} (lowest first) that ends or interrupts plain text. */
  private static int firstSpecial(long w) {
    for (int i = 0; i < 8; i++) {
      int c = (int) (w >>> (8 * i)) & 0xFF;
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) {
        return i;
      }
    }
    return 8;
  }

  private static int firstMarked(long w) {
    long special = PlainTexts.special(w);
    return special == 0 ? 8 : Long.numberOfTrailingZeros(special) >>> 3;
  }

  @Test
  void theFirstMarkIsTheFirstSpecialByte() {
    // Bytes drawn mostly from the edges that borrows and carries could blur: the special bytes
    // themselves, their neighbours, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, and any byte now and then.
    int[] edges = {
      0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0x81, 0xFF
    };
    Random random = new Random(20261207L);
    for (int n = 0; n < 2_000_000; n++) {
      long w = 0;
      for (int i = 0; i < 8; i++) {
        int c = random.nextInt(4) == 0 ? random.nextInt(256) : edges[random.nextInt(edges.length)];
        if (random.nextInt(3) == 0) {
          c = 'a' + random.nextInt(26); // plain runs, so that later bytes are reached
        }
        w |= (long) c << (8 * i);
      }
      int expected = firstSpecial(w);
      if (firstMarked(w) != expected) {
        assertThat(firstMarked(w)).as("word %016x", w).isEqualTo(expected);
      }
    }
  }

  @Test
  void everyByteAloneInEveryPlace() {
    for (int place = 0; place < 8; place++) {
      for (int c = 0; c < 256; c++) {
        long w = 0;
        for (int i = 0; i < 8; i++) {
          w |= (long) (i == place ? c : 'x') << (8 * i);
        }
        assertThat(firstMarked(w)).as("byte %02x at %d", c, place).isEqualTo(firstSpecial(w));
      }
    }
  }

  @Test
  void scanTellsWhereATextEndsAndWhatItHolds() {
    byte[] plain = "abcdefghijklmnop\" ".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long scanned = PlainTexts.scan(plain, 0, plain.length);
    assertThat(PlainTexts.quote(scanned)).isEqualTo(16);
    assertThat(PlainTexts.escaped(scanned)).isFalse();
    assertThat(PlainTexts.text(plain, 0, scanned)).isEqualTo("abcdefghijklmnop");

    byte[] escaped = "tab\\there\\u0041\"".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long e = PlainTexts.scan(escaped, 0, escaped.length);
    assertThat(PlainTexts.escaped(e)).isTrue();
    assertThat(PlainTexts.text(escaped, 0, e)).isEqualTo("tab\there" + "A");

    byte[] beyond = "caf\u00e9 \u20ac\"".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long u = PlainTexts.scan(beyond, 0, beyond.length);
    assertThat(PlainTexts.text(beyond, 0, u)).isEqualTo("caf\u00e9 \u20ac");
  }
}
