package io.vaultstream.spark;

import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks the model's topics against Kafka's rule for topic names before a query subscribes to them:
 * Spark's subscribe option is a comma-separated list, so a ',' in a topic would subscribe the query
 * to other topics.
 */
final class TopicNames {
  /** Kafka's legal topic characters. */
  private static final Pattern LEGAL = Pattern.compile("[A-Za-z0-9._-]+");

  /** Kafka's longest topic name. */
  static final int MAX_LENGTH = 249;

  private TopicNames() {}

  /**
   * @throws IllegalArgumentException naming each source whose topic Kafka would not accept
   */
  static void check(VaultModel model) {
    List<String> problems = new ArrayList<>();
    for (SourceTable s : model.sources().values()) {
      String why = problem(s.topic());
      if (why != null) {
        problems.add("/sources/" + s.name() + "/topic: " + why);
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "the model's topics are not Kafka topic names: " + String.join("; ", problems));
    }
  }

  /** Why Kafka would refuse the topic name, or null. */
  static String problem(String topic) {
    if (topic.length() > MAX_LENGTH
        || !LEGAL.matcher(topic).matches()
        || topic.equals(".")
        || topic.equals("..")) {
      return "'"
          + topic
          + "' is not a Kafka topic name: 1 to "
          + MAX_LENGTH
          + " ASCII letters, digits, '.', '_' or '-' (and not '.' or '..')";
    }
    return null;
  }
}
