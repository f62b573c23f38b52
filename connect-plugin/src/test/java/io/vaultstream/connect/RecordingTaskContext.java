package io.vaultstream.connect;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/**
 * Connect's side of a sink task in tests that drive a task directly: the assignment the task sees,
 * and what the task asked of Connect (seeks, wake-ups, paused partitions, records reported to the
 * dead letter queue). A proxy, so that it serves every Kafka version the tests run against.
 */
final class RecordingTaskContext {
  /** Offsets the task asked Connect to read from next, by partition. */
  final Map<TopicPartition, Long> seeks = new HashMap<>();

  /** Back-offs and wake-ups the task asked for ({@code timeout}), in order. */
  final List<Long> timeouts = new ArrayList<>();

  /** Partitions paused and not resumed. */
  final Set<TopicPartition> paused = new LinkedHashSet<>();

  /** Records the task reported as errant, in order; only with a reporter. */
  final List<SinkRecord> reported = new ArrayList<>();

  private final Set<TopicPartition> assignment;
  private final boolean reporter;

  private RecordingTaskContext(Set<TopicPartition> assignment, boolean reporter) {
    this.assignment = Set.copyOf(assignment);
    this.reporter = reporter;
  }

  /** A context assigning {@code assignment}, without a dead letter queue. */
  static RecordingTaskContext of(Set<TopicPartition> assignment) {
    return new RecordingTaskContext(assignment, false);
  }

  /** A context assigning {@code assignment}, with an errant record reporter that records. */
  static RecordingTaskContext withReporter(Set<TopicPartition> assignment) {
    return new RecordingTaskContext(assignment, true);
  }

  /** The context to hand the task. */
  SinkTaskContext context() {
    ErrantRecordReporter errant =
        reporter
            ? (record, error) -> {
              synchronized (reported) {
                reported.add(record);
              }
              return CompletableFuture.completedFuture(null);
            }
            : null;
    return (SinkTaskContext)
        Proxy.newProxyInstance(
            SinkTaskContext.class.getClassLoader(),
            new Class<?>[] {SinkTaskContext.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "assignment" -> {
                  return assignment;
                }
                case "configs" -> {
                  return Map.of();
                }
                case "errantRecordReporter" -> {
                  return errant;
                }
                case "offset" -> {
                  if (args.length == 2) {
                    seeks.put((TopicPartition) args[0], (Long) args[1]);
                  } else {
                    @SuppressWarnings("unchecked")
                    Map<TopicPartition, Long> all = (Map<TopicPartition, Long>) args[0];
                    seeks.putAll(all);
                  }
                }
                case "timeout" -> timeouts.add((Long) args[0]);
                case "pause" -> paused.addAll(List.of((TopicPartition[]) args[0]));
                case "resume" -> List.of((TopicPartition[]) args[0]).forEach(paused::remove);
                default -> {}
              }
              return null;
            });
  }
}
