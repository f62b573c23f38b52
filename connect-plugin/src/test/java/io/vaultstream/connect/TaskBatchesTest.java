package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.junit.jupiter.api.Test;

/**
 * A task's batches driven as Connect drives a task, against an engine that commits or fails when
 * told: which batches are handed over, which records are buffered again after a failure, and which
 * offsets may be committed. The real engine and database are the ITs' (TaskBufferIT, TaskFaultsIT,
 * VaultSinkConnectorIT).
 */
class TaskBatchesTest {
  private static final String TOPIC = "shop.public.customers";
  private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
  private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);
  private static final Map<TopicPartition, OffsetAndMetadata> ASSIGNED =
      Map.of(P0, new OffsetAndMetadata(0), P1, new OffsetAndMetadata(0));

  private final FakeEngine engine = new FakeEngine();
  private final List<SinkRecord> reported = new ArrayList<>();
  private final List<SinkRecord> committedRecords = new ArrayList<>();
  private final Map<TopicPartition, Long> seeks = new HashMap<>();
  private final List<Long> wakeUps = new ArrayList<>();
  private final java.util.Set<TopicPartition> paused = new java.util.HashSet<>();

  /** Batches of {@code records} records (bytes and waiting without limit). */
  private TaskBatches batches(int records) {
    return batches(new BatchLimits(records, Long.MAX_VALUE, Long.MAX_VALUE));
  }

  private TaskBatches batches(BatchLimits limits) {
    return batches(limits, null);
  }

  private TaskBatches batches(BatchLimits limits, PartitionPacing pacing) {
    RecordIntake intake =
        new RecordIntake(
            new RecordConverter(
                new ChangeEventDecoder(
                    ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults())),
            (record, error) -> {
              reported.add(record);
              return null;
            });
    return new TaskBatches(
        "shop-sink",
        limits,
        intake,
        engine,
        context(),
        pacing,
        (r, records) -> committedRecords.addAll(records));
  }

  private SinkTaskContext context() {
    return (SinkTaskContext)
        Proxy.newProxyInstance(
            SinkTaskContext.class.getClassLoader(),
            new Class<?>[] {SinkTaskContext.class},
            (proxy, method, args) -> {
              if (method.getName().equals("offset") && args.length == 2) {
                seeks.put((TopicPartition) args[0], (Long) args[1]);
              }
              if (method.getName().equals("timeout")) {
                wakeUps.add((Long) args[0]);
              }
              if (method.getName().equals("pause")) {
                paused.addAll(List.of((TopicPartition[]) args[0]));
              }
              if (method.getName().equals("resume")) {
                paused.removeAll(List.of((TopicPartition[]) args[0]));
              }
              return null;
            });
  }

  /** Customers C{partition}-{offset}, each record timed at 1000 + its offset. */
  private static List<SinkRecord> customers(TopicPartition tp, long... offsets) {
    return customersAt(1700000000000L, tp, offsets);
  }

  /** Customers as {@link #customers}, committed in the source at {@code sourceMs}. */
  private static List<SinkRecord> customersAt(long sourceMs, TopicPartition tp, long... offsets) {
    List<SinkRecord> out = new ArrayList<>();
    for (long o : offsets) {
      String value =
          "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
              + o
              + ",\"customer_no\":\"C"
              + tp.partition()
              + "-"
              + o
              + "\",\"name\":\"n\"},\"source\":{\"ts_ms\":"
              + sourceMs
              + "}}}";
      out.add(
          new SinkRecord(
              tp.topic(),
              tp.partition(),
              null,
              null,
              null,
              value.getBytes(StandardCharsets.UTF_8),
              o,
              1000 + o,
              TimestampType.CREATE_TIME));
    }
    return out;
  }

  private static Map<TopicPartition, Long> offsets(
      Map<TopicPartition, OffsetAndMetadata> committed) {
    Map<TopicPartition, Long> out = new HashMap<>();
    committed.forEach((tp, o) -> out.put(tp, o.offset()));
    return out;
  }

  /** Pacing of 1 s (the records of these tests were written to Kafka long ago: a backlog). */
  private PartitionPacing engagedPacing() {
    return PartitionPacing.of(1000, context());
  }

  @Test
  void aPartitionAheadInSourceTimeIsPausedUntilTheOtherCatchesUp() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.put(customersAt(t, P0, 0, 1));
    b.put(customersAt(t + 5000, P1, 0, 1));
    assertThat(paused).as("P1 is 5 s ahead of P0, which is delivering").containsExactly(P1);
    assertThat(wakeUps).as("the task looks again within a second").contains(1000L);

    b.put(customersAt(t + 4000, P0, 2));
    assertThat(paused).as("1 s behind: not yet within half the allowance").containsExactly(P1);

    b.put(customersAt(t + 4600, P0, 3));
    assertThat(paused).as("P0 caught up").isEmpty();
    assertThat(engine.handed).as("pacing only delays reading: nothing was written yet").isEmpty();
  }

  @Test
  void partitionsPausedAreResumedWhenTakenAway() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.resume(List.of(P0, P1), List.of());
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 5000, P1, 0));
    assertThat(paused).containsExactly(P1);

    // A rebalance: Connect would pause P1 again for a task given it again, with no pacing left to
    // resume it; so it is resumed when it is taken away.
    b.close(List.of(P0, P1));
    assertThat(paused).as("nothing stays paused that no pacing will resume").isEmpty();

    b.resume(List.of(P0, P1), List.of());
    assertThat(paused).isEmpty();
  }

  /** A record of {@code tp} written to Kafka at {@code writtenMs}. */
  private static SinkRecord writtenAt(TopicPartition tp, long writtenMs) {
    return new SinkRecord(
        tp.topic(),
        tp.partition(),
        null,
        null,
        null,
        null,
        0,
        writtenMs,
        TimestampType.CREATE_TIME);
  }

  @Test
  void pacingAppliesOnlyWhileABacklogIsRead() {
    PartitionPacing pacing = PartitionPacing.of(1000, context());
    long wall = 1_800_000_000_000L;
    long source = 1_700_000_000_000_000L;
    pacing.delivered(writtenAt(P0, wall - 100), source, 0, wall);
    pacing.delivered(writtenAt(P1, wall - 100), source + 5_000_000, 0, wall);
    pacing.apply(0);
    assertThat(paused).as("records written 0.1 s ago: a stream read as it is written").isEmpty();

    long now = 1_000_000_000L;
    pacing.delivered(writtenAt(P1, wall - 60_000), source + 6_000_000, now, wall + 1000);
    pacing.apply(now);
    assertThat(paused).as("a record written a minute ago: a backlog, paced").containsExactly(P1);

    long later = now + 5_001_000_000L;
    pacing.delivered(writtenAt(P0, wall + 6000), source + 1, later, wall + 6001);
    pacing.apply(later);
    assertThat(paused).as("5 s without a record from the backlog: everything resumed").isEmpty();
  }

  @Test
  void withPacingOffNothingIsPaused() throws Exception {
    TaskBatches b =
        batches(
            new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), PartitionPacing.of(0, context()));
    long t = 1_700_000_000_000L;
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 60_000, P1, 0));
    assertThat(paused).isEmpty();
  }

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

  /** A batch the task handed to the engine. */
  private record Handed(List<ChangeEvent> events, Progress progress) {
    List<Object> customers() {
      return events.stream().map(e -> e.row().get("customer_no")).toList();
    }
  }

  /**
   * The engine as the batches see it: commits each batch at once, or (pipelined) when the next one
   * is handed over, the task drains, or, once told its write has ended, the task collects it; fails
   * the batch in flight when told to.
   */
  private static final class FakeEngine implements BatchLoader {
    final List<Handed> handed = new ArrayList<>();
    final List<TopicPartition> forgotten = new ArrayList<>();
    final Deque<Runnable> inFlight = new ArrayDeque<>();
    boolean pipelined;
    boolean failNext;
    boolean heldDue;
    // Whether the write of the batch in flight has ended (a new batch's write has not).
    boolean writeEnded;
    int drains;
    Function<Progress.Position, Progress.Position> positions = p -> p;
    Function<ChangeEvent, List<Problem>> problems = e -> List.of();

    @Override
    public void submit(
        List<ChangeEvent> events,
        List<BadRecord> bad,
        Progress progress,
        Consumer<LoadResult> committed)
        throws SQLException {
      if (pipelined) {
        commitInFlight(); // the batch before commits (or fails) before this one is written
      } else {
        failIfTold();
      }
      handed.add(new Handed(List.copyOf(events), progress));
      heldDue = false;
      writeEnded = false;
      Runnable commit = () -> committed.accept(result(events, progress));
      if (pipelined) {
        inFlight.add(commit);
      } else {
        commit.run();
      }
    }

    private LoadResult result(List<ChangeEvent> events, Progress progress) {
      List<Problem> found = new ArrayList<>();
      events.forEach(e -> found.addAll(problems.apply(e)));
      return new LoadResult(
          events.size(),
          Map.of(),
          found,
          0,
          0,
          0,
          0,
          0,
          0,
          0,
          0,
          progress.positions().stream().map(positions).toList());
    }

    private void failIfTold() throws SQLException {
      if (failNext) {
        failNext = false;
        inFlight.clear();
        throw new SQLTransientConnectionException("the database went away", "08006");
      }
    }

    @Override
    public void drain() throws SQLException {
      drains++;
      commitInFlight();
    }

    private void commitInFlight() throws SQLException {
      failIfTold();
      while (!inFlight.isEmpty()) {
        inFlight.poll().run();
      }
    }

    @Override
    public void collect() throws SQLException {
      if (writeEnded) {
        commitInFlight();
      }
    }

    @Override
    public boolean busy() {
      return !inFlight.isEmpty();
    }

    @Override
    public boolean writing() {
      return busy() && !writeEnded;
    }

    @Override
    public boolean heldDue() {
      return heldDue;
    }

    @Override
    public void forget(String topic, int partition) {
      forgotten.add(new TopicPartition(topic, partition));
    }

    @Override
    public void close() {}
  }
}
