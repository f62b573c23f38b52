package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.testing.AvroCustomers;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task against a real database and a schema registry on loopback: a registry outage is retried
 * (Connect delivers the records again) and never makes records bad records; an unknown schema id
 * still does; a failure that cannot pass (a missing privilege) fails the task at once instead of
 * being retried {@code max.retries} times.
 */
class TaskFaultsIT {
  private static final String TOPIC = "shop.public.customers";
  private AvroCustomers.Registry registry;
  private VaultSinkTask task;
  private final RecordingTaskContext connect = RecordingTaskContext.of(Set.of());
  private final List<Long> timeouts = connect.timeouts;
  private String schema;

  @BeforeEach
  void start() throws Exception {
    registry = new AvroCustomers.Registry();
    schema = TestDatabase.newSchema();
  }

  @AfterEach
  void stop() {
    if (task != null) {
      task.stop();
    }
    registry.close();
  }

  private Map<String, String> props(String... more) {
    Map<String, String> p = new HashMap<>();
    p.put("name", "faults-" + schema);
    p.put(ConfigNames.CONNECTION_URL, TestDatabase.jdbcUrl());
    p.put(ConfigNames.TARGET_SCHEMA, schema);
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    p.put(ConfigNames.SCHEMA_REGISTRY, registry.url());
    p.put(ConfigNames.BATCH_MAX_WAIT, "0");
    p.put(ConfigNames.BATCH_PIPELINING, "false");
    p.put(ConfigNames.POOL_MAX_SIZE, "2");
    p.put(ConfigNames.MAX_RETRIES, "3");
    p.put(ConfigNames.RETRY_BACKOFF, "10");
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  private VaultSinkTask started(Map<String, String> props) {
    task = new VaultSinkTask();
    task.initialize(context());
    task.start(props);
    return task;
  }

  /** Connect's side of the task: records the backoffs the task asks for. */
  private SinkTaskContext context() {
    return connect.context();
  }

  private static List<SinkRecord> customers(int schemaId, long... ids) throws Exception {
    Schema v1 = AvroCustomers.envelope(false);
    List<SinkRecord> out = new ArrayList<>();
    for (long id : ids) {
      byte[] value = AvroCustomers.wire(schemaId, v1, AvroCustomers.customer(v1, id, null));
      out.add(new SinkRecord(TOPIC, 0, null, null, null, value, id));
    }
    return out;
  }

  private String customersInTheVault() throws Exception {
    return TestDatabase.rows(
            "SELECT customer_no FROM "
                + schema
                + ".hub_customer WHERE customer_no LIKE 'C%' ORDER BY customer_no")
        .stream()
        .collect(Collectors.joining(","));
  }

  private String errorRows() throws Exception {
    return TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors");
  }

  @Test
  void aRegistryOutageIsRetriedAndTheRecordsLoadWhenItIsBack() throws Exception {
    started(props());
    List<SinkRecord> records = customers(1, 1, 2);
    registry.fail(503, 1);
    assertThatThrownBy(() -> task.put(records))
        .isInstanceOf(RetriableException.class)
        .hasMessageContaining("answered 503");
    assertThat(timeouts).containsExactly(10L);
    assertThat(errorRows()).as("no record is blamed for the outage").isEqualTo("0");
    task.put(records); // Connect delivers the same records again after the backoff
    assertThat(customersInTheVault()).isEqualTo("C1,C2");
    assertThat(errorRows()).isEqualTo("0");
  }

  @Test
  void anOutageLongerThanTheRetriesFailsTheTask() throws Exception {
    started(props(ConfigNames.MAX_RETRIES, "1"));
    List<SinkRecord> records = customers(1, 1);
    registry.fail(503, 100);
    assertThatThrownBy(() -> task.put(records)).isInstanceOf(RetriableException.class);
    assertThatThrownBy(() -> task.put(records))
        .isInstanceOf(ConnectException.class)
        .isNotInstanceOf(RetriableException.class)
        .hasMessageContaining("failed 2 times; giving up");
    assertThat(errorRows()).isEqualTo("0");
  }

  @Test
  void offsetCommitsDuringAnOutageDoNotStartItsRetriesAgain() throws Exception {
    started(props(ConfigNames.MAX_RETRIES, "1"));
    List<SinkRecord> records = customers(1, 1);
    registry.fail(503, 100);
    assertThatThrownBy(() -> task.put(records)).isInstanceOf(RetriableException.class);
    // Connect commits offsets meanwhile: nothing buffered, so the task commits an empty batch.
    task.preCommit(Map.of());
    task.put(List.of());
    assertThatThrownBy(() -> task.put(records))
        .isInstanceOf(ConnectException.class)
        .isNotInstanceOf(RetriableException.class)
        .hasMessageContaining("failed 2 times; giving up");
  }

  @Test
  void anUnknownSchemaIdIsStillABadRecord() throws Exception {
    // One retry only: the 20 s wait is the registry client's own, not counted among the retries.
    started(props(ConfigNames.MAX_RETRIES, "1"));
    List<SinkRecord> records = new ArrayList<>(customers(9, 1));
    records.addAll(customers(1, 2));
    // A 404 is first waited out (a registry follower may not know the id yet): Connect delivers
    // the records again until, 20 s after the first 404, the record is a bad record.
    assertThatThrownBy(() -> task.put(records)).isInstanceOf(RetriableException.class);
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(60))
        .pollInterval(java.time.Duration.ofSeconds(1))
        .until(
            () -> {
              try {
                task.put(records);
                return true;
              } catch (RetriableException e) {
                return false;
              }
            });
    assertThat(customersInTheVault()).isEqualTo("C2");
    assertThat(TestDatabase.value("SELECT error_code FROM " + schema + ".vs_errors"))
        .isEqualTo("BAD_RECORD");
  }

