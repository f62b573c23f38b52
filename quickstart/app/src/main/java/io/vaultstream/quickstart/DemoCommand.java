package io.vaultstream.quickstart;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vaultstream demo}: generates shop change events and loads them into a vault in an embedded
 * PostgreSQL (or a database you name), showing progress and the resulting tables.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Loads generated Debezium change events of the shop example into a Data Vault, with live progress.",
      "Needs nothing installed: an embedded PostgreSQL is started unless --jdbc-url names one."
    })
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--events",
      defaultValue = "20000",
      description = "Change events to load (default: ${DEFAULT-VALUE}).")
  int events;

  @Option(
      names = "--batch-size",
      defaultValue = "2000",
      description = "Events per transaction (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Mixin VaultDatabase database = new VaultDatabase();

  @Override
  public Integer call() throws Exception {
    System.setProperty("org.slf4j.simpleLogger.log.io.vaultstream", "warn");
    PrintWriter out = spec.commandLine().getOut();
    try (VaultDatabase db = database) {
      String url = db.start(out);
      String schema = db.schema;
      VaultModel model = shopModel();
      VaultOptions options =
          VaultOptions.builder().jdbcUrl(url).targetSchema(schema).poolMaxSize(2).build();
      try (VaultLoader loader = VaultLoader.open(model, options)) {
        load(loader, out);
      }
      VaultSummary.print(out, url, schema);
      VaultSummary.printFate(out, db.isEmbedded(), db.keepRunning);
      if (db.keepRunning) {
        out.println("Press Ctrl-C to stop.");
        out.flush();
        new CountDownLatch(1).await();
      }
    }
    return 0;
  }

  static VaultModel shopModel() throws IOException {
    try (InputStream in = DemoCommand.class.getResourceAsStream("/examples/shop/model.json")) {
      return ModelLoader.parse(
          new String(in.readAllBytes(), StandardCharsets.UTF_8), "examples/shop/model.json");
    }
  }

  private void load(VaultLoader loader, PrintWriter out) throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 42);
    Map<String, Long> offsets = new HashMap<>();
    long start = System.nanoTime();
    int done = 0;
    long rows = 0;
    int waiting = 0;
    int bad = 0;
    out.printf(
        "Loading %,d change events into schema '%s' in batches of %,d%n",
        events, database.schema, batchSize);
    while (done < events) {
      List<ChangeRecord> records = gen.next(Math.min(batchSize, events - done));
      List<ChangeEvent> batch = new ArrayList<>(records.size());
      for (ChangeRecord r : records) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum) - 1;
        try {
          loader
              .decoder()
              .decode(r.topic(), 0, offset, System.currentTimeMillis(), r.key(), r.value())
              .ifPresent(batch::add);
        } catch (DecodeException e) {
          bad++;
        }
      }
      LoadResult result = loader.load(batch);
      done += records.size();
      rows += result.totalRows();
      waiting += result.problems().size();
      double secs = (System.nanoTime() - start) / 1e9;
      out.printf(
          "  %,9d / %,d events  %,10d vault rows  %,8.0f events/s  %,d not loaded yet%n",
          done, events, rows, done / secs, waiting);
      out.flush();
    }
    if (bad > 0) {
      out.printf("%,d records could not be decoded%n", bad);
    }
  }
}
