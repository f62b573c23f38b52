package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.write.HistoryMerge.Outcome;
import io.vaultstream.write.HistoryMerge.Version;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Random sets of one key's events (distinct times, values and deletes), loaded in random orders and
 * batches with replays: the history equals the one a load in time order gives, and every event is
 * either a stored version or a remembered repeat.
 */
class HistoryMergeRandomOrderTest {
  private final List<Version> history = new ArrayList<>();
  private final TreeSet<Long> repeats = new TreeSet<>();

  private record Event(long t, String value) {
    Version fresh() {
      return value == null
          ? new Version(t, null, true, null, false, "SRC")
          : new Version(t, value, false, Map.of("a", value), false, "SRC");
    }
  }

  private void load(List<Event> batch) {
    List<Version> fresh = new ArrayList<>();
    batch.forEach(e -> fresh.add(e.fresh()));
    fresh.sort(Comparator.comparingLong(v -> v.t));
    long first = fresh.get(0).t;
    List<Version> stored = new ArrayList<>();
    history.stream().filter(v -> v.t < first).reduce((a, b) -> b).ifPresent(stored::add);
    history.stream().filter(v -> v.t >= first).forEach(stored::add);
    List<Version> remembered = new ArrayList<>();
    repeats.tailSet(first).forEach(t -> remembered.add(Version.repeat(t, "SRC")));
    Outcome o =
        HistoryMerge.merge(
            stored, remembered, fresh, first, Map.of(), "EMPTY", HistoryMerge.BY_HASH);
    history.removeIf(h -> o.deletes().stream().anyMatch(d -> d.t == h.t));
    for (Version v : o.inserts()) {
      assertThat(history).noneMatch(h -> h.t == v.t);
      history.add(new Version(v.t, v.hashDiff, v.delete, v.attrs, true, v.recordSource));
    }
    history.sort(Comparator.comparingLong(v -> v.t));
    o.repeatsRemoved().forEach(v -> repeats.remove(v.t));
    o.repeatsAdded().forEach(v -> repeats.add(v.t));
  }

  /** Loads a batch as the planner hands it over: events of one time moved to free microseconds. */
  private void loadPlanned(List<Event> batch) {
    java.util.Set<Long> taken = new java.util.HashSet<>();
    List<Version> fresh = new ArrayList<>();
    for (Event e : batch) {
      long t = e.t();
      while (!taken.add(t)) {
        t++;
      }
      Version v = new Event(t, e.value()).fresh();
      v.eventTime = e.t();
      fresh.add(v);
    }
    fresh.sort(Comparator.comparingLong(v -> v.t));
    long first = fresh.get(0).t;
    List<Version> stored = new ArrayList<>();
    history.stream().filter(v -> v.t < first).reduce((a, b) -> b).ifPresent(stored::add);
    history.stream().filter(v -> v.t >= first).forEach(stored::add);
    List<Version> remembered = new ArrayList<>();
    repeats.tailSet(first).forEach(t -> remembered.add(Version.repeat(t, "SRC")));
    Outcome o =
        HistoryMerge.merge(
            stored, remembered, fresh, first, Map.of(), "EMPTY", HistoryMerge.BY_HASH);
    history.removeIf(h -> o.deletes().stream().anyMatch(d -> d.t == h.t));
    for (Version v : o.inserts()) {
      assertThat(history).noneMatch(h -> h.t == v.t);
      history.add(new Version(v.t, v.hashDiff, v.delete, v.attrs, true, v.recordSource));
    }
    history.sort(Comparator.comparingLong(v -> v.t));
    o.repeatsRemoved().forEach(v -> repeats.remove(v.t));
    o.repeatsAdded().forEach(v -> repeats.add(v.t));
  }

  @Test
  void replaysOfEventsAtTheSameMicrosecondChangeNothing() {
    Random random = new Random(5);
    String[] values = {"X", "Y", null};
    for (int round = 0; round < 5000; round++) {
      history.clear();
      repeats.clear();
      List<Event> events = new ArrayList<>();
      int n = 2 + random.nextInt(7);
      for (int i = 0; i < n; i++) {
        events.add(new Event(10L * (1 + random.nextInt(4)), values[random.nextInt(3)]));
      }
      List<List<Event>> batches = new ArrayList<>();
      int i = 0;
      while (i < n) {
        int k = 1 + random.nextInt(3);
        batches.add(events.subList(i, Math.min(n, i + k)));
        i += k;
      }
      batches.forEach(this::loadPlanned);
      List<String> loaded = rows();
      TreeSet<Long> remembered = new TreeSet<>(repeats);
      List<List<Event>> again = new ArrayList<>();
      i = 0;
      while (i < n) {
        int k = 1 + random.nextInt(3);
        again.add(events.subList(i, Math.min(n, i + k)));
        i += k;
      }
      again.forEach(this::loadPlanned);
      assertThat(rows())
          .as("events %s in batches %s, again %s", events, batches, again)
          .isEqualTo(loaded);
      assertThat(repeats).as("repeats of %s in batches %s", events, batches).isEqualTo(remembered);
    }
  }

  private List<String> rows() {
    return history.stream()
        .map(v -> v.t + ":" + v.hashDiff + (v.delete ? ":D" : "") + ":" + v.attrs)
        .toList();
  }

  /** The history a load in time order gives, by the rule. */
  private static List<String> expected(List<Event> events) {
    List<Event> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong(Event::t));
    List<String> out = new ArrayList<>();
    String prevHash = null;
    boolean prevDelete = false;
    Map<String, String> prevAttrs = Map.of();
    boolean any = false;
    for (Event e : sorted) {
      boolean del = e.value() == null;
      String hash = del ? (any ? prevHash : "EMPTY") : e.value();
      Map<String, String> attrs = del ? (any ? prevAttrs : Map.of()) : Map.of("a", e.value());
      if (!any || del != prevDelete || !hash.equals(prevHash)) {
        out.add(e.t() + ":" + hash + (del ? ":D" : "") + ":" + attrs);
        prevHash = hash;
        prevDelete = del;
        prevAttrs = attrs;
        any = true;
      }
    }
    return out;
  }

  @Test
  void randomEventsInRandomOrdersGiveTheTimeOrderedHistory() {
    Random random = new Random(11);
    String[] values = {"X", "Y", null};
    for (int round = 0; round < 5000; round++) {
      history.clear();
      repeats.clear();
      List<Long> times = new ArrayList<>();
      for (long t = 1; t <= 12; t++) {
        times.add(t * 10);
      }
      Collections.shuffle(times, random);
      List<Event> events = new ArrayList<>();
      for (long t : times.subList(0, 2 + random.nextInt(8))) {
        events.add(new Event(t, values[random.nextInt(values.length)]));
      }
      List<Event> order = new ArrayList<>(events);
      Collections.shuffle(order, random);
      int i = 0;
      while (i < order.size()) {
        int n = 1 + random.nextInt(3);
        List<Event> batch = order.subList(i, Math.min(order.size(), i + n));
        load(batch);
        if (random.nextBoolean()) {
          load(batch);
        }
        i += n;
      }
      assertThat(rows()).as("events %s in order %s", events, order).isEqualTo(expected(events));
      TreeSet<Long> all = new TreeSet<>(repeats);
      history.forEach(v -> all.add(v.t));
      assertThat(all)
          .as("every event a version or a repeat: %s in order %s", events, order)
          .containsExactlyElementsOf(new TreeSet<>(events.stream().map(Event::t).toList()));
    }
  }
}
