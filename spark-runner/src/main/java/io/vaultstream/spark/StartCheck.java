package io.vaultstream.spark;

import io.vaultstream.model.VaultModel;
import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before a job's queries start, on the driver: whether their checkpoints are past records the vault
 * lost while the job was stopped (see {@link CheckpointPastTheVault}); the same for every target,
 * each reading the vault's positions its own way.
 */
final class StartCheck {
  private static final Logger LOG = LoggerFactory.getLogger(StartCheck.class);

  private final SparkSession spark;
  private final JobConfig config;
  private final VaultModel model;

  StartCheck(SparkSession spark, JobConfig config, VaultModel model) {
    this.spark = spark;
    this.config = config;
    this.model = model;
  }

  /**
   * Refuses to start the queries (query name to checkpoint directory) when a checkpoint is past
   * records the vault does not hold (the database went back while the job was stopped; see {@link
   * CheckpointPastTheVault}), naming every such partition of every query. What cannot be checked (a
   * checkpoint in a format this job does not know, Kafka refusing the driver's consumer) is said in
   * a warning, and the queries start.
   *
   * @param stored reads the next offset the vault holds per partition for the job's queries
   */
  void require(Map<String, String> checkpoints, Supplier<Map<TopicPartition, Long>> stored) {
    Map<TopicPartition, Long> resumes = new java.util.HashMap<>();
    Map<TopicPartition, Long> started = new java.util.HashMap<>();
    Map<TopicPartition, String> queryOf = new java.util.HashMap<>();
    for (Map.Entry<String, String> q : checkpoints.entrySet()) {
      String dir = config.get("checkpoint", null) + "/" + q.getValue();
      Map<TopicPartition, Long> at = read(q.getKey(), dir, true);
      if (at.isEmpty()) {
        continue;
      }
      Map<TopicPartition, Long> from = read(q.getKey(), dir, false);
      // Only the model's topics: a topic no longer in the model is no longer read, nor stored.
      at.forEach(
          (tp, next) -> {
            if (model.sources().values().stream().anyMatch(s -> s.topic().equals(tp.topic()))) {
              resumes.put(tp, next);
              if (from.containsKey(tp)) {
                started.put(tp, from.get(tp));
              }
              queryOf.put(tp, "query " + q.getKey() + " (checkpoint " + dir + ")");
            }
          });
    }
    if (resumes.isEmpty()) {
      return;
    }
    Map<TopicPartition, String> lost;
    try {
      lost = CheckpointPastTheVault.lost(config.kafkaClients(), resumes, started, stored.get());
    } catch (CheckpointPastTheVault.Undecided | org.apache.kafka.common.KafkaException e) {
      LOG.warn(
          "Whether the vault holds what the queries' checkpoints recorded was not checked: Kafka"
              + " did not answer the driver ({}). If the database went back while the job was"
              + " stopped, stop the job and start it on a new --checkpoint",
          e.toString());
      return;
    }
    if (!lost.isEmpty()) {
      Map<String, Map<TopicPartition, String>> byQuery = new java.util.HashMap<>();
      lost.forEach(
          (tp, what) ->
              byQuery
                  .computeIfAbsent(queryOf.get(tp), k -> new java.util.HashMap<>())
                  .put(tp, what));
      throw new IllegalStateException(CheckpointPastTheVault.refusal(byQuery));
    }
  }

  /**
   * Where the checkpoint at {@code dir} resumes ({@code resumes}) or started; empty for a new one,
   * and for one in a format this job does not know (left to Spark, with a warning).
   */
  private Map<TopicPartition, Long> read(String name, String dir, boolean resumes) {
    org.apache.hadoop.conf.Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    try {
      return resumes
          ? CheckpointOffsets.lastCommitted(dir, hadoop)
          : CheckpointOffsets.started(dir, hadoop);
    } catch (CheckpointOffsets.Unreadable e) {
      LOG.warn(
          "Query {}: whether the vault holds what its checkpoint recorded was not checked: {}",
          name,
          e.getMessage());
      return Map.of();
    } catch (IOException e) {
      throw new IllegalStateException(
          "Query " + name + ": reading its checkpoint " + dir + " failed: " + e, e);
    }
  }
}
