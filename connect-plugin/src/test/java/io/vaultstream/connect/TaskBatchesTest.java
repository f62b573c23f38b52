package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.StoredProgressMoved;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * A task's batches driven as Connect drives a task, against an engine that commits or fails when
 * told: which batches are handed over, which records are buffered again after a failure, and which
 * offsets may be committed. The real engine and database are the ITs' (TaskBufferIT, TaskFaultsIT,
 * VaultSinkConnectorIT); read pacing is TaskBatchesPacingTest's.
 */
class TaskBatchesTest extends TaskBatchesFixture {
  @Test
  void aBatchEndsAtItsRecordCountAndOnlyItsCommittedOffsetsAreReported() throws Exception {
    TaskBatches b = batches(3);
    b.put(customers(P0, 0, 1));
    assertThat(engine.handed).isEmpty();
    assertThat(b.toCommit(ASSIGNED)).as("nothing is in the vault yet").isEmpty();

    b.put(customers(P0, 2, 3));
    assertThat(engine.handed).hasSize(1);
    assertThat(engine.handed.get(0).customers()).containsExactly("C0-0", "C0-1", "C0-2", "C0-3");
    assertThat(engine.handed.get(0).progress().consumer()).isEqualTo("shop-sink");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 4L));
    assertThat(offsets(b.toCommit(Map.of(P1, new OffsetAndMetadata(0)))))
        .as("only partitions Connect asks about")
        .isEmpty();
    assertThat(committedRecords).hasSize(4);
  }

  @Test
  void noOffsetIsReportedPastWhatConnectTakesAsConsumed() throws Exception {
    TaskBatches b = batches(3);
    b.put(customers(P0, 0, 1, 2, 3));
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 4L));
    // A put that failed after its records were loaded: Connect delivers them again, and until then
    // takes only the records before them as consumed.
    assertThat(offsets(b.toCommit(Map.of(P0, new OffsetAndMetadata(2)))))
        .containsExactly(Map.entry(P0, 2L));
  }

  @Test
  void aPipelinedBatchIsCommittedOnlyOnceTheEngineHasWrittenIt() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    assertThat(engine.handed).hasSize(1);
    assertThat(b.toCommit(ASSIGNED)).as("being written").isEmpty();

    b.put(customers(P0, 2, 3)); // the first batch commits as the second one is handed over
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 2L));

    // The offset commit: what is buffered is handed over, and the batch in flight waited for.
    b.put(customers(P0, 4));
    b.flush();
    b.drain();
    assertThat(engine.handed).hasSize(3);
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 5L));
  }

  @Test
  void aFailedWriteBuffersEveryUncommittedBatchAgainAndCommitsNothingPastIt() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    b.drain();
    b.put(customers(P0, 2, 3)); // in flight
    engine.failNext = true;
    assertThatThrownBy(() -> b.put(customers(P0, 4, 5))).isInstanceOf(SQLException.class);
    assertThat(b.buffered()).as("both batches not committed").isEqualTo(4);
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 2L));

    // Connect delivers the failed put again after the backoff: those records are buffered already.
    b.put(customers(P0, 4, 5));
    assertThat(engine.handed.get(engine.handed.size() - 1).customers())
        .as("written again in their order, once")
        .containsExactly("C0-2", "C0-3", "C0-4", "C0-5");
    b.drain();
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 6L));
  }

  @Test
  void recordsBufferedWhileTheBatchInFlightFailsStayBeforeNoneAndAfterIt() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1)); // in flight
    b.put(customers(P0, 2)); // buffered behind it
    engine.failNext = true;
    assertThatThrownBy(b::drain).isInstanceOf(SQLException.class); // e.g. close() drains
    b.flush();
    b.drain();
    assertThat(engine.handed.get(engine.handed.size() - 1).customers())
        .containsExactly("C0-0", "C0-1", "C0-2");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 3L));
  }

  @Test
  void partitionsWhosePositionsMovedInTheVaultAreReadAgainFromThereWithoutAFailure()
      throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    b.drain(); // P0 at 2 in the vault
    b.put(customers(P1, 0, 1)); // in flight
    b.put(customers(P0, 2)); // buffered behind it
    // The vault lost the first batch: P0 is stored at 0 again.
    engine.failNext = true;
    engine.failure = moved(new StoredProgressMoved.Moved(TOPIC, 0, 2, at(0)));
    b.put(customers(P0, 3)); // the batch in flight fails on it: the put does not
    assertThat(engine.forgotten).containsExactly(P0);
    assertThat(readAgain).as("told to the task (its metrics)").containsExactly(P0);
    assertThat(engine.expected).as("checked again from there").containsExactly(at(0));
    assertThat(engine.stored).as("a position is stored: nothing to store").isEmpty();
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 0L));
    assertThat(b.buffered()).as("P1's records, buffered again; P0's dropped").isEqualTo(2);
    assertThat(seeks).as("asked at the start of the next put").isEmpty();

    b.put(customers(P0, 4)); // fetched before Connect seeks: skipped
    assertThat(seeks).isEqualTo(Map.of(P0, 0L));
    b.put(customers(P0, 0, 1, 2, 3)); // from the vault's position
    b.drain();
    assertThat(engine.handed.get(engine.handed.size() - 2).customers())
        .containsExactly("C1-0", "C1-1");
    assertThat(engine.handed.get(engine.handed.size() - 1).customers())
        .containsExactly("C0-0", "C0-1", "C0-2", "C0-3");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsOnly(Map.entry(P0, 4L), Map.entry(P1, 2L));
  }

  @Test
  void aPutThatFailsAfterAMoveIsDeliveredAgainWithoutItsStaleRecords() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    b.drain(); // P0 at 2 in the vault
    b.put(customers(P0, 2, 3)); // in flight
    engine.writeEnded = true;
    // The offset commit takes the batch in flight: its positions moved.
    engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 2, at(0))));
    b.beforeCommit();
    assertThat(seeks).as("asked at the start of the next put").isEmpty();

    // That put asks for the seek, and its records of P0 are from before it; its batch fails.
    engine.failures.add(new SQLException("the database went away", "08006"));
    List<SinkRecord> polled = new java.util.ArrayList<>(customers(P0, 4));
    polled.addAll(customers(P1, 0, 1));
    assertThatThrownBy(() -> b.put(polled)).isInstanceOf(SQLException.class);
    assertThat(seeks).isEqualTo(Map.of(P0, 0L));

    // Connect delivers the same records again, P0's still from before the seek.
    b.put(polled);
    b.put(customers(P0, 0, 1, 2, 3, 4, 5)); // from the vault's position
    b.drain();
    List<Object> loaded = new java.util.ArrayList<>();
    engine.handed.stream().skip(2).forEach(h -> loaded.addAll(h.customers()));
    assertThat(loaded)
        .as("every record of P0 from the vault's position, none skipped")
        .containsSubsequence("C0-0", "C0-1", "C0-2", "C0-3", "C0-4", "C0-5");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsOnly(Map.entry(P0, 6L), Map.entry(P1, 2L));
  }

  @Test
  void aFailedPutWithoutRecordsOfTheMovedPartitionLeavesItsNextRecordsFresh() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    b.put(customers(P0, 2, 3)); // the first batch commits; the second is in flight
    engine.writeEnded = true;
    engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 4, at(2))));
    b.beforeCommit();

    // The next put asks for P0's seek and fails on its own batch, with no record of P0 in it.
    engine.failures.add(new SQLException("the database went away", "08006"));
    assertThatThrownBy(() -> b.put(customers(P1, 0, 1))).isInstanceOf(SQLException.class);
    assertThat(seeks).isEqualTo(Map.of(P0, 2L));

    // Connect moved on (a rebalance resumed the partitions): P0's records come from the seek.
    b.put(customers(P0, 2, 3));
    b.drain();
    List<Object> loaded = new java.util.ArrayList<>();
    engine.handed.stream().skip(2).forEach(h -> loaded.addAll(h.customers()));
    assertThat(loaded).contains("C0-2", "C0-3");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsEntry(P0, 4L);
  }

  @Test
  void positionsThatKeepMovingFailTheTaskAtTheNextPut() throws Exception {
    TaskBatches b = batches(100);
    for (int i = 0; i <= DeliveredRecords.MOST_MOVES_WITHOUT_COMMIT; i++) {
      engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 4, at(i))));
      b.beforeCommit(); // the offset commit: never throws
    }
    assertThatThrownBy(() -> b.put(customers(P0, 0)))
        .isInstanceOf(org.apache.kafka.connect.errors.ConnectException.class)
        .hasMessageContaining("another writer");
  }

  @Test
  void aGonePositionThatCannotBeStoredFailsAsAWriteAndIsNotCountedAsAMove() throws Exception {
    TaskBatches b = batches(1);
    engine.storeFailure =
        new SQLException("cannot execute INSERT in a read-only transaction", "25006");
    for (int i = 0; i <= DeliveredRecords.MOST_MOVES_WITHOUT_COMMIT + 1; i++) {
      engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 4, null)));
      long offset = i;
      assertThatThrownBy(() -> b.put(customers(P0, offset)))
          .as("the database's own failure, retried by Connect")
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("read-only");
    }
    assertThat(readAgain).as("not handled: nothing read again").isEmpty();
    engine.storeFailure = null; // promoted: the move is handled, once
    engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 4, null)));
    b.put(customers(P0, 20));
    assertThat(engine.stored).containsExactly(at(0));
    b.put(customers(P0, 21)); // from before the seek, which this put asks for
    b.put(customers(P0, 0)); // read again from the beginning, the task alive
    assertThat(engine.handed.get(engine.handed.size() - 1).customers()).containsExactly("C0-0");
  }

  @Test
  void theStoredPositionsOfTheOpenedPartitionsAreExpectedFromNowOn() {
    TaskBatches b = batches(100);
    b.resume(List.of(P0), List.of(at(5), new Progress.Position(TOPIC, 1, 7)));
    assertThat(engine.expected).containsExactly(at(5));
  }

  private static StoredProgressMoved moved(StoredProgressMoved.Moved m) {
    return new StoredProgressMoved("shop-sink", List.of(m));
  }

  private static Progress.Position at(long nextOffset) {
    return new Progress.Position(TOPIC, 0, nextOffset);
  }

  @Test
  void aPartitionClosingWhosePositionMovedIsLeftToItsNextOwner() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1)); // in flight
    engine.failNext = true;
    engine.failure = moved(new StoredProgressMoved.Moved(TOPIC, 0, 2, null));
    b.drain(List.of(P0));
    b.close(List.of(P0));
    b.put(customers(P1, 0));
    assertThat(seeks).as("not sought: it was taken away").isEmpty();
    assertThat(readAgain).as("not read again here").isEmpty();
    assertThat(engine.stored)
        .as("no position left in the vault: its next owner must not resume from Kafka's")
        .containsExactly(at(0));
  }

  @Test
  void aPartitionWhosePositionIsGoneIsStoredAtZeroAndReadFromItsBeginning() throws Exception {
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1)); // P0 at 2 in the vault
    engine.failures.add(moved(new StoredProgressMoved.Moved(TOPIC, 0, 2, null)));
    b.put(customers(P0, 2, 3));
    assertThat(engine.stored).containsExactly(at(0));
    assertThat(engine.expected).as("checked again from there").containsExactly(at(0));
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 0L));
    b.put(customers(P0, 4)); // from before the seek
    assertThat(seeks).isEqualTo(Map.of(P0, 0L));
  }

  @Test
  void closingPartitionsDropsTheirBufferedRecordsAndHeldEventsOnly() throws Exception {
    TaskBatches b = batches(100);
    b.put(customers(P0, 0, 1));
    b.put(customers(P1, 0, 1, 2));
    b.close(List.of(P1));
    assertThat(b.buffered()).isEqualTo(2);
    assertThat(engine.forgotten).containsExactly(P1);
    b.flush();
    assertThat(engine.handed.get(0).customers()).containsExactly("C0-0", "C0-1");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 2L));
  }

  @Test
  void theEnginesPositionsAreCommittedNotPastAnEventHeldInMemory() throws Exception {
    engine.positions = p -> new Progress.Position(p.topic(), p.partition(), 1);
    TaskBatches b = batches(3);
    b.put(customers(P0, 0, 1, 2));
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 1L));
  }

  @Test
  void heldEventsThatAreDueGetAnEmptyBatchWhenNothingIsBeingWritten() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    engine.heldDue = true;
    b.put(List.of());
    assertThat(engine.handed).hasSize(1);
    assertThat(engine.handed.get(0).events()).isEmpty();
    b.put(List.of());
    assertThat(engine.handed).as("not while a batch is being written").hasSize(1);
  }

  @Test
  void aBatchEndsAtItsEstimatedBytesWithinAPut() throws Exception {
    TaskBatches b = batches(new BatchLimits(1000, 1, Long.MAX_VALUE));
    b.put(customers(P0, 0, 1, 2));
    assertThat(engine.handed).hasSize(3);
  }

  @Test
  void rowsTheVaultRefusedGoToTheErrantRecordReporter() throws Exception {
    engine.problems = e -> List.of(Problem.of(e, Problem.NULL_BUSINESS_KEY, "hub_customer", "x"));
    TaskBatches b = batches(1);
    List<SinkRecord> records = customers(P0, 0);
    b.put(records);
    assertThat(reported).containsExactlyElementsOf(records);
  }

  @Test
  void anEventHeldInMemoryAndRefusedWhenPlannedAgainIsADeadLetter() throws Exception {
    // Customer 0 waits for a parent and is held in memory.
    engine.problems = e -> e.position().offset() == 0 ? List.of(waits(e)) : List.of();
    engine.holds = e -> true;
    TaskBatches b = batches(2);
    List<SinkRecord> records = customers(P0, 0, 1);
    b.put(records);
    assertThat(reported).as("waiting is no refusal").isEmpty();
    ChangeEvent held = engine.handed.get(0).events().get(0);

    // A later batch plans it again: still waiting first, then refused (and no longer held).
    engine.problems = e -> List.of();
    engine.rechecked.add(waits(held));
    b.put(customers(P0, 2, 3));
    assertThat(reported).isEmpty();
    engine.rechecked.add(refused(held));
    engine.rechecked.add(refused(held)); // two of its rows
    engine.held.remove(held);
    b.put(customers(P0, 4, 5));
    assertThat(reported).containsExactly(records.get(0));

    // Not held any more: a refusal of it later (from the waiting table) sends nothing.
    engine.rechecked.add(refused(held));
    b.put(customers(P0, 6, 7));
    assertThat(reported).hasSize(1);
  }

  @Test
  void aWaitingEventNotHeldInMemoryIsNoDeadLetterWhenRefusedLater() throws Exception {
    engine.problems = e -> e.position().offset() == 0 ? List.of(waits(e)) : List.of();
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1)); // its wait goes to the waiting table
    ChangeEvent waiting = engine.handed.get(0).events().get(0);
    engine.problems = e -> List.of();
    engine.rechecked.add(refused(waiting));
    b.put(customers(P0, 2, 3));
    assertThat(reported).isEmpty();
  }

  @Test
  void aRecordIsOneDeadLetterEvenWhenItsEventIsRefusedAgainAfterItsWait() throws Exception {
    // Customer 0: one row refused at once (a dead letter), another waits, held in memory.
    engine.problems = e -> e.position().offset() == 0 ? List.of(refused(e), waits(e)) : List.of();
    engine.holds = e -> true;
    TaskBatches b = batches(2);
    List<SinkRecord> records = customers(P0, 0, 1);
    b.put(records);
    assertThat(reported).containsExactly(records.get(0));
    ChangeEvent held = engine.handed.get(0).events().get(0);
    engine.problems = e -> List.of();
    engine.rechecked.add(refused(held));
    engine.held.remove(held);
    b.put(customers(P0, 2, 3));
    assertThat(reported).as("sent once").hasSize(1);
  }

  private static Problem waits(ChangeEvent e) {
    return Problem.unresolved(e, "lnk", "waits", "customers", "[\"1\"]");
  }

  private static Problem refused(ChangeEvent e) {
    return Problem.of(e, Problem.NULL_BUSINESS_KEY, "hub_customer", "NULL");
  }

  @Test
  void aPositionFromAnotherTopicIncarnationReadsThePartitionFromItsBeginning() throws Exception {
    TaskBatches b = batches(100);
    Map<TopicPartition, Long> seek =
        b.resume(
            List.of(P0),
            List.of(
                new Progress.Position(TOPIC, 0, 10, new Progress.Anchor(9, 1009)),
                new Progress.Position(TOPIC, 1, 5)));
    assertThat(seek).as("the anchor is read again").containsExactly(Map.entry(P0, 9L));
    b.put(customers(P0, 9, 10)); // the record at the anchor's offset carries its timestamp
    assertThat(b.buffered()).as("the anchor is loaded already").isEqualTo(1);

    b.resume(List.of(P0), List.of(new Progress.Position(TOPIC, 0, 10, new Progress.Anchor(9, 7))));
    b.put(customers(P0, 9, 10)); // another timestamp: another topic of that name
    assertThat(seeks).containsExactly(Map.entry(P0, 0L));
    assertThat(engine.forgotten).containsExactly(P0);
    assertThat(b.buffered()).as("the partition's records are dropped").isZero();
  }

  @Test
  void theOffsetCommitNeitherHandsOverNorWaitsWhileABatchIsBeingWritten() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1)); // being written
    b.put(customers(P0, 2)); // buffered behind it
    b.beforeCommit();
    assertThat(engine.handed).as("nothing more handed over").hasSize(1);
    assertThat(engine.drains).as("the write is not waited for").isZero();
    assertThat(b.buffered()).isEqualTo(1);
    assertThat(b.toCommit(ASSIGNED)).as("nothing is in the vault yet").isEmpty();

    engine.writeEnded = true;
    b.beforeCommit();
    assertThat(offsets(b.toCommit(ASSIGNED)))
        .as("the batch whose write ended, not the one handed over now")
        .containsExactly(Map.entry(P0, 2L));
    assertThat(engine.handed.get(1).customers())
        .as("with no batch in flight the buffer is handed over")
        .containsExactly("C0-2");
    assertThat(engine.drains).isZero();
  }

  @Test
  void theOffsetsToCommitNeverPassWhatTheEngineCommitted() throws Exception {
    engine.pipelined = true;
    // The engine holds an event in memory: its position stays at the partition's first offset.
    engine.positions = p -> new Progress.Position(p.topic(), p.partition(), 1);
    TaskBatches b = batches(3);
    b.put(customers(P0, 0, 1, 2));
    b.put(customers(P1, 0, 1, 2)); // P0's batch commits as this one is handed over
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 1L));
    engine.writeEnded = true;
    b.put(customers(P0, 3));
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 1L), Map.entry(P1, 1L));
    b.beforeCommit(); // hands over C0-3, which is not committed yet
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 1L), Map.entry(P1, 1L));
  }

  @Test
  void whenNothingIsInFlightTheOffsetCommitHandsOverTheBufferOrAnEmptyBatch() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(100);
    b.beforeCommit();
    assertThat(engine.handed).hasSize(1);
    assertThat(engine.handed.get(0).events())
        .as("an empty batch: held events and waiting rows get their turn")
        .isEmpty();
    engine.writeEnded = true;
    b.put(customers(P0, 0, 1));
    b.beforeCommit();
    assertThat(engine.handed).hasSize(2);
    assertThat(engine.handed.get(1).customers()).containsExactly("C0-0", "C0-1");
  }

  @Test
  void anEmptyBatchOnlyWhenNoBatchWasHandedOverSinceTheLastOffsetCommit() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(2);
    b.put(customers(P0, 0, 1));
    engine.writeEnded = true;
    b.beforeCommit(); // the batch rechecked waiting rows and held events already
    assertThat(engine.handed).hasSize(1);
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 2L));
    b.beforeCommit(); // a commit interval with nothing to load
    assertThat(engine.handed).hasSize(2);
    assertThat(engine.handed.get(1).events()).isEmpty();
  }

  @Test
  void whileABatchIsBeingWrittenTheTimeBoundDoesNotEndTheNextOne() throws Exception {
    engine.pipelined = true;
    TaskBatches b = batches(new BatchLimits(5, Long.MAX_VALUE, 0));
    b.put(customers(P0, 0)); // the writer is idle: the time bound ends the batch at once
    assertThat(engine.handed).hasSize(1);
    b.put(customers(P0, 1));
    b.put(customers(P0, 2, 3));
    assertThat(engine.handed).as("the batch grows while the first is written").hasSize(1);
    assertThat(b.buffered()).isEqualTo(3);
    assertThat(wakeUps)
        .as("Connect calls put again soon, to hand the batch over when the write ends")
        .containsOnly(BatchLimits.WRITER_CHECK_MS);

    engine.writeEnded = true;
    b.put(List.of());
    assertThat(engine.handed.get(1).customers()).containsExactly("C0-1", "C0-2", "C0-3");

    b.put(customers(P0, 4, 5, 6));
    b.put(customers(P0, 7, 8));
    assertThat(engine.handed.get(2).customers())
        .as("the record count ends a batch while one is being written")
        .containsExactly("C0-4", "C0-5", "C0-6", "C0-7", "C0-8");
    assertThat(offsets(b.toCommit(ASSIGNED))).containsExactly(Map.entry(P0, 4L));
  }

  @Test
  void recordsLeftInTheBufferAskConnectToCallPutWhenTheirTimeBoundFallsDue() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, 60_000));
    b.put(customers(P0, 0));
    assertThat(wakeUps).hasSize(1);
    assertThat(wakeUps.get(0)).isBetween(1L, 60_000L);
    b.beforeCommit(); // nothing in flight: handed over
    b.put(List.of());
    assertThat(wakeUps).as("nothing buffered: no call asked for").hasSize(1);
  }

  @Test
  void aFailedOffsetCommitLeavesConnectTheRetryBackoff() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, 60_000));
    b.put(customers(P0, 0, 1));
    wakeUps.clear();
    engine.failNext = true;
    assertThatThrownBy(b::beforeCommit).isInstanceOf(SQLException.class);
    assertThat(b.buffered()).as("buffered again").isEqualTo(2);
    assertThat(wakeUps).as("no earlier call asked for than the backoff").isEmpty();
  }
}
