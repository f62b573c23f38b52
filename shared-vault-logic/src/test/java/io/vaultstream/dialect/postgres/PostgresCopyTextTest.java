package io.vaultstream.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A value in COPY's text format is the value with its four special characters escaped, as UTF-8 (a
 * lone surrogate, which has no UTF-8 form, as '?', as {@link String#getBytes} writes it): checked
 * against that definition on generated text of every kind of character.
 */
class PostgresCopyTextTest {
  private static final char[] SPECIAL = {'\\', '\t', '\n', '\r', 'N', '.', '\u0000', '\u001f'};

  private static byte[] expected(String value, boolean bytea) {
    if (value == null) {
      return "\\N".getBytes(StandardCharsets.UTF_8);
    }
    String escaped =
        value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    return ((bytea ? "\\\\x" : "") + escaped).getBytes(StandardCharsets.UTF_8);
  }

  private static String text(Random random) {
    int length = random.nextInt(40);
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(7)) {
        case 0 -> out.append(SPECIAL[random.nextInt(SPECIAL.length)]);
        case 1 -> out.append((char) (0x80 + random.nextInt(0x780))); // two UTF-8 bytes
        case 2 -> out.append((char) (0x800 + random.nextInt(0xD000))); // three, below surrogates
        case 3 -> out.appendCodePoint(0x10000 + random.nextInt(0x100000)); // a surrogate pair
        case 4 -> out.append((char) (0xD800 + random.nextInt(0x800))); // a lone surrogate
        default -> out.append((char) (0x20 + random.nextInt(0x60)));
      }
    }
    return out.toString();
  }

  @Test
  void generatedValuesAreEscapedAndEncodedAsDefined() {
    Random random = new Random(20261205);
    for (int i = 0; i < 200_000; i++) {
      String value = random.nextInt(50) == 0 ? null : text(random);
      boolean bytea = random.nextInt(10) == 0;
      assertThat(PostgresCopy.copyText(value, bytea))
          .as("%s", value)
          .isEqualTo(expected(value, bytea));
    }
  }

  @Test
  void aLongValueGrowsTheBuffer() {
    String value = "\uD83D\uDE42\t".repeat(50_000);
    assertThat(PostgresCopy.copyText(value, false)).isEqualTo(expected(value, false));
  }
}
