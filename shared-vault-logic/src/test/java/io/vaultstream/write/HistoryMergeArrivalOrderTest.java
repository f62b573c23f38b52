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

  /** The times of the key's remembered repeats (vs_repeats). */
  private final List<Long> repeats = new ArrayList<>();

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
    List<Version> remembered = new ArrayList<>();
    repeats.stream()
        .filter(t -> t >= first)
        .sorted()
        .forEach(t -> remembered.add(Version.repeat(t, "SRC")));
    Outcome o =
        HistoryMerge.merge(stored, remembered, fresh, first, NULLS, "EMPTY", HistoryMerge.BY_HASH);
    history.removeAll(o.deletes());
    for (Version v : o.inserts()) {
      history.add(new Version(v.t, v.hashDiff, v.delete, v.attrs, true, v.recordSource));
    }
    history.sort(Comparator.comparingLong(v -> v.t));
    o.repeatsRemoved().forEach(v -> repeats.remove(Long.valueOf(v.t)));
    o.repeatsAdded().forEach(v -> repeats.add(v.t));
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
  void aRepeatTurnsIntoAVersionWhenAnEarlierChangeArrivesLater() {
    Arrival x30 = new Arrival(30, "X");
    load(X10, x30);
    assertThat(rows()).containsExactly("10:X");
    load(Y20);
    assertThat(rows()).containsExactly("10:X", "20:Y", "30:X");
    load(X10, x30);
    load(Y20);
    assertThat(rows()).as("a second load changes nothing").containsExactly("10:X", "20:Y", "30:X");
  }

  @Test
  void aStoredVersionThatAnEarlierArrivalMakesARepeatComesBackWithTheNextChange() {
    load(Y20, new Arrival(40, "Y"));
    load(new Arrival(30, "X"));
    assertThat(rows()).containsExactly("20:Y", "30:X", "40:Y");
    load(new Arrival(10, "Y"));
    // 20 now repeats 10 and is remembered: a change arriving between them brings it back.
    assertThat(rows()).containsExactly("10:Y", "30:X", "40:Y");
    load(new Arrival(15, "Z"));
    assertThat(rows()).containsExactly("10:Y", "15:Z", "20:Y", "30:X", "40:Y");
  }

  @Test
  void everyArrivalOrderOfTheSameEventsGivesTheSameHistory() {
    List<Arrival> events =
        List.of(
            X10,
            new Arrival(15, "X"),
            Y20,
            new Arrival(25, null),
            Y30,
            new Arrival(35, "X"),
            X40,
            new Arrival(45, "Y"),
            new Arrival(50, null),
            new Arrival(55, null),
            new Arrival(60, "Y"),
            new Arrival(5, null));
    List<String> expected = null;
    java.util.Random random = new java.util.Random(7);
    for (int round = 0; round < 2000; round++) {
      history.clear();
      repeats.clear();
      List<Arrival> order = new ArrayList<>(events);
      java.util.Collections.shuffle(order, random);
      int i = 0;
      while (i < order.size()) {
        int n = 1 + random.nextInt(3);
        List<Arrival> batch = order.subList(i, Math.min(order.size(), i + n));
        load(batch.toArray(Arrival[]::new));
        load(batch.toArray(Arrival[]::new)); // a replay of the batch changes nothing
        i += n;
      }
      List<String> got = rows();
      if (expected == null) {
        expected = got;
      }
      assertThat(got).as("arrival order %s", order).isEqualTo(expected);
    }
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
