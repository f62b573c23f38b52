package io.vaultstream.bench.connect;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * MariaDB's counterpart of {@link CopyBaseline}: the floor of writing rows to this server, a plain
 * {@code LOAD DATA LOCAL INFILE} of as many rows, of the same values, into one satellite-shaped
 * InnoDB table with random md5-like hex keys. The file is written before the clock starts; the
 * timed part is the statement (sending the file and inserting its rows, one transaction).
 */
final class LoadDataBaseline {
  private static final String SCHEMA = "bench_copy";
  private static final DateTimeFormatter DATETIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private LoadDataBaseline() {}

  /** Loads {@code rows} rows; returns the seconds the LOAD DATA took. */
  static double run(String jdbcUrl, long rows) throws SQLException, IOException {
    Path file = Files.createTempFile("vaultstream-bench-", ".tsv");
    try {
      write(file, rows);
      String url = jdbcUrl + (jdbcUrl.contains("?") ? "&" : "?") + "allowLocalInfile=true";
      try (Connection db = DriverManager.getConnection(url);
          Statement st = db.createStatement()) {
        st.execute("DROP DATABASE IF EXISTS " + SCHEMA);
        st.execute("CREATE DATABASE " + SCHEMA + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        st.execute(
            "CREATE TABLE "
                + SCHEMA
                + ".sat_copy (hk CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,"
                + " load_dts DATETIME(6) NOT NULL, record_source VARCHAR(255) NOT NULL,"
                + " hash_diff CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,"
                + " delete_flag BOOLEAN NOT NULL, a1 LONGTEXT, a2 LONGTEXT, a3 LONGTEXT,"
                + " loaded_at DATETIME(6) NOT NULL, PRIMARY KEY (hk, load_dts)) ENGINE=InnoDB");
        long begin = System.nanoTime();
        st.execute(
            "LOAD DATA LOCAL INFILE '"
                + file.toAbsolutePath().toString().replace("'", "''")
                + "' INTO TABLE "
                + SCHEMA
                + ".sat_copy CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t'"
                + " LINES TERMINATED BY '\\n'");
        double seconds = (System.nanoTime() - begin) / 1e9;
        long loaded = Long.parseLong(count(st));
        st.execute("DROP DATABASE " + SCHEMA);
        if (loaded != rows) {
          throw new IllegalStateException(
              "LOAD DATA stored " + loaded + " of " + rows + " rows; the baseline is not valid");
        }
        return seconds;
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static String count(Statement st) throws SQLException {
    try (var rs = st.executeQuery("SELECT count(*) FROM " + SCHEMA + ".sat_copy")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The rows CopyBaseline sends, as tab-separated text in MariaDB's DATETIME format. */
  private static void write(Path file, long rows) throws IOException {
    SplittableRandom random = new SplittableRandom(7);
    String loadedAt = LocalDateTime.ofInstant(Instant.now(), ZoneOffset.UTC).format(DATETIME);
    long dts = Instant.parse("2026-01-05T08:00:00Z").toEpochMilli() * 1000;
    StringBuilder line = new StringBuilder(256);
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (long i = 0; i < rows; i++) {
        line.setLength(0);
        CopyBaseline.hex(line, random);
        LocalDateTime at =
            LocalDateTime.ofInstant(Instant.EPOCH.plusNanos((dts + i) * 1000), ZoneOffset.UTC);
        line.append('\t').append(at.format(DATETIME)).append("\tSHOP\t");
        CopyBaseline.hex(line, random);
        line.append("\t0\tCustomer ").append(i).append("\tcustomer").append(i);
        line.append("@example.org\tHamburg\t").append(loadedAt).append('\n');
        out.append(line);
      }
    }
  }
}
