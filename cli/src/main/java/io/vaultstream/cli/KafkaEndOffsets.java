package io.vaultstream.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

/**
 * The latest offsets of partitions, asked of Kafka with the brokers and the client settings the
 * user gave ({@code --kafka.<name>=<value>}, e.g. security.protocol and sasl.* for a secured
 * cluster).
 */
final class KafkaEndOffsets {
  /** The prefix of a Kafka client setting on the command line. */
  static final String PREFIX = "--kafka.";

  private final Properties props = new Properties();

  /**
   * @param settings arguments of the form {@code --kafka.<name>=<value>}
   * @throws IllegalArgumentException naming an argument of another form or an unknown setting
   */
  KafkaEndOffsets(String bootstrapServers, List<String> settings) {
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
    Set<String> known = AdminClientConfig.configNames();
    for (String arg : settings) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith(PREFIX) || eq <= PREFIX.length()) {
        throw new IllegalArgumentException(
            "Unknown option or argument: '"
                + shown(arg)
                + "'; Kafka client settings are given as --kafka.<name>=<value>, e.g."
                + " --kafka.security.protocol=SASL_SSL");
      }
      String name = arg.substring(PREFIX.length(), eq);
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "'"
                + name
                + "' (in --kafka."
                + name
                + "=...) is not a setting of the Kafka admin client; valid are its settings such"
                + " as security.protocol, sasl.mechanism, sasl.jaas.config,"
                + " ssl.truststore.location, ssl.truststore.password, client.id");
      }
      props.put(name, arg.substring(eq + 1));
    }
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
  }

  /**
   * The latest offset of each partition Kafka knows; fills {@code problem} (one element) with why
   * Kafka did not answer, and then returns what it has (nothing).
   */
  Map<TopicPartition, Long> latest(List<TopicPartition> partitions, String[] problem)
      throws InterruptedException {
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    for (TopicPartition tp : partitions) {
      ask.put(tp, OffsetSpec.latest());
    }
    Map<TopicPartition, Long> ends = new HashMap<>();
    if (ask.isEmpty()) {
      return ends;
    }
    try (Admin admin = Admin.create(props)) {
      admin
          .listOffsets(ask)
          .all()
          .get(20, TimeUnit.SECONDS)
          .forEach((tp, info) -> ends.put(tp, info.offset()));
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      problem[0] = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
    }
    return ends;
  }

  /** The argument without its value, which may be a secret (a password in sasl.jaas.config). */
  static String shown(String arg) {
    int eq = arg.indexOf('=');
    return eq < 0 ? arg : arg.substring(0, eq) + "=...";
  }
}