  @Test
  void aMissingPrivilegeFailsTheTaskAtOnce() throws Exception {
    started(props()).stop(); // the tables, created by the test database's owner
    task = null;
    String role = "r_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    TestDatabase.execute(
        "CREATE ROLE " + role + " LOGIN PASSWORD 'pw'",
        "GRANT USAGE ON SCHEMA " + schema + " TO " + role,
        "GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
    try {
      started(
          props(
              ConfigNames.CONNECTION_URL, withoutUser(TestDatabase.jdbcUrl()),
              ConfigNames.CONNECTION_USER, role,
              ConfigNames.CONNECTION_PASSWORD, "pw",
              ConfigNames.AUTO_CREATE, "false",
              ConfigNames.MAX_RETRIES, "5"));
      List<SinkRecord> records = customers(1, 1);
      // Before: a RetriableException, retried max.retries times (with the backoff each time).
      assertThatThrownBy(() -> task.put(records))
          .isInstanceOf(ConnectException.class)
          .isNotInstanceOf(RetriableException.class)
          .hasMessageContaining("permission denied")
          .hasMessageContaining("SQLSTATE 42501")
          .hasMessageContaining("not retried");
      assertThat(timeouts).as("no backoff asked for").isEmpty();
    } finally {
      if (task != null) {
        task.stop();
        task = null;
      }
      TestDatabase.execute("DROP OWNED BY " + role, "DROP ROLE " + role);
    }
  }

  /** The URL without its user and password parameters (given as connection.user instead). */
  private static String withoutUser(String url) {
    int q = url.indexOf('?');
    if (q < 0) {
      return url;
    }
    String params =
        Arrays.stream(url.substring(q + 1).split("&"))
            .filter(p -> !p.startsWith("user=") && !p.startsWith("password="))
            .collect(Collectors.joining("&"));
    return url.substring(0, q) + (params.isEmpty() ? "" : "?" + params);
  }
}
