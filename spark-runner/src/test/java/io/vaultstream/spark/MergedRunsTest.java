package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.SourcePosition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The merge of a micro-batch's runs gives its events in source order, decoding a run's next record
 * only when the run's last event was taken.
 */
class MergedRunsTest {
  /**
   * Decodes a record to an event whose time is the record's timestamp; offsets ending in 7 are
   * tombstones.
   */
  private final List<MergedRuns.Raw> decoded = new ArrayList<>();

  private final Function<MergedRuns.Raw, Optional<ChangeEvent>> decode =
      r -> {
        decoded.add(r);
        if (r.offset() % 10 == 7) {
          return Optional.empty();
        }
        return Optional.of(
            new ChangeEvent(
                r.topic(),
                Operation.INSERT,
                Map.of(),
                r.timestamp() * 1000,
                new SourcePosition(r.topic(), r.partition(), r.offset(), null),
                null,
                null));
      };

  @Test
  void runsInSourceOrderMergeToTheMicroBatchSortedIntoSourceOrder() {
    for (long seed = 1; seed <= 200; seed++) {
      Random random = new Random(seed);
      List<MergedRuns.Raw> records = new ArrayList<>();
      int runs = 1 + random.nextInt(6);
      // Each topic partition goes on where its last run ended (two micro-batch partitions of one
      // topic partition may come as two runs, even one after the other), in source order.
      Map<String, long[]> next = new java.util.HashMap<>();
      for (int run = 0; run < runs; run++) {
        String topic = "t" + random.nextInt(3);
        int partition = random.nextInt(2);
        long[] at =
            next.computeIfAbsent(
                topic + "/" + partition,
                k -> new long[] {1_000 + random.nextInt(50), random.nextInt(1000) * 100L});
        for (int n = random.nextInt(30); n > 0; n--) {
          at[0] += random.nextInt(3); // ties of time across partitions and within one
          records.add(new MergedRuns.Raw(topic, partition, at[1]++, at[0], null, null));
        }
      }
      List<ChangeEvent> sorted = new ArrayList<>();
      for (MergedRuns.Raw r : records) {
        decode.apply(r).ifPresent(sorted::add);
      }
      sorted.sort(ChangeEvent.SOURCE_ORDER);
      MergedRuns merged = new MergedRuns(new ArrayList<>(records), decode);
      assertThat(merged.all()).as("seed %d", seed).containsExactlyElementsOf(sorted);
    }
  }

  @Test
  void aRunsNextRecordIsDecodedOnlyWhenItsLastEventIsTaken() {
    List<MergedRuns.Raw> records = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      records.add(new MergedRuns.Raw("a", 0, i, 1_000 + i, null, null));
    }
    for (int i = 0; i < 100; i++) {
      records.add(new MergedRuns.Raw("b", 0, i, 1_000 + i, null, null));
    }
    MergedRuns merged = new MergedRuns(records, decode);
    assertThat(merged.has(0)).isTrue();
    assertThat(decoded).as("each run's first record").hasSize(2);
    assertThat(merged.get(0).position().topic()).isEqualTo("a");
    assertThat(merged.get(1).position().topic()).isEqualTo("b");
    assertThat(merged.has(9)).isTrue();
    assertThat(decoded).hasSizeLessThan(15);
    assertThat(records.subList(20, 100))
        .as("what was not decoded is still kept")
        .doesNotContainNull();
    assertThat(records.subList(0, 3)).as("what was decoded is let go").containsOnlyNulls();
    assertThat(merged.has(200)).isFalse();
    assertThat(merged.all()).hasSize(180).isSortedAccordingTo(ChangeEvent.SOURCE_ORDER);
    assertThat(decoded).as("every record once").hasSize(200);
  }

  @Test
  void aRecordWhoseDecodingThrowsIsDecodedAgainOnTheNextAskAndNothingIsLostOrRepeated() {
    List<MergedRuns.Raw> records = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      records.add(new MergedRuns.Raw(i % 2 == 0 ? "a" : "b", 0, i / 2, 1_000 + i, null, null));
    }
    records.sort(Comparator.comparing(MergedRuns.Raw::topic));
    int[] failures = {2};
    MergedRuns merged =
        new MergedRuns(
            records,
            r -> {
              if (r.topic().equals("b") && r.offset() == 4 && failures[0]-- > 0) {
                throw new IllegalStateException("the registry is away");
              }
              return decode.apply(r);
            });
    List<ChangeEvent> taken = new ArrayList<>();
    int i = 0;
    int thrown = 0;
    while (true) {
      try {
        if (!merged.has(i)) {
          break;
        }
        taken.add(merged.get(i++));
      } catch (IllegalStateException e) {
        thrown++;
      }
    }
    assertThat(thrown).isEqualTo(2);
    assertThat(taken)
        .hasSize(18)
        .isSortedAccordingTo(ChangeEvent.SOURCE_ORDER)
        .doesNotHaveDuplicates()
        .isEqualTo(merged.all());
    assertThatThrownBy(() -> merged.get(18)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void noRecordsNoEvents() {
    assertThat(new MergedRuns(new ArrayList<>(), decode).has(0)).isFalse();
  }
}
