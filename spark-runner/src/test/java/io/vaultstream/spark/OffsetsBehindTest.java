package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The records a Kafka source is behind its latest offsets, from a progress's offsets. */
class OffsetsBehindTest {
  @Test
  void sumsWhatEveryPartitionIsBehind() {
    assertThat(
            OffsetsBehind.of(
                "{\"shop.public.orders\":{\"0\":100,\"1\":40}}",
                "{\"shop.public.orders\":{\"0\":130,\"1\":45}}"))
        .isEqualTo(35);
    assertThat(
            OffsetsBehind.of(
                "{\"a\":{\"0\":7},\"b\":{\"0\":3}}", "{\"a\":{\"0\":7},\"b\":{\"0\":9}}"))
        .isEqualTo(6);
  }

  @Test
  void aCaughtUpSourceIsZeroBehind() {
    String offsets = "{\"shop.public.customers\":{\"0\":500}}";
    assertThat(OffsetsBehind.of(offsets, offsets)).isZero();
  }

  @Test
  void missingOrForeignOffsetsAreUnknown() {
    assertThat(OffsetsBehind.of(null, "{\"t\":{\"0\":1}}")).isEqualTo(OffsetsBehind.UNKNOWN);
    assertThat(OffsetsBehind.of("{\"t\":{\"0\":1}}", null)).isEqualTo(OffsetsBehind.UNKNOWN);
    assertThat(OffsetsBehind.of("42", "43")).isEqualTo(OffsetsBehind.UNKNOWN);
    assertThat(OffsetsBehind.of("{\"t\":{\"0\":1}}", "{\"t\":{\"1\":5}}"))
        .isEqualTo(OffsetsBehind.UNKNOWN);
    assertThat(OffsetsBehind.of("not json", "{}")).isEqualTo(OffsetsBehind.UNKNOWN);
  }
}
