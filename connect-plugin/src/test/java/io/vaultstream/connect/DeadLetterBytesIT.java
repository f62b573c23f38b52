package io.vaultstream.connect;

import static io.vaultstream.connect.ProductEvents.field;
import static io.vaultstream.connect.ProductEvents.product;
import static io.vaultstream.connect.ProductEvents.productWithoutSku;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * A record that decodes but that the vault refuses while planning goes to the dead letter queue
 * rebuilt from what the task kept, through a real worker and the connector's converters.
 */
class DeadLetterBytesIT extends BadRecordsWorker {
  DeadLetterBytesIT() {
    super("vaultstream-dead-letters");
  }

  /**
   * A record that decodes but that the vault refuses while planning (a NULL business key) goes to
   * the dead letter queue rebuilt from what the task kept, through the connector's converters: with
   * the shipped ones (the ByteArrayConverter for headers too) its key, value and headers arrive
   * byte for byte; with Kafka's default header converter a header that is not text arrives changed,
   * which shows the test can tell them apart.
   */
  @Test
  void withTheShippedConvertersADeadLetterKeepsTheRecordsBytesAndHeaders() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    ShopFeed feed = new ShopFeed();
    feed.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 5).withSchemas().next(100));
    long ok = 1_700_000_000_000L;
    byte[] key = "{\"id\":900003}".getBytes(StandardCharsets.UTF_8);
    byte[] bad = productWithoutSku(900_003, ok).getBytes(StandardCharsets.UTF_8);
    byte[] good =
        product(900_001, field("note", "string", null), "\"note\":\"fine\"", ok)
            .getBytes(StandardCharsets.UTF_8);
    // Debezium's context header (a text Kafka's header converter would parse) and bytes that are no
    // text at all.
    byte[] connectorName = "shop".getBytes(StandardCharsets.UTF_8);
    byte[] trace = {(byte) 0xff, 0x00, (byte) 0x80, '1'};
    try (KafkaProducer<byte[], byte[]> producer = connect.kafka().createProducer(new HashMap<>())) {
      for (byte[] value : List.of(bad, good)) {
        ProducerRecord<byte[], byte[]> r =
            new ProducerRecord<>(PREFIX + ".products", null, key, value);
        r.headers().add("__debezium.context.connectorName", connectorName).add("trace", trace);
        producer.send(r).get();
      }
    }
    feed.endOffsets.merge(new TopicPartition(PREFIX + ".products", 0), 2L, Long::sum);

    Map<String, String> shipped = new HashMap<>();
    new ObjectMapper()
        .readTree(Path.of("src/main/etc/vaultstream-shop.json").toFile())
        .get("config")
        .fields()
        .forEachRemaining(
            e -> {
              if (e.getKey().contains("converter")) {
                shipped.put(e.getKey(), e.getValue().asText());
              }
            });
    assertThat(shipped).containsKeys("key.converter", "value.converter", "header.converter");
    ConsumerRecord<byte[], byte[]> asShipped = deadLetter(model, feed, "shipped", shipped);
    Map<String, String> defaultHeaders = new HashMap<>(shipped);
    defaultHeaders.remove("header.converter");
    ConsumerRecord<byte[], byte[]> withDefault =
        deadLetter(model, feed, "default-headers", defaultHeaders);

    assertThat(asShipped.key()).isEqualTo(key);
    assertThat(asShipped.value()).isEqualTo(bad);
    assertThat(asShipped.headers().lastHeader("__debezium.context.connectorName").value())
        .isEqualTo(connectorName);
    assertThat(asShipped.headers().lastHeader("trace").value()).isEqualTo(trace);
    assertThat(
            new String(
                asShipped.headers().lastHeader("__connect.errors.exception.message").value(),
                StandardCharsets.UTF_8))
        .contains("NULL_BUSINESS_KEY");
    assertThat(withDefault.value()).isEqualTo(bad);
    assertThat(withDefault.headers().lastHeader("trace").value()).isNotEqualTo(trace);
  }

  /** Loads the feed with these converters and returns the one dead letter it gives. */
  private ConsumerRecord<byte[], byte[]> deadLetter(
      String model, ShopFeed feed, String name, Map<String, String> converters) throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader(model, schema);
    Map<String, String> p = ShopFeed.jsonConnector(PREFIX, TABLES, schema, model);
    p.keySet().removeIf(k -> k.contains("converter"));
    p.putAll(converters);
    p.put("errors.tolerance", "all");
    p.put("errors.deadletterqueue.topic.name", name + "-dlq");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    p.put("errors.deadletterqueue.context.headers.enable", "true");
    connect.configureConnector(name, p);
    feed.awaitLoaded(reader, name, Duration.ofSeconds(90));
    assertThat(
            TestDatabase.rows(
                "SELECT error_code FROM "
                    + schema
                    + ".vs_errors WHERE topic = '"
                    + PREFIX
                    + ".products'"))
        .containsExactly("NULL_BUSINESS_KEY");
    List<ConsumerRecord<byte[], byte[]>> dead = new ArrayList<>();
    connect.kafka().consumeAll(30_000, name + "-dlq").forEach(dead::add);
    assertThat(dead).as(name).hasSize(1);
    return dead.get(0);
  }
}
