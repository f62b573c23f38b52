package io.vaultstream.cli;

import io.vaultstream.sample.ShopEventGenerator;
import java.io.PrintWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vaultstream quickstart}: an embedded Kafka broker and Connect worker running the plugin,
 * an embedded PostgreSQL and a stream of shop change events, with live progress.
 */
@Command(
    name = "quickstart",
    mixinStandardHelpOptions = true,
    description = {
      "Starts an embedded Kafka broker, a Kafka Connect worker running the vaultstream plugin and an",
      "embedded PostgreSQL, streams generated Debezium change events of the shop example through them",
      "(children often before their parents) and shows the vault filling up."
    })
final class QuickstartCommand implements Callable<Integer> {
  /** A password parameter of a JDBC URL, with the separator before it. */
  static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;])password=([^&;]*)[&;]?");

  private static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");

  @Spec CommandSpec spec;

  @Option(
      names = "--events",
      defaultValue = "20000",
      description = "Change events to stream (default: ${DEFAULT-VALUE}).")
  int events;

  @Option(
      names = "--rate",
      defaultValue = "5000",
      description = "Events produced per second (default: ${DEFAULT-VALUE}).")
  int rate;

  @Mixin VaultDatabase database = new VaultDatabase();

  @Override
  public Integer call() throws Exception {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    PrintWriter out = spec.commandLine().getOut();
    String url = database.start(out);
    String schema = database.schema;
    out.println("Starting an embedded Kafka broker and a Kafka Connect worker...");
    out.flush();
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "service_load");
    worker.put("offset.flush.interval.ms", "1000");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("vaultstream-quickstart")
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    try {
      connect.start();
      TABLES.forEach(t -> connect.kafka().createTopic("shop.public." + t, 1));
      Map<String, String> c = new HashMap<>();
      c.put("connector.class", "io.vaultstream.connect.VaultSinkConnector");
      c.put("tasks.max", "1");
      c.put(
          "topics", TABLES.stream().map(t -> "shop.public." + t).collect(Collectors.joining(",")));
      c.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
      c.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
      putConnection(c, url);
      c.put("target.schema", schema);
      c.put(
          "vault.model",
          new String(
              DemoCommand.class.getResourceAsStream("/examples/shop/model.json").readAllBytes(),
              StandardCharsets.UTF_8));
      c.put("errors.tolerance", "all");
      connect.configureConnector("vaultstream-quickstart", c);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(
              "vaultstream-quickstart", 1, "the connector did not start");
      out.printf(
          "Connector 'vaultstream-quickstart' is running; streaming %,d change events at %,d/s%n",
          events, rate);
      stream(connect, url, out);
      DemoCommand.summary(out, url, schema);
      if (database.keepRunning) {
        out.println("Kafka, Connect and PostgreSQL keep running; press Ctrl-C to stop.");
        out.printf(
            "Kafka: %s   Connect REST: %s%n",
            connect.kafka().bootstrapServers(), connect.endpointForResource("connectors"));
        out.flush();
        new CountDownLatch(1).await();
      }
    } finally {
      connect.stop();
      database.close();
    }
    return 0;
  }

  /**
   * Puts the URL into the connector's configuration, a password parameter moved out of it into
   * connection.password: the connector refuses a password inside the URL (it would be shown and
   * logged).
   */
  static void putConnection(Map<String, String> config, String url) {
    Matcher password = PASSWORD_PARAMETER.matcher(url);
    if (password.find()) {
      // pgjdbc decodes URL parameters; the setting takes the password itself.
      config.put(
          "connection.password", URLDecoder.decode(password.group(2), StandardCharsets.UTF_8));
    }
    config.put("connection.url", password.replaceAll("$1").replaceFirst("[?&;]$", ""));
  }

  private void stream(EmbeddedConnectCluster connect, String url, PrintWriter out)
      throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 7);
    int sent = 0;
    long start = System.nanoTime();
    long lastReport = 0;
    long lastLoaded = -1;
    long lastProgressMs = 0;
    try (KafkaProducer<byte[], byte[]> producer = connect.kafka().createProducer(new HashMap<>());
        Connection db = DriverManager.getConnection(url)) {
      while (true) {
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        int due = (int) Math.min(events, elapsedMs * rate / 1000);
        if (sent < due) {
          for (ShopEventGenerator.Record r : gen.next(due - sent)) {
            producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value()));
            sent++;
          }
          producer.flush();
        }
        if (elapsedMs - lastReport >= 1000) {
          lastReport = elapsedMs;
          long loaded = report(db, out, sent, elapsedMs);
          if (sent >= events && loaded >= sent) {
            return;
          }
          if (loaded != lastLoaded) {
            lastLoaded = loaded;
            lastProgressMs = elapsedMs;
          } else if (elapsedMs - lastProgressMs > 120_000) {
            throw new IllegalStateException(
                "the connector loaded nothing for two minutes ("
                    + loaded
                    + " of "
                    + sent
                    + " events); see the worker's log above");
          }
        }
        LockSupport.parkNanos(50_000_000L);
      }
    }
  }

  private long report(Connection db, PrintWriter out, int sent, long elapsedMs)
      throws SQLException {
    long loaded =
        scalar(
            db,
            "SELECT coalesce(sum(next_offset), 0) FROM \""
                + database.schema
                + "\".vs_progress WHERE consumer = 'vaultstream-quickstart'");
    long waiting = scalar(db, "SELECT count(*) FROM \"" + database.schema + "\".vs_waiting");
    long errors = scalar(db, "SELECT count(*) FROM \"" + database.schema + "\".vs_errors");
    List<String> parts = new ArrayList<>();
    for (String t :
        List.of(
            "hub_customer", "hub_order", "lnk_order_customer", "lnk_order_line", "sat_customer")) {
      parts.add(
          t
              + " "
              + scalar(
                  db,
                  "SELECT count(*) FROM \""
                      + database.schema
                      + "\"."
                      + t
                      + " WHERE record_source <> 'SYSTEM'"));
    }
    out.printf(
        "%5.0fs  produced %,7d  loaded %,7d  waiting %,5d  errors %,d  |  %s%n",
        elapsedMs / 1000.0, sent, loaded, waiting, errors, String.join("  ", parts));
    out.flush();
    return loaded;
  }

  private static long scalar(Connection db, String sql) throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0; // the connector has not created its tables yet
      }
      throw e;
    }
  }
}
