package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The order a batch's satellite rows are written in: text order, element by element. */
class KeyOrderTest {

  @Test
  void ordersKeysElementByElementWithAMissingValueFirst() {
    List<List<String>> keys =
        new ArrayList<>(
            List.of(
                List.of("b"),
                Arrays.asList("a", null),
                List.of("a", "c"),
                List.of("a"),
                Arrays.asList((String) null)));
    keys.sort(KeyOrder.KEYS);
    assertThat(keys)
        .containsExactly(
            Arrays.asList((String) null),
            List.of("a"),
            Arrays.asList("a", null),
            List.of("a", "c"),
            List.of("b"));
  }

  @Test
  void isATotalOrderOnGeneratedKeys() {
    Random random = new Random(20261204L);
    String[] values = {null, "", "0", "00", "0a", "A", "a", "f3", "ff"};
    List<List<String>> keys = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      List<String> key = new ArrayList<>();
      int size = 1 + random.nextInt(3);
      for (int j = 0; j < size; j++) {
        key.add(values[random.nextInt(values.length)]);
      }
      keys.add(key);
    }
    for (List<String> a : keys) {
      assertThat(KeyOrder.KEYS.compare(a, a)).isZero();
      for (List<String> b : keys) {
        int ab = KeyOrder.KEYS.compare(a, b);
        assertThat(Integer.signum(ab)).isEqualTo(-Integer.signum(KeyOrder.KEYS.compare(b, a)));
        assertThat(ab == 0).isEqualTo(a.equals(b));
      }
    }
    List<List<String>> sorted = new ArrayList<>(keys);
    sorted.sort(KeyOrder.KEYS);
    for (int i = 1; i < sorted.size(); i++) {
      for (int k = 0; k < i; k++) {
        assertThat(KeyOrder.KEYS.compare(sorted.get(k), sorted.get(i))).isLessThanOrEqualTo(0);
      }
    }
  }
}
