package io.vaultstream.spark;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.Progress;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a query starts when its checkpoint is new (Spark ignores the option otherwise): at the
 * Kafka positions this job's queries, in either mode, stored in the vault together with their rows;
 * a partition without one at {@code --starting-offsets}. So a lost or deleted checkpoint, or a
 * switch between {@code --queries per-source} and {@code single}, continues where the vault is
 * instead of reading the topics again.
 */
final class StartingOffsets {
  private static final Logger LOG = LoggerFactory.getLogger(StartingOffsets.class);

  private final String configured;
  private final Map<String, Map<Integer, Long>> positions;

  private StartingOffsets(String configured, Map<String, Map<Integer, Long>> positions) {
    this.configured = configured;
    this.positions = positions;
  }

  /** The name of a source's query, or with {@code source} null of the single query. */
  static String queryName(VaultModel model, SourceTable source) {
    return "vaultstream-" + model.name() + (source == null ? "" : "-" + source.name());
  }

  /**
   * Only what {@code --starting-offsets} says (the Delta target: its positions are the query's
   * checkpoint).
   */
  static StartingOffsets configured(JobConfig config) {
    return new StartingOffsets(config.get("starting-offsets", "earliest"), Map.of());
  }

  /**
   * The positions stored by the job's queries (the latest of either mode per partition), completed
   * with every partition of their topics (read from Kafka only when there are stored positions).
   */
  static StartingOffsets stored(VaultModel model, VaultLoader loader, JobConfig config) {
    String configured = config.get("starting-offsets", "earliest");
    List<String> topics = model.sources().values().stream().map(SourceTable::topic).toList();
    Map<TopicPartition, Progress.Anchor> anchors = new HashMap<>();
    try {
      Map<String, Map<Integer, Long>> stored = latestStored(model, loader, topics, anchors);
      if (stored.isEmpty()) {
        return new StartingOffsets(configured, Map.of());
      }
      long otherwise = "latest".equals(configured) ? -1 : -2;
      Map<String, Object> clients = config.kafkaClients();
      addUnstoredPartitions(clients, topics, stored, otherwise);
      restartContradicted(clients, anchors, stored);
      return new StartingOffsets(configured, stored);
    } catch (SQLException | java.util.concurrent.ExecutionException | RuntimeException e) {
      LOG.warn(
          "The positions stored in the vault could not be read ({}); new checkpoints start at {}",
          e.toString(),
          configured);
      return new StartingOffsets(configured, Map.of());
    } catch (java.util.concurrent.TimeoutException e) {
      LOG.warn(
          "Kafka did not describe the topics in time; new checkpoints start at {}", configured);
      return new StartingOffsets(configured, Map.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new StartingOffsets(configured, Map.of());
    }
  }

  /**
   * The next offset the vault holds per partition of the model's topics: the latest that the job's
   * queries, in either mode, stored.
   */
  static Map<TopicPartition, Long> inTheVault(VaultModel model, VaultLoader loader)
      throws SQLException {
    List<String> topics = model.sources().values().stream().map(SourceTable::topic).toList();
    Map<TopicPartition, Long> out = new HashMap<>();
    latestStored(model, loader, topics, new HashMap<>())
        .forEach(
            (topic, byPartition) ->
                byPartition.forEach(
                    (partition, next) -> out.put(new TopicPartition(topic, partition), next)));
    return out;
  }

  /**
   * The latest next offset per partition of the model's topics that the job's queries, in either
   * mode, stored; the anchor of each goes into {@code anchors}.
   */
  private static Map<String, Map<Integer, Long>> latestStored(
      VaultModel model,
      VaultLoader loader,
      List<String> topics,
      Map<TopicPartition, Progress.Anchor> anchors)
      throws SQLException {
    List<String> consumers = new ArrayList<>();
    consumers.add(queryName(model, null));
    model.sources().values().forEach(s -> consumers.add(queryName(model, s)));
    Map<String, Map<Integer, Long>> stored = new TreeMap<>();
    for (String consumer : consumers) {
      for (Progress.Position p : loader.progress(consumer)) {
        if (!topics.contains(p.topic())) {
          continue;
        }
        Map<Integer, Long> known = stored.computeIfAbsent(p.topic(), t -> new TreeMap<>());
        Long before = known.get(p.partition());
        if (before == null || p.nextOffset() > before) {
          known.put(p.partition(), p.nextOffset());
          var tp = new TopicPartition(p.topic(), p.partition());
          if (p.anchor() == null) {
            anchors.remove(tp);
          } else {
            anchors.put(tp, p.anchor());
          }
        }
      }
    }
    return stored;
  }

  /** Gives every partition of the topics without a stored position the offset {@code otherwise}. */
  private static void addUnstoredPartitions(
      Map<String, Object> clients,
      List<String> topics,
      Map<String, Map<Integer, Long>> stored,
      long otherwise)
      throws java.util.concurrent.ExecutionException,
          java.util.concurrent.TimeoutException,
          InterruptedException {
    try (Admin admin = Admin.create(clients)) {
      Map<String, TopicDescription> described =
          admin.describeTopics(topics).allTopicNames().get(60, TimeUnit.SECONDS);
      described.forEach(
          (topic, d) -> {
            Map<Integer, Long> known = stored.computeIfAbsent(topic, t -> new TreeMap<>());
            for (TopicPartitionInfo p : d.partitions()) {
              known.putIfAbsent(p.partition(), otherwise);
            }
          });
    }
  }

  /**
   * A position of another Kafka cluster, or of a topic created again, would skip this topic's
   * records up to it: such partitions start at their beginning (the writes are idempotent).
   */
  private static void restartContradicted(
      Map<String, Object> clients,
      Map<TopicPartition, Progress.Anchor> anchors,
      Map<String, Map<Integer, Long>> stored) {
    TopicIncarnationCheck.contradicted(clients, anchors)
        .forEach(
            (tp, found) -> {
              LOG.warn(
                  "The position of {} stored in the vault (next offset {}) belongs to another"
                      + " Kafka cluster or an earlier topic of that name: {}. A new checkpoint"
                      + " reads it from its beginning",
                  tp,
                  stored.get(tp.topic()).get(tp.partition()),
                  found);
              stored.get(tp.topic()).put(tp.partition(), -2L);
            });
  }

  /** Spark's {@code startingOffsets} for a query over these topics. */
  String of(List<String> topics) {
    if (topics.stream().noneMatch(positions::containsKey)) {
      return configured;
    }
    StringBuilder json = new StringBuilder("{");
    for (String topic : topics) {
      Map<Integer, Long> offsets = positions.get(topic);
      if (offsets == null) {
        continue;
      }
      if (json.length() > 1) {
        json.append(',');
      }
      json.append('"').append(topic.replace("\"", "\\\"")).append("\":{");
      boolean first = true;
      for (Map.Entry<Integer, Long> e : offsets.entrySet()) {
        if (!first) {
          json.append(',');
        }
        first = false;
        json.append('"').append(e.getKey()).append("\":").append(e.getValue());
      }
      json.append('}');
    }
    String out = json.append('}').toString();
    LOG.info(
        "A query over {} without a checkpoint starts at the vault's positions: {}", topics, out);
    return out;
  }
}
