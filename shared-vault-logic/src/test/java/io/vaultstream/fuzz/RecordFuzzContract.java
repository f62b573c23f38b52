package io.vaultstream.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The record guarantees under generated input, decoded and loaded into a real database as the
 * runtimes do it (JSON and Avro bytes through {@code decode}, normalised maps through {@code
 * decodeMap}; a record whose decoding throws is a bad record): no throwable escapes decoding or
 * loading; every record is loaded, one readable error row, a waiting row, or carries no change;
 * probes' texts and numbers are stored exactly; the stored positions move past every record; a
 * second load of the same records changes nothing.
 *
 * <p>By default a short run (2,000 generated records and the known hostile inputs, the fixed seed
 * {@link #DEFAULT_SEED}). A longer one, another seed ({@code random} draws one, printed), or a
 * replay of a seed:
 *
 * <pre>
 * mvn -pl shared-vault-logic verify -Dit.test='*RecordFuzzIT' -Dfuzz.records=200000 -Dfuzz.seed=42
 * </pre>
 *
 * <p>{@code -Dfuzz.batch} sets the records per batch (default 500). A failure lists each distinct
 * violation with its smallest reproducing record, and the seed.
 *
 * <p>{@code -Dfuzz.order} sets how the events of one source row arrive: {@code row} (the default:
 * each row's events in source order and one partition, as a Debezium topic delivers them, see
 * {@link RowOrder}), {@code key} (also the events of rows that share a business key in source
 * order) or {@code any} (as drawn: a row's later change may come in an earlier batch, which no
 * topic delivers). A second test loads records in {@code any} order and checks everything but the
 * replay: a second load is promised to change nothing for the orders a topic delivers
 * (docs/LOADING.md, "Determinism and replays").
 */
abstract class RecordFuzzContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /**
   * The seed of the run in {@code mvn verify}: fixed, so that the build's verdict does not depend
   * on the draw; {@code -Dfuzz.seed=random} draws one ({@link ReplayMinimizer} narrows down a run
   * whose second load changed the vault).
   */
  static final long DEFAULT_SEED = 1;

  /** The seed: {@code -Dfuzz.seed=N}, {@code -Dfuzz.seed=random}, or {@link #DEFAULT_SEED}. */
  static long seed() {
    return RecordMix.seed(DEFAULT_SEED);
  }

  static int records() {
    return Integer.getInteger("fuzz.records", 2000);
  }

  @Test
  void noRecordStopsAPartitionAndEveryRecordIsLoadedOrAnErrorRow() throws Exception {
    run(System.getProperty("fuzz.order", "row"), records(), true);
  }

  @Test
  void eventsOutOfSourceOrderLoseNothing() throws Exception {
    run("any", Math.max(1, records() / 2), false);
  }

  private void run(String order, int count, boolean secondLoad) throws Exception {
    long seed = seed();
    String replay =
        "-Dfuzz.seed="
            + seed
            + " -Dfuzz.records="
            + count
            + " -Dfuzz.order="
            + order
            + " ("
            + db()
            + ")";
    System.out.println("Record fuzz on " + db() + ": " + replay);
    FuzzRegistry registry = track(new FuzzRegistry());
    schema = newSchema();
    VaultLoader loader =
        track(
            VaultLoader.open(
                SHOP,
                db().options(schema)
                    .maxRetries(0)
                    .retryBackoffMs(10)
                    .decoder(new DecoderOptions(null, null, registry.url()))
                    .build(),
                // A clock that stands still: no watermark passes while a run takes, so what a
                // second load changes is the load's doing.
                Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC)));
    ChangeEventDecoder decoder = loader.decoder();
    Findings findings = new Findings();
    List<FuzzRecord> records = RecordMix.generate(seed, count, registry, true);
    RowOrder rows = RowOrder.of(order, SHOP, decoder);
    if (rows != null) {
      records = rows.arrange(records);
    }
    List<Decoded> decoded = new ArrayList<>(records.size());
    for (FuzzRecord r : records) {
      decoded.add(Decoded.of(decoder, r, findings));
    }
    if (rows != null) {
      for (String late : rows.outOfOrder(decoded)) {
        findings.add("the generator delivers a row's events out of source order", null, late, "");
      }
    }
    int batch = Integer.getInteger("fuzz.batch", 500);
    FuzzLoad load = new FuzzLoad(loader, findings);
    load.all(decoded, batch);

    VaultOutcome outcome = new VaultOutcome(SHOP, db(), schema, findings);
    // Rows waiting for a key that a later batch brought are rechecked against the whole key map
    // (as the runtimes' sweep does when idle) before the vault is compared with the replay's.
    loader.sweep();
    outcome.check(decoded, load.stopped());
    outcome.checkPositions(decoded);
    if (secondLoad) {
      Map<String, List<String>> before = outcome.dump();
      load.all(decoded, batch);
      loader.sweep();
      outcome.checkReplay(before, outcome.dump());
      outcome.checkPositions(decoded);
    }

    String report = findings.report(replay);
    System.out.println(report);
    assertThat(findings.isEmpty()).as(report).isTrue();
  }
}
