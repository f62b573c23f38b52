package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.LoadResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ObjectName;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/** The task's JMX name and what a committed batch adds to its attributes. */
class VaultTaskMetricsTest {
  @Test
  void namesAreQuotedOnlyWhenJmxNeedsIt() throws Exception {
    assertThat(VaultTaskMetrics.nameOf("orders-sink", "0").toString())
        .isEqualTo("io.vaultstream:type=sink-task-metrics,connector=orders-sink,task=0");
    assertThat(VaultTaskMetrics.nameOf("orders sink.v2", "12").toString())
        .isEqualTo("io.vaultstream:type=sink-task-metrics,connector=orders sink.v2,task=12");
    ObjectName odd = VaultTaskMetrics.nameOf("eu:orders,\"x\"", "1");
    assertThat(odd.getKeyProperty("connector")).isEqualTo(ObjectName.quote("eu:orders,\"x\""));
    assertThat(ObjectName.unquote(odd.getKeyProperty("connector"))).isEqualTo("eu:orders,\"x\"");
  }

  private static SinkRecord record(long offset, Long timestamp) {
    return new SinkRecord(
        "t", 0, null, null, null, "v", offset, timestamp, TimestampType.CREATE_TIME);
  }

  private static LoadResult batch(int events, long millis) {
    return new LoadResult(
        events,
        Map.of("hub_x", events),
        List.of(),
        1,
        0,
        0,
        0,
        0,
        2,
        millis,
        0,
        List.of(),
        3,
        List.of(),
        java.util.Set.of());
  }

  @Test
  void aCommittedBatchAddsItsCountsAndTimes() {
    AtomicLong now = new AtomicLong(1_767_225_600_000L);
    VaultTaskMetrics m = new VaultTaskMetrics(null, now::get);
    assertThat(m.getEventLatencyP50Millis()).isNaN();
    assertThat(m.getBatchMillisP99()).isNaN();
    long t = now.get();
    // Records 1 to 100 ms old, one without a timestamp (not counted).
    List<SinkRecord> loaded =
        java.util.stream.LongStream.rangeClosed(1, 100)
            .mapToObj(age -> record(age, t - age))
            .collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new));
    loaded.add(record(101, null));
    m.add(batch(101, 40), loaded);
    m.add(batch(0, 8), List.of());

    assertThat(m.getEventsLoaded()).isEqualTo(101);
    assertThat(m.getBatchesCommitted()).isEqualTo(2);
    assertThat(m.getWaitingRowsWritten()).isEqualTo(2);
    assertThat(m.getErrorRowsWritten()).isEqualTo(4);
    assertThat(m.getNonHistorizedChangesSetAside()).isEqualTo(6);
    assertThat(m.getLastBatchMillis()).isEqualTo(8);
    assertThat(m.getLastCommitEpochMillis()).isEqualTo(t);
    assertThat(m.getEventLatencyP50Millis()).isBetween(48.0, 52.0);
    assertThat(m.getEventLatencyP99Millis()).isBetween(97.0, 101.0);
    assertThat(m.getBatchMillisP50()).isEqualTo(8.0);
    assertThat(m.getBatchMillisP99()).isBetween(39.0, 41.0);
    now.addAndGet(61_000);
    assertThat(m.getEventLatencyP99Millis()).as("a minute later").isNaN();
  }
}
