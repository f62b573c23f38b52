package io.vaultstream.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A batch's versions of one key never share a load time; other keys and tables do not interfere.
 */
class LoadTimesTest {

  @Test
  void versionsOfOneKeyAtOneTimeMoveToTheNextFreeMicroseconds() {
    LoadTimes times = new LoadTimes(4);
    assertThat(times.firstFree("sat", List.of("k"), 100)).isEqualTo(100);
    assertThat(times.firstFree("sat", List.of("k"), 100)).isEqualTo(101);
    assertThat(times.firstFree("sat", List.of("k"), 100)).isEqualTo(102);
    assertThat(times.firstFree("sat", List.of("k"), 101)).isEqualTo(103);
    assertThat(times.firstFree("sat", List.of("k"), 50)).isEqualTo(50);
    assertThat(times.firstFree("sat", List.of("other"), 100)).isEqualTo(100);
    assertThat(times.firstFree("ref", List.of("k"), 100)).isEqualTo(100);
    assertThat(times.firstFree("sat", List.of("k", "m"), 100)).isEqualTo(100);
  }

  @Test
  void aTrackingVersionIsTakenOncePerBatch() {
    LoadTimes times = new LoadTimes(4);
    assertThat(times.take("eff", "k", "Y", 100)).isTrue();
    assertThat(times.take("eff", "k", "Y", 100)).isFalse();
    assertThat(times.take("eff", "k", "N", 100)).isTrue();
    assertThat(times.take("eff", "k", "Y", 200)).isTrue();
    assertThat(times.take("eff", "k", "Y", 200)).isFalse();
    // A tracking version does not take the time of a history version of the same table and key.
    assertThat(times.firstFree("eff", List.of("k"), 100)).isEqualTo(100);
  }

  @Test
  void aKeyIsOneKeyWhateverListHoldsIt() {
    LoadTimes times = new LoadTimes(4);
    assertThat(times.firstFree("sat", List.of("k", "m"), 100)).isEqualTo(100);
    assertThat(times.firstFree("sat", new ArrayList<>(List.of("k", "m")), 100)).isEqualTo(101);
    assertThat(times.firstFree("sat", Arrays.asList("k", "m"), 100)).isEqualTo(102);
    assertThat(times.take("eff", "k", null, 100)).isTrue();
    assertThat(times.take("eff", "k", null, 100)).isFalse();
    assertThat(times.take("eff", "k", "Y", 100)).isTrue();
  }
}
