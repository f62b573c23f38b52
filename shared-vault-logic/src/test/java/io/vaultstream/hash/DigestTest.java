package io.vaultstream.hash;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.HashAlgorithm;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The digest hashes the text's bytes exactly as {@code String.getBytes(UTF_8)} gives them, reusing
 * its buffers per thread without one thread's hash reaching another's.
 */
class DigestTest {

  private static String reference(HashAlgorithm a, String text, boolean upper) throws Exception {
    byte[] d = MessageDigest.getInstance(a.jcaName()).digest(text.getBytes(StandardCharsets.UTF_8));
    HexFormat hex = upper ? HexFormat.of().withUpperCase() : HexFormat.of();
    return hex.formatHex(d);
  }

  /** Text of every UTF-8 length: ASCII, two and three bytes, pairs, lone surrogates. */
  private static String randomText(Random r) {
    char[] pool = {
      'a', 'Z', '0', ' ', '|', '^', '\n', '\t', 'é', 'ß', 'ſ', '€', '中', '\uFFFF', '\uD83D',
      '\uDE00', '\uDBFF', '\uDC00', '\u0000', '\u007F', '\u0080', '\u07FF', '\u0800'
    };
    StringBuilder sb = new StringBuilder();
    int n = r.nextInt(40);
    for (int i = 0; i < n; i++) {
      sb.append(pool[r.nextInt(pool.length)]);
    }
    return sb.toString();
  }

  @Test
  void hashesTheBytesGetBytesGives() throws Exception {
    Random r = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      String text = randomText(r);
      HashAlgorithm a = HashAlgorithm.values()[i % HashAlgorithm.values().length];
      boolean upper = i % 2 == 0;
      assertThat(Digest.hex(a, text, upper)).as(text).isEqualTo(reference(a, text, upper));
      assertThat(Digest.hex(a, new StringBuilder(text), upper))
          .isEqualTo(reference(a, text, upper));
    }
  }

  @Test
  void hashesTextLongerThanItsBuffersKeep() throws Exception {
    String text = "x€\uD83D\uDE00".repeat(100_000);
    assertThat(Digest.hex(HashAlgorithm.SHA256, text, false))
        .isEqualTo(reference(HashAlgorithm.SHA256, text, false));
    assertThat(Digest.hex(HashAlgorithm.MD5, "abc", false))
        .isEqualTo(reference(HashAlgorithm.MD5, "abc", false));
  }

  @Test
  void threadsHashingTogetherGetTheirOwnResults() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> runs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int seed = t;
        runs.add(
            pool.submit(
                () -> {
                  Random r = new Random(seed);
                  List<String> mismatches = new ArrayList<>();
                  for (int i = 0; i < 20_000; i++) {
                    String text = randomText(r);
                    if (!Digest.hex(HashAlgorithm.MD5, text, true)
                        .equals(reference(HashAlgorithm.MD5, text, true))) {
                      mismatches.add(text);
                    }
                  }
                  return mismatches;
                }));
      }
      for (Future<List<String>> f : runs) {
        assertThat(f.get(2, TimeUnit.MINUTES)).isEmpty();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
