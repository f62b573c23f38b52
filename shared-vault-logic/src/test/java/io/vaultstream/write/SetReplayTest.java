package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.hash.SetHashDiff;
import io.vaultstream.model.HashingSettings;
import io.vaultstream.plan.HistoryRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A parent's multi-active sets are the same whichever order the member changes arrive in, in one
 * batch or several, and a replay changes nothing.
 */
class SetReplayTest {
  private final SetReplay replay =
      new SetReplay(
          new SetHashDiff(new HashKeyCalculator(HashingSettings.defaults())),
          List.of("phone_type"),
          List.of("number"),
          false);

  /** The stored sets, as the writer leaves them: load time to set. */
  private final TreeMap<Long, SetReplay.StoredSet> stored = new TreeMap<>();

  private static HistoryRow change(long t, String type, String number) {
    return new HistoryRow(
        List.of("P", type),
        t,
        "SRC",
        number == null,
        number == null ? null : Map.of("number", number));
  }

  /** Loads one batch (its rows in source order) as the writer does. */
  private int load(List<HistoryRow> batch) {
    long from = batch.stream().mapToLong(HistoryRow::loadDts).min().orElseThrow();
    TreeMap<Long, SetReplay.StoredSet> read = new TreeMap<>();
    Long before = stored.lowerKey(from);
    read.putAll(stored.tailMap(before == null ? from : before, true));
    SetReplay.Outcome o = replay.merge(read, batch, from);
    o.deletes().forEach(stored::remove);
    for (SetReplay.SetVersion v : o.inserts()) {
      SetReplay.StoredSet s =
          new SetReplay.StoredSet(v.t(), v.recordSource(), v.hashDiff(), v.empty());
      if (!v.empty()) {
        s.members().putAll(v.members());
      }
      stored.put(v.t(), s);
    }
    return o.inserts().size() + o.deletes().size();
  }

  private List<String> history() {
    List<String> out = new ArrayList<>();
    stored.forEach((t, s) -> out.add(t + " " + s.members() + (s.empty() ? " empty" : "")));
    return out;
  }

  private static final List<HistoryRow> EVENTS =
      List.of(
          change(10, "home", "1"),
          change(10, "work", "2"),
          change(20, "work", "3"),
          change(30, "home", null),
          change(40, "mobile", "4"),
          change(50, "work", "3"), // no change
          change(60, "work", null),
          change(70, "mobile", null),
          change(80, "home", "5"));

  @Test
  void inOrderEverySetIsAVersionAndAReplayWritesNothing() {
    load(EVENTS);
    List<String> once = history();
    assertThat(once)
        .containsExactly(
            "10 {[home]={number=1}, [work]={number=2}}",
            "20 {[home]={number=1}, [work]={number=3}}",
            "30 {[work]={number=3}}",
            "40 {[mobile]={number=4}, [work]={number=3}}",
            "60 {[mobile]={number=4}}",
            "70 {} empty",
            "80 {[home]={number=5}}");
    assertThat(load(EVENTS)).isZero();
    for (HistoryRow r : EVENTS) {
      assertThat(load(List.of(r))).isZero();
    }
    assertThat(history()).isEqualTo(once);
  }

  /**
   * The same changes as the source rows made them: each row's events in order (a row's events share
   * a Kafka partition, and a delete whose row is not known yet waits for it), rows interleaved.
   */
  private static final List<List<HistoryRow>> ROWS =
      List.of(
          List.of(change(10, "home", "1"), change(30, "home", null)),
          List.of(
              change(10, "work", "2"),
              change(20, "work", "3"),
              change(50, "work", "3"),
              change(60, "work", null)),
          List.of(change(40, "mobile", "4"), change(70, "mobile", null)),
          List.of(change(80, "home", "5")));

  @Test
  void anyArrivalOrderOfTheRowsGivesTheSameSets() {
    load(EVENTS);
    List<String> expected = history();
    Random random = new Random(7);
    for (int round = 0; round < 300; round++) {
      stored.clear();
      List<HistoryRow> arrival = interleave(random);
      // Batches of one to three events; within a batch, source order is time order.
      int i = 0;
      while (i < arrival.size()) {
        int n = Math.min(arrival.size() - i, 1 + random.nextInt(3));
        List<HistoryRow> batch = new ArrayList<>(arrival.subList(i, i + n));
        batch.sort(Comparator.comparingLong(HistoryRow::loadDts));
        load(batch);
        i += n;
      }
      assertThat(history()).as("round %d: %s", round, arrival).isEqualTo(expected);
    }
  }

  private static List<HistoryRow> interleave(Random random) {
    List<List<HistoryRow>> left = new ArrayList<>();
    ROWS.forEach(r -> left.add(new ArrayList<>(r)));
    List<HistoryRow> out = new ArrayList<>();
    while (!left.isEmpty()) {
      List<HistoryRow> row = left.get(random.nextInt(left.size()));
      out.add(row.remove(0));
      if (row.isEmpty()) {
        left.remove(row);
      }
    }
    return out;
  }
}
