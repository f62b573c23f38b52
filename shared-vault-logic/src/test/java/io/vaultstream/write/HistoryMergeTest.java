package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.write.HistoryMerge.Outcome;
import io.vaultstream.write.HistoryMerge.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryMergeTest {
  private static final Map<String, String> NULLS = Map.of();

  private static Version fresh(long t, String diff) {
    return new Version(t, diff, false, Map.of("a", diff), false, "SRC");
  }

  private static Version delete(long t) {
    return new Version(t, null, true, null, false, "SRC");
  }

  private static Version stored(long t, String diff) {
    return new Version(t, diff, false, Map.of("a", diff), true, null);
  }

  private static Outcome merge(List<Version> stored, List<Version> fresh) {
    return HistoryMerge.merge(stored, new ArrayList<>(fresh), fresh.get(0).t, NULLS, "EMPTY");
  }

  private static List<String> times(List<Version> vs) {
    return vs.stream().map(v -> v.t + ":" + v.hashDiff + (v.delete ? ":D" : "")).toList();
  }

  @Test
  void aNewKeysOnlyVersionIsInserted() {
    Outcome o = merge(List.of(), List.of(fresh(10, "X")));
    assertThat(times(o.inserts())).containsExactly("10:X");
    assertThat(o.deletes()).isEmpty();
  }

  @Test
  void aDeleteWithNothingBeforeItCarriesTheEmptyDiff() {
    Outcome o = merge(List.of(), List.of(delete(10)));
    assertThat(times(o.inserts())).containsExactly("10:EMPTY:D");
    assertThat(o.inserts().get(0).attrs).isSameAs(NULLS);
  }

  @Test
  void aDeleteCarriesTheAttributesOfTheVersionBeforeIt() {
    Outcome o = merge(List.of(stored(5, "X")), List.of(delete(10)));
    assertThat(times(o.inserts())).containsExactly("10:X:D");
    assertThat(o.inserts().get(0).attrs).containsEntry("a", "X");
  }

  @Test
  void versionsAtTheSameTimeAreMovedApartAndUnchangedOnesDropped() {
    Outcome o =
        merge(List.of(stored(10, "X")), List.of(fresh(10, "Y"), fresh(10, "Y"), fresh(10, "Z")));
    // 10 is stored: the new versions take 11, 12 and 13; 12 repeats 11: not kept, remembered.
    assertThat(times(o.inserts())).containsExactly("11:Y", "13:Z");
    assertThat(times(o.repeatsAdded())).containsExactly("12:Y");
  }

  @Test
  void aReplayedVersionIsSkipped() {
    Outcome o = merge(List.of(stored(10, "X")), List.of(fresh(10, "X")));
    assertThat(o.inserts()).isEmpty();
    assertThat(o.deletes()).isEmpty();
  }

  @Test
  void aLaterStoredVersionThatAnOlderArrivalMakesRedundantIsDeleted() {
    // Stored: X at 5, Y at 20. An older event (t=10) says Y: the stored Y at 20 repeats it.
    Outcome o =
        HistoryMerge.merge(
            List.of(stored(5, "X"), stored(20, "Y")),
            new ArrayList<>(List.of(fresh(10, "Y"))),
            10,
            NULLS,
            "EMPTY");
    assertThat(times(o.inserts())).containsExactly("10:Y");
    assertThat(times(o.deletes())).containsExactly("20:Y");
  }
}
