package io.vaultstream.bench;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * The benchmark's floor (`benchmarks/connect.sh --sink=decode-only`): a sink whose task only
 * decodes each record with the engine's decoder, as the vault connector's task does first, and
 * writes nothing. What the broker, the worker and the decoding cost on their own.
 */
public final class DecodeOnlySinkConnector extends SinkConnector {
  /** The next offset each partition's task has decoded, for the benchmark to wait on. */
  static final Map<TopicPartition, Long> DECODED = new ConcurrentHashMap<>();

  private Map<String, String> props;

  @Override
  public String version() {
    return "bench";
  }

  @Override
  public void start(Map<String, String> props) {
    this.props = props;
  }

  @Override
  public Class<? extends Task> taskClass() {
    return DecodeOnlyTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return List.of(props);
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return new ConfigDef()
        .define("vault.model", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "the model");
  }

  /** Decodes every record and counts it. */
  public static final class DecodeOnlyTask extends SinkTask {
    private ChangeEventDecoder decoder;
    private long events;

    @Override
    public String version() {
      return "bench";
    }

    @Override
    public void start(Map<String, String> props) {
      VaultModel model = ModelLoader.parse(props.get("vault.model"), "bench");
      decoder = new ChangeEventDecoder(model, new DecoderOptions(null, null, null));
    }

    @Override
    public void put(Collection<SinkRecord> records) {
      for (SinkRecord r : records) {
        if (decoder
            .decode(
                r.topic(),
                r.kafkaPartition(),
                r.kafkaOffset(),
                r.timestamp() == null ? 0 : r.timestamp(),
                (byte[]) r.key(),
                (byte[]) r.value())
            .isPresent()) {
          events++;
        }
        DECODED.merge(
            new TopicPartition(r.topic(), r.kafkaPartition()), r.kafkaOffset() + 1, Math::max);
      }
    }

    @Override
    public void stop() {}
  }
}
