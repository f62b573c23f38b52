package io.vaultstream.spark;

import java.util.Map;

/** The records a benchmark run loads: per topic how many there are, and how many are tombstones. */
interface SparkBenchInput {
  /** Records per topic, tombstones included: the next offset the job must store for each. */
  Map<String, Long> perTopic();

  long tombstones();

  /** Records in all, tombstones included. */
  default long total() {
    return perTopic().values().stream().mapToLong(Long::longValue).sum();
  }
}
