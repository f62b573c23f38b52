package io.vaultstream.worker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A distributed worker's properties file, as Kafka's {@code config/connect-distributed.properties}
 * has them for one worker on one broker: JsonConverter with schemas for keys and values, its group,
 * its three internal topics (replication factor 1), {@code offset.flush.interval.ms=1000} (the
 * shipped file has 10000), a REST listener on 127.0.0.1 and a {@code plugin.path}.
 */
public final class WorkerConfig {
  private final List<String> lines = new ArrayList<>();

  private WorkerConfig() {}

  /**
   * The shipped settings for group {@code groupId}, whose internal topics are {@code
   * <topicPrefix>-offsets}, {@code -configs} and {@code -status}.
   */
  public static WorkerConfig distributed(
      String bootstrap, String groupId, String topicPrefix, int restPort, Path pluginPath) {
    WorkerConfig c = new WorkerConfig();
    c.set("bootstrap.servers", bootstrap);
    c.set("group.id", groupId);
    c.set("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.set("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.set("key.converter.schemas.enable", "true");
    c.set("value.converter.schemas.enable", "true");
    for (String topic : List.of("offset", "config", "status")) {
      String suffix = topic.equals("status") ? "status" : topic + "s";
      c.set(topic + ".storage.topic", topicPrefix + "-" + suffix);
      c.set(topic + ".storage.replication.factor", "1");
    }
    c.comment("changed: the shipped file has 10000");
    c.set("offset.flush.interval.ms", "1000");
    c.set("listeners", "HTTP://127.0.0.1:" + restPort);
    c.set("plugin.path", pluginPath.toAbsolutePath().toString());
    return c;
  }

  /** Adds (or, being read last, overrides) one setting. */
  public WorkerConfig set(String key, String value) {
    lines.add(key + "=" + value);
    return this;
  }

  /** Adds a comment line, saying why the next setting differs from the shipped file. */
  public WorkerConfig comment(String text) {
    lines.add("# " + text);
    return this;
  }

  /** The file's text. */
  public String text() {
    return String.join("\n", lines) + "\n";
  }
}
