package io.vaultstream.bench.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.SplittableRandom;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The floor of writing rows to this server: a plain {@code COPY ... FROM STDIN} (pgjdbc's
 * CopyManager) of as many rows into one satellite-shaped table, with random md5-like hex keys.
 */
final class CopyBaseline {
  private static final String SCHEMA = "bench_copy";

  private CopyBaseline() {}

  /** Copies {@code rows} rows; returns the seconds the COPY took (rows made on the fly). */
  static double run(Connection db, long rows) throws SQLException, IOException {
    createTable(db);
    boolean autoCommit = db.getAutoCommit();
    db.setAutoCommit(false);
    SplittableRandom random = new SplittableRandom(7);
    String loadedAt = Instant.now().toString();
    long begin = System.nanoTime();
    CopyIn copy =
        db.unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn("COPY " + SCHEMA + ".sat_copy FROM STDIN");
    try {
      copyRows(copy, rows, random, loadedAt);
      copy.endCopy();
      db.commit();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
      db.setAutoCommit(autoCommit);
    }
    double seconds = (System.nanoTime() - begin) / 1e9;
    try (Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
    }
    return seconds;
  }

  /** The schema of its own, emptied, with the satellite-shaped table. */
  private static void createTable(Connection db) throws SQLException {
    try (Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
      st.execute("CREATE SCHEMA " + SCHEMA);
      st.execute(
          "CREATE TABLE "
              + SCHEMA
              + ".sat_copy (hk varchar(32) COLLATE \"C\" NOT NULL, load_dts timestamptz NOT NULL,"
              + " record_source text NOT NULL, hash_diff varchar(32) NOT NULL,"
              + " delete_flag boolean NOT NULL, a1 text, a2 text, a3 text,"
              + " loaded_at timestamptz NOT NULL, PRIMARY KEY (hk, load_dts))");
    }
  }

  /** The rows as COPY text, made on the fly and written in chunks of about 60 KB. */
  private static void copyRows(CopyIn copy, long rows, SplittableRandom random, String loadedAt)
      throws SQLException {
    StringBuilder chunk = new StringBuilder(1 << 17);
    long dts = Instant.parse("2026-01-05T08:00:00Z").toEpochMilli() * 1000;
    for (long i = 0; i < rows; i++) {
      hex(chunk, random);
      chunk.append('\t').append(Instant.EPOCH.plusNanos((dts + i) * 1000)).append("\tSHOP\t");
      hex(chunk, random);
      chunk.append("\tf\tCustomer ").append(i).append("\tcustomer").append(i);
      chunk.append("@example.org\tHamburg\t").append(loadedAt).append('\n');
      if (chunk.length() > 60_000) {
        write(copy, chunk);
      }
    }
    write(copy, chunk);
  }

  private static void write(CopyIn copy, StringBuilder chunk) throws SQLException {
    byte[] b = chunk.toString().getBytes(StandardCharsets.UTF_8);
    copy.writeToCopy(b, 0, b.length);
    chunk.setLength(0);
  }

  static void hex(StringBuilder out, SplittableRandom random) {
    String a = Long.toHexString(random.nextLong());
    String b = Long.toHexString(random.nextLong());
    out.append("0".repeat(16 - a.length())).append(a).append("0".repeat(16 - b.length())).append(b);
  }
}
