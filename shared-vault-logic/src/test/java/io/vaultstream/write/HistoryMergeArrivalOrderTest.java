package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.write.HistoryMerge.Outcome;
import io.vaultstream.write.HistoryMerge.Version;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One key's satellite history is the same whichever order its versions arrive in, in one batch or
 * several: a version repeating the one before it in load_dts order is never kept.
 */
class HistoryMergeArrivalOrderTest {
  private static final Map<String, String> NULLS = Map.of();

  /** A version as it arrives: load time and attribute value ({@code null} for a delete). */
  private record Arrival(long t, String value) {
    Version fresh() {
      return value == null
          ? new Version(t, null, true, null, false, "SRC")
          : new Version(t, value, false, Map.of("a", value), false, "SRC");
    }
  }

  /** The stored history of the key, as the writer would leave it. */
  private final List<Version> history = new ArrayList<>();

  /** Loads one batch: the writer reads the latest version before the batch, and all after it. */
  private void load(Arrival... batch) {
    List<Version> fresh = new ArrayList<>();
    for (Arrival a : batch) {
      fresh.add(a.fresh());
    }
    fresh.sort(Comparator.comparingLong(v -> v.t));
    long first = fresh.get(0).t;
    List<Version> stored = new ArrayList<>();
    history.stream().filter(v -> v.t < first).reduce((a, b) -> b).ifPresent(stored::add);
    history.stream().filter(v -> v.t >= first).forEach(stored::add);
    Outcome o = HistoryMerge.merge(stored, fresh, first, NULLS, "EMPTY");
    history.removeAll(o.deletes());
    for (Version v : o.inserts()) {
      history.add(new Version(v.t, v.hashDiff, v.delete, v.attrs, true, v.recordSource));
    }
    history.sort(Comparator.comparingLong(v -> v.t));
  }

  private List<String> rows() {
    return history.stream().map(v -> v.t + ":" + v.hashDiff + (v.delete ? ":D" : "")).toList();
  }

  private static final Arrival X10 = new Arrival(10, "X");
  private static final Arrival Y20 = new Arrival(20, "Y");
  private static final Arrival Y30 = new Arrival(30, "Y");
  private static final Arrival X40 = new Arrival(40, "X");
  private static final List<String> EXPECTED = List.of("10:X", "20:Y", "40:X");

  @Test
  void allInOneBatch() {
    load(X40, Y20, X10, Y30);
    assertThat(rows()).isEqualTo(EXPECTED);
  }

  @Test
  void oneByOneInSourceOrder() {
    load(X10);
    load(Y20);
    load(Y30);
    load(X40);
    assertThat(rows()).isEqualTo(EXPECTED);
  }

  @Test
  void oneByOneInReverse() {
    load(X40);
    load(Y30);
    load(Y20);
    assertThat(rows()).containsExactly("20:Y", "40:X");
    load(X10);
    assertThat(rows()).isEqualTo(EXPECTED);
  }

  @Test
  void theLaterHalfFirst() {
    load(Y30, X40);
    load(X10, Y20);
    assertThat(rows()).isEqualTo(EXPECTED);
  }

  @Test
  void eachBatchLoadedTwiceChangesNothingTheSecondTime() {
    load(X10, Y20);
    load(X10, Y20);
    load(Y30, X40);
    load(Y30, X40);
    assertThat(rows()).isEqualTo(EXPECTED);
  }

  @Test
  void aDeleteInTheMiddleKeepsTheVersionsAroundItApart() {
    Arrival deleted = new Arrival(25, null);
    load(X10, Y20);
    load(X40);
    load(deleted);
    // 25 carries Y's attributes with the delete flag; the X at 40 is a change after it.
    assertThat(rows()).containsExactly("10:X", "20:Y", "25:Y:D", "40:X");
    load(Y30);
    assertThat(rows()).as("a Y after the delete is a change").contains("30:Y");
  }
}
