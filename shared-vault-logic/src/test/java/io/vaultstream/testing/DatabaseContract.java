package io.vaultstream.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of a behaviour test written once for every database: a subclass per database names it in
 * {@link #db()}. Tests are skipped when that database cannot be reached; the loaders a test opened
 * are closed after it, and the schemas the test class created are dropped where the database keeps
 * them.
 */
public abstract class DatabaseContract {
  private final List<AutoCloseable> opened = new ArrayList<>();

  /** The schema the test works in ({@code $s} in {@link #rows}). */
  protected String schema;

  /** The database this run of the contract loads into. */
  protected abstract TargetDatabase db();

  @BeforeEach
  protected void assumeDatabaseReachable() {
    db().assumeReachable();
  }

  @AfterEach
  protected void closeOpened() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    opened.clear();
  }

  @AfterAll
  protected static void dropSchemas() throws SQLException {
    TargetDatabase.dropCreatedSchemas();
  }

  /** Keeps a loader (or anything else) to close after the test. */
  protected <T extends AutoCloseable> T track(T c) {
    opened.add(c);
    return c;
  }

  /** A new schema of the database. */
  protected String newSchema() throws SQLException {
    return db().newSchema();
  }

  /** The rows of a query in which {@code $s} stands for {@link #schema}. */
  protected List<String> rows(String sql) throws SQLException {
    return db().rows(sql.replace("$s", schema));
  }

  /** The value of a query in which {@code $s} stands for {@link #schema}. */
  protected String value(String sql) throws SQLException {
    return db().value(sql.replace("$s", schema));
  }

  /** A point in time as the rows print it. */
  protected static String ts(long epochMicros) {
    return TargetDatabase.timestamp(epochMicros);
  }

  /** The upper-case hex MD5 of a text's UTF-8 bytes (what the default hash keys are). */
  public static String md5(String s) {
    try {
      return HexFormat.of()
          .withUpperCase()
          .formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
