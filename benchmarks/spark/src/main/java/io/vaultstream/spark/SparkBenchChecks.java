package io.vaultstream.spark;

import java.util.Map;
import java.util.StringJoiner;

/**
 * What {@link SparkBenchmark} checks after a load, and prints: every record decoded, vault rows, no
 * error rows, every record's Kafka position stored with the rows.
 */
final class SparkBenchChecks {
  private SparkBenchChecks() {}

  /**
   * Checks that the job decoded and loaded every event into the benchmark's schema: every record
   * but the tombstones counted by the job, no row in the error table (none is expected from these
   * events), every record's Kafka position stored with the rows. Prints the vault rows, error rows
   * by code and waiting rows.
   */
  static boolean verify(
      SparkBenchDatabase db,
      SparkBenchInput events,
      Map<String, Long> perTable,
      SparkBenchDecoded decoded)
      throws Exception {
    boolean ok = allDecoded(events, decoded);
    ok &= vaultRows(db, perTable);
    ok &= noErrors(db);
    ok &= positionsStored(db, events);
    return ok;
  }

  /** Every record but the tombstones counted by the job's accumulator. */
  private static boolean allDecoded(SparkBenchInput events, SparkBenchDecoded decoded)
      throws Exception {
    long changes = events.total() - events.tombstones();
    long loaded = decoded.await(changes, 30);
    System.out.printf(
        "Events the job decoded and loaded (its vaultstream.events accumulator): %,d of the %,d"
            + " records produced less %,d tombstones%n",
        loaded, events.total(), events.tombstones());
    if (loaded != changes) {
      System.out.printf("FAILED: the job loaded %,d events, not %,d%n", loaded, changes);
      return false;
    }
    return true;
  }

  /** Vault rows in the benchmark's schema, printed per table; none is a failure. */
  private static boolean vaultRows(SparkBenchDatabase db, Map<String, Long> perTable) {
    StringJoiner tables = new StringJoiner(", ");
    perTable.forEach((t, n) -> tables.add(String.format("%s %,d", t, n)));
    System.out.printf(
        "Vault rows in %s (tables not starting with vs_, record_source <> 'SYSTEM'): %,d (%s)%n",
        db.schema, sum(perTable), tables);
    if (sum(perTable) == 0) {
      System.out.println("FAILED: no vault rows in schema " + db.schema);
      return false;
    }
    return true;
  }

  /** No row in the error table (these events give none), printed by code with the waiting rows. */
  private static boolean noErrors(SparkBenchDatabase db) throws Exception {
    Map<String, Long> errors = db.errorsByCode();
    StringJoiner codes = new StringJoiner(", ");
    errors.forEach((c, n) -> codes.add(String.format("%s %,d", c, n)));
    System.out.printf(
        "Error table %s.vs_errors: %,d rows%s; waiting rows left: %,d%n",
        db.schema, sum(errors), errors.isEmpty() ? "" : " (" + codes + ")", db.waiting());
    if (!errors.isEmpty()) {
      System.out.println("FAILED: these events should load without error rows; the first ones:");
      db.errorSamples(10).forEach(s -> System.out.println("  " + s));
      return false;
    }
    return true;
  }

  /** Every record's Kafka position stored with the rows: the next offsets per topic. */
  private static boolean positionsStored(SparkBenchDatabase db, SparkBenchInput events)
      throws Exception {
    Map<String, Long> stored = db.storedPositions();
    long storedTotal = sum(stored);
    System.out.printf(
        "Kafka positions stored with the rows: %,d of the %,d records produced (%,d tombstones)%n",
        storedTotal, events.total(), events.tombstones());
    if (!stored.equals(events.perTopic())) {
      System.out.println(
          "FAILED: stored next offsets "
              + stored
              + " differ from the records produced per topic "
              + events.perTopic());
      return false;
    }
    return true;
  }

  static long sum(Map<String, Long> m) {
    return m.values().stream().mapToLong(Long::longValue).sum();
  }
}
