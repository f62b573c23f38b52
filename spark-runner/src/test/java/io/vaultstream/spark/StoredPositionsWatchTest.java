package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.Progress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the driver holds against the vault's positions for a query between micro-batches. */
class StoredPositionsWatchTest {
  private static Progress.Position at(String topic, int partition, long next) {
    return new Progress.Position(topic, partition, next);
  }

  private static final List<Progress.Position> AFTER_BATCH_3 =
      List.of(
          at("shop.public.orders", 0, 120), at("shop.public.orders", 1, 80), at("__batch/q", 0, 4));

  @Test
  void theFirstMicroBatchOfARunHasNothingToCompareWith() {
    StoredPositionsWatch w = new StoredPositionsWatch("vaultstream-shop");
    assertThatCode(() -> w.check(List.of())).doesNotThrowAnyException();
  }

  @Test
  void positionsThatStayedOrGrewPass() {
    StoredPositionsWatch w = new StoredPositionsWatch("vaultstream-shop");
    w.loaded(AFTER_BATCH_3);
    assertThatCode(() -> w.check(AFTER_BATCH_3)).doesNotThrowAnyException();
    // Another partition stored meanwhile, one further on: not a loss.
    assertThatCode(
            () ->
                w.check(
                    List.of(
                        at("shop.public.orders", 0, 130),
                        at("shop.public.orders", 1, 80),
                        at("shop.public.payments", 0, 5),
                        at("__batch/q", 0, 4))))
        .doesNotThrowAnyException();
  }

  @Test
  void aPositionStoredLowerStopsTheQueryNamingIt() {
    StoredPositionsWatch w = new StoredPositionsWatch("vaultstream-shop");
    w.loaded(AFTER_BATCH_3);
    assertThatThrownBy(
            () ->
                w.check(
                    List.of(
                        at("shop.public.orders", 0, 100),
                        at("shop.public.orders", 1, 80),
                        at("__batch/q", 0, 3))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("vaultstream-shop went back")
        .hasMessageContaining("shop.public.orders/0 stored at offset 100 (loaded up to 120)")
        .hasMessageContaining("__batch/q/0 stored at offset 3 (loaded up to 4)")
        .hasMessageContaining("new --checkpoint")
        .hasMessageNotContaining("shop.public.orders/1");
  }

  @Test
  void aPositionGoneStopsTheQueryToo() {
    StoredPositionsWatch w = new StoredPositionsWatch("vaultstream-shop");
    w.loaded(AFTER_BATCH_3);
    assertThatThrownBy(() -> w.check(List.of(at("shop.public.orders", 0, 120))))
        .hasMessageContaining("shop.public.orders/1 stored at no offset (loaded up to 80)");
  }

  @Test
  void aLakehouseBatchLeavesWhatItReadBeforeWithItsOwnPositionsOverIt() {
    StoredPositionsWatch w =
        new StoredPositionsWatch("vaultstream-shop", StoredPositionsWatch.LAKEHOUSE_RESTART);
    // Read before the batch: two partitions; the batch wrote one of them further on, and a new one.
    w.loaded(
        List.of(at("shop.public.orders", 0, 120), at("shop.public.orders", 1, 80)),
        List.of(at("shop.public.orders", 0, 130), at("shop.public.payments", 0, 5)));
    assertThatCode(
            () ->
                w.check(
                    List.of(
                        at("shop.public.orders", 0, 130),
                        at("shop.public.orders", 1, 80),
                        at("shop.public.payments", 0, 5))))
        .doesNotThrowAnyException();
    // A restore after the batch's commit: the positions it wrote are what went back.
    assertThatThrownBy(
            () ->
                w.check(
                    List.of(
                        at("shop.public.orders", 0, 120),
                        at("shop.public.orders", 1, 80),
                        at("shop.public.payments", 0, 5))))
        .hasMessageContaining("shop.public.orders/0 stored at offset 120 (loaded up to 130)")
        .hasMessageContaining("--starting-offsets");
  }
}
