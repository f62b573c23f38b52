package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.spark.lake.LakeChanges.Action;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two sightings of a hub's or link's key in one micro-batch fold into the earlier one, with the
 * load times as the engine gives them to the Delta store: epoch microseconds as text.
 */
class LakeChangeTest {
  private static LakeChange earliest(String loadDts, String source) {
    return new LakeChange(
        Action.EARLIEST, Map.of("hk", "a1", "load_dts", loadDts, "record_source", source));
  }

  @Test
  void theEarlierOfTwoSightingsWinsWhicheverComesFirst() {
    LakeChange later = earliest("1767225602000000", "LATER");
    LakeChange earlier = earliest("1767225601000000", "EARLIER");

    LakeChange a = later.then(earlier, "load_dts", "record_source");
    LakeChange b = earlier.then(later, "load_dts", "record_source");

    for (LakeChange c : new LakeChange[] {a, b}) {
      assertThat(c.action()).isEqualTo(Action.EARLIEST);
      assertThat(c.row().get("load_dts")).isEqualTo("1767225601000000");
      assertThat(c.row().get("record_source")).isEqualTo("EARLIER");
    }
  }

  @Test
  void timesAsIsoTextAndAsMicrosecondsCompareAsInstants() {
    LakeChange iso = earliest("2026-01-01T00:00:02Z", "ISO");
    LakeChange micros = earliest("1767225601000000", "MICROS");

    LakeChange c = iso.then(micros, "load_dts", "record_source");

    assertThat(c.row().get("load_dts")).isEqualTo("1767225601000000");
    assertThat(c.row().get("record_source")).isEqualTo("MICROS");
  }
}
