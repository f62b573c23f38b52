package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.vault;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner loads a satellite fed through a foreign key and a multi-active satellite as the engine
 * does: phone numbers and profiles of customers, one query per topic (so children may come before
 * their parents and wait), give row by row the vault the engine builds of the same events, and a
 * second run writes nothing.
 */
class ForeignSatellitesSparkIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "crm.public";
  private static final List<String> TABLES =
      List.of("customers", "customer_phones", "customer_profile");
  @RegisterExtension static final SparkRunnerFixture runner = SparkRunnerFixture.perClass();

  /** One record: topic, key and Debezium JSON value. */
  private record Rec(String topic, byte[] key, byte[] value) {}

  private static long lsn = 1000;

  private static Rec event(String table, String op, long seconds, Map<String, Object> row)
      throws Exception {
    long micros = 1_767_225_600_000_000L + seconds * 1_000_000L;
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("before", op.equals("d") ? row : null);
    v.put("after", op.equals("d") ? null : row);
    v.put("source", Map.of("table", table, "ts_us", micros, "lsn", lsn++));
    v.put("op", op);
    v.put("ts_ms", micros / 1000);
    return new Rec(
        PREFIX + "." + table,
        JSON.writeValueAsBytes(Map.of("id", row.get("id"))),
        JSON.writeValueAsBytes(v));
  }

  private static Map<String, Object> row(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Customers, their phones (added, changed, moved to another type, deleted) and profiles. */
  private static List<Rec> records() throws Exception {
    List<Rec> out = new ArrayList<>();
    for (long c = 1; c <= 30; c++) {
      out.add(event("customers", "c", c, row("id", c, "customer_no", "C" + c, "name", "n" + c)));
      out.add(
          event(
              "customer_profile",
              "c",
              100 + c,
              row("id", c, "customer_id", c, "segment", "S" + c % 3)));
      for (long k = 0; k < 3; k++) {
        long id = c * 10 + k;
        String type = List.of("home", "work", "mobile").get((int) k);
        out.add(
            event(
                "customer_phones",
                "c",
                200 + c,
                row("id", id, "customer_id", c, "phone_type", type, "number", "n" + id)));
      }
      out.add(
          event(
              "customer_phones",
              "u",
              300 + c,
              row("id", c * 10, "customer_id", c, "phone_type", "home", "number", "x" + c)));
      out.add(
          event(
              "customer_phones",
              "u",
              400 + c,
              row("id", c * 10 + 1, "customer_id", c, "phone_type", "fax", "number", "f" + c)));
      if (c % 2 == 0) {
        out.add(event("customer_phones", "d", 500 + c, row("id", c * 10 + 2)));
      }
    }
    return out;
  }

  private static void send(List<Rec> records) throws Exception {
    try (Admin admin = Admin.create(runner.kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      TABLES.forEach(t -> topics.add(new NewTopic(PREFIX + "." + t, 1, (short) 1)));
      admin.createTopics(topics).all().get();
    }
    Properties p = new Properties();
    p.putAll(runner.kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.RETRIES_CONFIG, 20);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      for (Rec r : records) {
        producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())).get();
      }
    }
  }

  private static Path model(Path dir) throws Exception {
    Path model = dir.resolve("phones.json");
    try (InputStream in =
        ForeignSatellitesSparkIT.class.getResourceAsStream("/models/phones.json")) {
      Files.write(model, in.readAllBytes());
    }
    return model;
  }

  @Test
  void theRunnerLoadsForeignAndMultiActiveSatellitesAsTheEngine(@TempDir Path dir)
      throws Exception {
    List<Rec> records = records();
    send(records);
    Path model = model(dir);
    String ref = TestDatabase.newSchema();
    loadThroughTheEngine(model, ref, records);

    String schema = TestDatabase.newSchema();
    JobConfig config = runner.config(model, schema, dir.resolve("checkpoints"));
    runner.runOnce(config);
    Map<String, List<String>> loaded = vault(schema);
    assertThat(loaded).isEqualTo(vault(ref));
    assertCustomerTwosLastPhones(schema);
    assertThat(TestDatabase.rows("SELECT count(*) FROM " + schema + ".vs_waiting"))
        .containsExactly("0");
    assertThat(TestDatabase.rows("SELECT count(*) FROM " + schema + ".vs_errors"))
        .containsExactly("0");
    runner.runOnce(config);
    assertThat(vault(schema)).isEqualTo(loaded);
  }

  /** Loads the records straight through the engine into the schema: the reference vault. */
  private static void loadThroughTheEngine(Path model, String schema, List<Rec> records)
      throws Exception {
    VaultModel phones = ModelLoader.load(model);
    try (VaultLoader direct = VaultLoader.open(phones, TestDatabase.options(schema).build())) {
      List<ChangeEvent> events = new ArrayList<>();
      Map<String, Long> offsets = new HashMap<>();
      for (Rec r : records) {
        long o = offsets.merge(r.topic(), 1L, Long::sum) - 1;
        direct.decoder().decode(r.topic(), 0, o, 0, r.key(), r.value()).ifPresent(events::add);
      }
      direct.load(events);
    }
  }

  /** Customer 2's last set: home changed, work moved to fax, mobile deleted. */
  private static void assertCustomerTwosLastPhones(String schema) throws Exception {
    assertThat(
            TestDatabase.rows(
                "SELECT phone_type, number, delete_flag FROM "
                    + schema
                    + ".msat_customer_phone s JOIN "
                    + schema
                    + ".hub_customer h ON h.customer_hk = s.customer_hk"
                    + " WHERE h.customer_no = 'C2' AND s.load_dts = (SELECT max(load_dts) FROM "
                    + schema
                    + ".msat_customer_phone m WHERE m.customer_hk = s.customer_hk)"
                    + " ORDER BY phone_type"))
        .containsExactly("fax|f2|f", "home|x2|f");
  }
}
