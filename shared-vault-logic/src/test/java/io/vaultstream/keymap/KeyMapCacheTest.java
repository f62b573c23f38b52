package io.vaultstream.keymap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class KeyMapCacheTest {
  // A key map in memory standing for the database's, counting the keys each read asks for.
  private final Map<String, TreeMap<Long, Map<String, String>>> stored = new HashMap<>();
  private final List<Set<String>> asked = new ArrayList<>();
  private final KeyMapReader database =
      (source, pks) -> {
        asked.add(Set.copyOf(pks));
        Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
        for (String pk : pks) {
          if (stored.containsKey(pk)) {
            out.put(pk, new TreeMap<>(stored.get(pk)));
          }
        }
        return out;
      };

  private static Map<String, String> key(String v) {
    return Map.of("customer_no", v);
  }

  private void store(String pk, long at, String v) {
    stored.computeIfAbsent(pk, k -> new TreeMap<>()).put(at, key(v));
  }

  private static Map<String, Map<String, TreeMap<Long, Map<String, String>>>> entries(
      String pk, long at, String v) {
    TreeMap<Long, Map<String, String>> tl = new TreeMap<>();
    tl.put(at, key(v));
    return Map.of("customers", Map.of(pk, tl));
  }

  @Test
  void aTimelineReadOnceIsNotReadAgainAndAKeyWithoutMappingsIsKeptAsSuch() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    KeyMapReader r = cache.reader(database, cache.begin(Map.of()), null);
    assertThat(r.read("customers", Set.of("1", "2"))).containsOnlyKeys("1");
    KeyMapReader next = cache.reader(database, cache.begin(Map.of()), null);
    Map<String, TreeMap<Long, Map<String, String>>> again =
        next.read("customers", Set.of("1", "2"));
    assertThat(again.get("1")).containsExactly(Map.entry(10L, key("C1")));
    assertThat(again).containsOnlyKeys("1");
    assertThat(asked).containsExactly(Set.of("1", "2"));
    // what a caller adds to a timeline it got is not kept
    again.get("1").put(20L, key("X"));
    assertThat(next.read("customers", Set.of("1")).get("1")).hasSize(1);
  }

  @Test
  void anotherWritersNewMarkDropsEverythingKept() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    cache.reader(database, cache.begin(Map.of("other", 1L)), null).read("customers", Set.of("1"));
    store("1", 20, "C2"); // the other writer's batch
    KeyMapReader r = cache.reader(database, cache.begin(Map.of("other", 2L)), null);
    assertThat(r.read("customers", Set.of("1")).get("1")).hasSize(2);
    assertThat(asked).hasSize(2);
    // a writer gone (its row deleted) or new counts as well
    cache.reader(database, cache.begin(Map.of()), null).read("customers", Set.of("1"));
    assertThat(asked).hasSize(3);
  }

  @Test
  void ownCommittedMappingsAreKeptWithTheTimelinesReadAndTheOwnMarkIsExpected() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    cache.reader(database, cache.begin(Map.of()), null).read("customers", Set.of("1"));
    long mark = cache.nextMark();
    // planned while the batch commits: the mark may already be stored, or not yet
    cache.begin(Map.of(cache.writer(), mark));
    cache.committed(mark, entries("1", 20, "C2"));
    cache.committed(mark, entries("9", 20, "C9")); // not read: not kept
    KeyMapReader r = cache.reader(database, cache.begin(Map.of(cache.writer(), mark)), null);
    assertThat(r.read("customers", Set.of("1")).get("1"))
        .containsExactly(Map.entry(10L, key("C1")), Map.entry(20L, key("C2")));
    assertThat(asked).hasSize(1);
    r.read("customers", Set.of("9"));
    assertThat(asked).hasSize(2);
  }

  @Test
  void theOwnMarkOfAnEarlierStateDropsEverything() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    long first = cache.nextMark();
    cache.committed(first, Map.of());
    cache
        .reader(database, cache.begin(Map.of(cache.writer(), first)), null)
        .read("customers", Set.of("1"));
    long second = cache.nextMark();
    cache.committed(second, entries("1", 20, "C2"));
    // the database went back to before the second batch: its mapping is gone
    KeyMapReader r = cache.reader(database, cache.begin(Map.of(cache.writer(), first)), null);
    assertThat(r.read("customers", Set.of("1")).get("1")).hasSize(1);
    assertThat(asked).hasSize(2);
  }

  @Test
  void aReadBegunBeforeAFailureOrAnotherCommitIsNotKept() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    KeyMapReader before = cache.reader(database, cache.begin(Map.of()), null);
    cache.forget();
    before.read("customers", Set.of("1"));
    KeyMapReader r = cache.reader(database, cache.begin(Map.of()), null);
    long mark = cache.nextMark();
    cache.committed(mark, entries("2", 5, "C2")); // a batch not in flight for r
    r.read("customers", Set.of("1"));
    cache
        .reader(database, cache.begin(Map.of(cache.writer(), mark)), null)
        .read("customers", Set.of("1"));
    assertThat(asked).hasSize(3);
  }

  @Test
  void aReadWhileTheBatchInFlightCommitsKeepsThatBatchsMappings() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    cache.begin(Map.of());
    var inFlight = entries("1", 20, "C2");
    cache.writing(inFlight);
    long mark = cache.nextMark();
    KeyMapReader r = cache.reader(database, cache.begin(Map.of()), inFlight);
    cache.committed(mark, inFlight);
    r.read("customers", Set.of("1")); // read before the commit showed: the mapping is added
    KeyMapReader next = cache.reader(database, cache.begin(Map.of(cache.writer(), mark)), null);
    assertThat(next.read("customers", Set.of("1")).get("1"))
        .containsExactly(Map.entry(10L, key("C1")), Map.entry(20L, key("C2")));
    assertThat(asked).hasSize(1);
  }

  @Test
  void aReadWithTheMappingsOfABatchInFlightThatFailedOrWasNeverWrittenIsNotKept() {
    store("1", 10, "C1");
    KeyMapCache cache = new KeyMapCache(100);
    var failed = entries("1", 20, "C2");
    cache.writing(failed);
    cache.forget(); // its write failed before the next batch began
    cache.reader(database, cache.begin(Map.of()), failed).read("customers", Set.of("1"));
    var notWritten = entries("1", 30, "C3");
    cache.reader(database, cache.begin(Map.of()), notWritten).read("customers", Set.of("1"));
    KeyMapReader r = cache.reader(database, cache.begin(Map.of()), null);
    assertThat(r.read("customers", Set.of("1")).get("1")).containsOnlyKeys(10L);
    assertThat(asked).hasSize(3);
  }

  @Test
  void moreKeysThanTheLimitStartOver() {
    KeyMapCache cache = new KeyMapCache(2);
    KeyMapReader r = cache.reader(database, cache.begin(Map.of()), null);
    r.read("customers", Set.of("1", "2"));
    assertThat(cache.size()).isEqualTo(2);
    r.read("customers", Set.of("3"));
    assertThat(cache.size()).isEqualTo(1);
    r.read("customers", Set.of("4", "5", "6"));
    assertThat(cache.size()).isZero();
    assertThatThrownBy(() -> new KeyMapCache(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
