package io.vaultstream.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The order of events with the same event time: a total order whatever mix of sources the batch
 * holds (a sort with an order that is not one may throw, and a batch that cannot be sorted cannot
 * be loaded), and the log position first where both events carry one.
 */
class SourcePositionOrderTest {
  private static final List<String> TOPICS = List.of("a", "m", "z");

  @Test
  void changesOfOneDatabaseFollowTheirLogPositionAcrossTopics() {
    SourcePosition parent = new SourcePosition("z.orders", 0, 900, 10L);
    SourcePosition child = new SourcePosition("a.lines", 0, 5, 11L);
    assertThat(SourcePosition.ORDER.compare(parent, child)).isNegative();
    assertThat(SourcePosition.ORDER.compare(child, parent)).isPositive();
  }

  @Test
  void withoutLogPositionsKafkaDecides() {
    SourcePosition first = new SourcePosition("t", 0, 5, null);
    SourcePosition second = new SourcePosition("t", 0, 6, null);
    assertThat(SourcePosition.ORDER.compare(first, second)).isNegative();
    assertThat(SourcePosition.ORDER.compare(new SourcePosition("t", 1, 0, null), second))
        .isPositive();
  }

  /**
   * Sources with and without log positions in one batch (a PostgreSQL and a MySQL source, say):
   * every triple of generated positions is ordered transitively, every pair antisymmetrically.
   */
  @Test
  void mixedSourcesAreOrderedTotally() {
    Random random = new Random(20261205);
    for (int round = 0; round < 200; round++) {
      List<SourcePosition> ps = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        ps.add(
            new SourcePosition(
                TOPICS.get(random.nextInt(TOPICS.size())),
                random.nextInt(2),
                random.nextInt(4),
                random.nextInt(3) == 0 ? null : (long) random.nextInt(4)));
      }
      for (SourcePosition a : ps) {
        for (SourcePosition b : ps) {
          assertThat(Integer.signum(SourcePosition.ORDER.compare(a, b)))
              .as("%s against %s", a, b)
              .isEqualTo(-Integer.signum(SourcePosition.ORDER.compare(b, a)));
          for (SourcePosition c : ps) {
            if (SourcePosition.ORDER.compare(a, b) <= 0
                && SourcePosition.ORDER.compare(b, c) <= 0) {
              assertThat(SourcePosition.ORDER.compare(a, c))
                  .as(
                      "%s (lsn %s) <= %s (lsn %s) <= %s (lsn %s)",
                      a, a.lsn(), b, b.lsn(), c, c.lsn())
                  .isNotPositive();
            }
          }
        }
      }
    }
  }

  /** A large batch of such positions sorts (a sort may throw on an order that is not total). */
  @Test
  void aLargeMixedBatchSorts() {
    Random random = new Random(7);
    List<SourcePosition> ps = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      ps.add(
          new SourcePosition(
              TOPICS.get(random.nextInt(TOPICS.size())),
              0,
              random.nextInt(1000),
              random.nextBoolean() ? null : (long) random.nextInt(1000)));
    }
    ps.sort(SourcePosition.ORDER);
    for (int i = 1; i < ps.size(); i++) {
      assertThat(SourcePosition.ORDER.compare(ps.get(i - 1), ps.get(i))).isNotPositive();
    }
  }
}
