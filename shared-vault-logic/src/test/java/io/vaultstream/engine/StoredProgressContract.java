package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A loader that checks stored positions notices a database that lost commits it had acknowledged
 * (here: vs_progress set back, or its row deleted, behind the loader's back): the next batch of
 * that partition fails before it writes, naming the partition, the stored and the expected offset,
 * and loads again once the caller has forgotten the partition and reads it again from there.
 */
abstract class StoredProgressContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String CONSUMER = "moved";
  private final EventFactory ev = new EventFactory(SHOP);

  private VaultLoader open(boolean check) throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(SHOP, db().options(schema).checkStoredProgress(check).build()));
  }

  private ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id);
  }

  private static Progress after(ChangeEvent e) {
    return new Progress(CONSUMER, List.of(new Progress.Position(e.position().topic(), 0, next(e))));
  }

  private static long next(ChangeEvent e) {
    return e.position().offset() + 1;
  }

  private void load(VaultLoader loader, ChangeEvent e) throws Exception {
    loader.load(List.of(e), List.of(), after(e));
  }

  /** A position of partition 0 stored by another writer than the loader under test. */
  private void storedElsewhere(String topic, long nextOffset) throws Exception {
    db().execute(
            "INSERT INTO "
                + schema
                + ".vs_progress (consumer, topic, kafka_partition, next_offset, updated_at) VALUES ('"
                + CONSUMER
                + "', '"
                + topic
                + "', 0, "
                + nextOffset
                + ", CURRENT_TIMESTAMP)");
  }

  private long customers() throws Exception {
    return Long.parseLong(value("SELECT COUNT(*) FROM $s.hub_customer"));
  }

  private long stored() throws Exception {
    return Long.parseLong(
        value("SELECT next_offset FROM $s.vs_progress WHERE consumer = '" + CONSUMER + "'"));
  }

  @Test
  void aPositionSetBackFailsTheNextBatchBeforeItWrites() throws Exception {
    VaultLoader loader = open(true);
    ChangeEvent first = customer(1);
    ChangeEvent second = customer(2);
    ChangeEvent third = customer(3);
    load(loader, first);
    load(loader, second);
    String topic = first.position().topic();
    // The database comes back with the first batch's position (a failover to a replica that
    // lagged); the rows of the second batch are written again idempotently when it is read again.
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = " + next(first));
    long before = customers();

    assertThatThrownBy(() -> load(loader, third))
        .isInstanceOfSatisfying(
            StoredProgressMoved.class,
            m -> {
              assertThat(m.consumer()).isEqualTo(CONSUMER);
              assertThat(m.moved())
                  .singleElement()
                  .satisfies(
                      moved -> {
                        assertThat(moved.topic()).isEqualTo(topic);
                        assertThat(moved.partition()).isZero();
                        assertThat(moved.expected()).isEqualTo(next(second));
                        assertThat(moved.stored().nextOffset()).isEqualTo(next(first));
                      });
              assertThat(m.getMessage())
                  .contains(CONSUMER)
                  .contains(
                      topic + "-0: next offset " + next(first) + ", expected " + next(second));
            });
    assertThat(customers()).as("the batch wrote nothing").isEqualTo(before);
    assertThat(stored()).isEqualTo(next(first));

    // Fails again until the caller reads the partition again from the stored position.
    assertThatThrownBy(() -> load(loader, third)).isInstanceOf(StoredProgressMoved.class);
    loader.forget(topic, 0);
    load(loader, second);
    load(loader, third);
    assertThat(customers()).isEqualTo(before + 1);
    assertThat(stored()).isEqualTo(next(third));
  }

  @Test
  void aPositionNoLongerStoredFailsTheNextBatch() throws Exception {
    VaultLoader loader = open(true);
    ChangeEvent first = customer(1);
    load(loader, first);
    // A restore from a backup taken before the loader's first batch.
    db().execute("DELETE FROM " + schema + ".vs_progress");

    ChangeEvent second = customer(2);
    assertThatThrownBy(() -> load(loader, second))
        .isInstanceOfSatisfying(
            StoredProgressMoved.class,
            m -> {
              assertThat(m.moved())
                  .singleElement()
                  .extracting(StoredProgressMoved.Moved::stored)
                  .isNull();
              assertThat(m.getMessage())
                  .contains(
                      first.position().topic() + "-0: no position stored, expected " + next(first));
            });
    assertThat(rows("SELECT * FROM $s.vs_progress")).isEmpty();

    // The caller stores the partition's beginning at once, as this loader's own position.
    loader.storeProgress(
        new Progress(CONSUMER, List.of(new Progress.Position(first.position().topic(), 0, 0))));
    assertThat(stored()).isZero();
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = 5");
    assertThatThrownBy(() -> loader.load(List.of(), List.of(), new Progress(CONSUMER, List.of())))
        .isInstanceOf(StoredProgressMoved.class);
  }

  @Test
  void anIdlePartitionIsCheckedByTheNextBatchOfItsConsumer() throws Exception {
    VaultLoader loader = open(true);
    ChangeEvent first = customer(1);
    load(loader, first);
    String topic = first.position().topic();
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = 0");

    // A batch of another partition, and an empty batch (the offset commit of an idle task).
    ChangeEvent second = customer(2);
    Progress otherPartition =
        new Progress(CONSUMER, List.of(new Progress.Position(topic, 1, next(second))));
    assertThatThrownBy(() -> loader.load(List.of(second), List.of(), otherPartition))
        .isInstanceOfSatisfying(
            StoredProgressMoved.class,
            m ->
                assertThat(m.moved())
                    .singleElement()
                    .satisfies(
                        moved -> {
                          assertThat(moved.partition()).isZero();
                          assertThat(moved.stored().nextOffset()).isZero();
                        }));
    assertThatThrownBy(() -> loader.load(List.of(), List.of(), new Progress(CONSUMER, List.of())))
        .isInstanceOf(StoredProgressMoved.class);

    // Another consumer's batches are not concerned.
    loader.load(
        List.of(second),
        List.of(),
        new Progress("another", List.of(new Progress.Position(topic, 0, next(second)))));
  }

  @Test
  void positionsReadAndExpectedAreCheckedBeforeTheLoaderCommitsAny() throws Exception {
    VaultLoader loader = open(true);
    ChangeEvent first = customer(1);
    // Stored by the task that read the partition before (a restart, a rebalance).
    storedElsewhere(first.position().topic(), 99);
    loader.expectStoredProgress(CONSUMER, loader.progress(CONSUMER));
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = 50");

    assertThatThrownBy(() -> loader.load(List.of(), List.of(), new Progress(CONSUMER, List.of())))
        .isInstanceOfSatisfying(
            StoredProgressMoved.class,
            m ->
                assertThat(m.moved())
                    .singleElement()
                    .satisfies(
                        moved -> {
                          assertThat(moved.expected()).isEqualTo(99);
                          assertThat(moved.stored().nextOffset()).isEqualTo(50);
                        }));
  }

  @Test
  void positionsNotCommittedByTheLoaderAreNotChecked() throws Exception {
    VaultLoader loader = open(true);
    ChangeEvent first = customer(1);
    // Stored by another writer before this loader's first batch: taken as it is.
    storedElsewhere(first.position().topic(), 99);
    load(loader, first);
    assertThat(stored()).isEqualTo(next(first));

    // Moved after a batch, but the partition was forgotten (closed, read again from elsewhere).
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = 77");
    loader.forget(first.position().topic(), 0);
    ChangeEvent second = customer(2);
    load(loader, second);
    assertThat(stored()).isEqualTo(next(second));
  }

  @Test
  void withoutTheCheckAMovedPositionIsOverwritten() throws Exception {
    VaultLoader loader = open(false);
    ChangeEvent first = customer(1);
    load(loader, first);
    db().execute("UPDATE " + schema + ".vs_progress SET next_offset = 0");
    ChangeEvent second = customer(2);
    load(loader, second);
    assertThat(stored()).isEqualTo(next(second));
  }
}
