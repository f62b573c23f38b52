package io.vaultstream.engine;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Whether a failure of the engine can succeed later (retry it) or not (fail at once, with a message
 * that says what to change). The one place that decides; the Connect task and the Spark runner ask
 * it and translate the answer into their own terms.
 */
public final class Failures {
  /**
   * SQLSTATE classes a later attempt can get past: connection exceptions, transaction rollbacks
   * (serialization failure, deadlock), insufficient resources (too many connections, disk full),
   * operator intervention (admin shutdown, the server starting up, a statement timeout) and system
   * errors (I/O).
   */
  private static final Set<String> RETRIABLE_CLASSES = Set.of("08", "40", "53", "57", "58");

  /**
   * Single SQLSTATEs of other classes that pass: a lock not available within {@code lock_timeout},
   * an object in use, a read-only transaction (a standby that is promoted soon, or a failover).
   */
  private static final Set<String> RETRIABLE_STATES = Set.of("55P03", "55006", "25006");

  /**
   * SQLSTATE classes no retry can get past: the configuration, the model or the database's
   * privileges must change first (invalid authorization, syntax or access rule violations such as a
   * missing privilege, table or column, a database or schema that does not exist, unsupported
   * features, invalid roles), or the data (data exceptions and constraint violations that the
   * engine did not isolate to one record), or the database is damaged (data or index corrupted).
   */
  private static final Set<String> PERMANENT_CLASSES =
      Set.of("28", "42", "3D", "3F", "0A", "0L", "0P", "22", "23", "2B", "2F", "38", "39", "44");

  private static final Set<String> PERMANENT_STATES = Set.of("XX001", "XX002");

  private Failures() {}

  /**
   * Whether a later attempt may succeed. A failure known to be permanent (above) is not retriable;
   * one known to pass is; so is a database or I/O failure that says nothing about itself (no
   * SQLSTATE, an unlisted one), since failing it at once would leave a task dead after a fault that
   * was recoverable, while retrying a permanent one costs only the retries. Anything else (a bad
   * setting, a bug) fails at once: no retry changes it.
   */
  public static boolean retriable(Throwable failure) {
    for (Throwable t : chain(failure)) {
      if (t instanceof SchemaRegistryException r) {
        return r instanceof SchemaRegistryUnavailableException;
      }
      if (t instanceof DecodeException) {
        return false; // the record's own fault (bad JSON included, an IOException to Jackson)
      }
    }
    String state = sqlState(failure);
    if (state != null && state.length() == 5) {
      return !permanent(state);
    }
    for (Throwable t : chain(failure)) {
      if (t instanceof SQLTransientException || t instanceof SQLRecoverableException) {
        return true;
      }
      if (t instanceof SQLNonTransientException) {
        return false;
      }
    }
    for (Throwable t : chain(failure)) {
      if (t instanceof SQLException
          || t instanceof IOException
          || t instanceof UncheckedIOException) {
        return true;
      }
    }
    return false;
  }

  /** The failure and its causes, outermost first (at most 20: causes can form a loop). */
  private static List<Throwable> chain(Throwable failure) {
    List<Throwable> out = new ArrayList<>();
    for (Throwable t = failure;
        t != null && out.size() < 20 && !out.contains(t);
        t = t.getCause()) {
      out.add(t);
    }
    return out;
  }

  /** Whether the SQLSTATE is known to pass with time (used for messages and tests). */
  static boolean knownTransient(String state) {
    return state != null
        && state.length() == 5
        && (RETRIABLE_CLASSES.contains(state.substring(0, 2)) || RETRIABLE_STATES.contains(state));
  }

  private static boolean permanent(String state) {
    if (knownTransient(state)) {
      return false;
    }
    return PERMANENT_CLASSES.contains(state.substring(0, 2)) || PERMANENT_STATES.contains(state);
  }

  /** The SQLSTATE of the first SQL exception in the chain that has one, or null. */
  public static String sqlState(Throwable failure) {
    for (Throwable t : chain(failure)) {
      if (t instanceof SQLException s && s.getSQLState() != null) {
        return s.getSQLState();
      }
    }
    return null;
  }

  /**
   * A message for a failure that is not retried: what happened, its SQLSTATE, and what to change,
   * e.g. "permission denied for table hub_customer (SQLSTATE 42501: the loader's database user
   * lacks a privilege; grant it (see docs/POSTGRESQL.md), then restart; not retried)".
   */
  public static String explain(Throwable failure) {
    String state = sqlState(failure);
    String what = firstMessage(failure);
    if (state == null) {
      return what + " (not retried: it cannot succeed until the configuration changes)";
    }
    String hint =
        switch (state.substring(0, 2)) {
          case "28" -> "the database refused the user or password; correct them, then restart";
          case "3D" -> "the database does not exist; correct the JDBC URL, then restart";
          case "3F" -> "the schema does not exist; create it or correct the target schema";
          case "42" ->
              switch (state) {
                case "42501" ->
                    "the loader's database user lacks a privilege; grant it, then restart";
                case "42P01", "42703" ->
                    "a vault table or column is missing; create it (vaultstream ddl) or turn"
                        + " auto-create on, then restart";
                default -> "the statement is not valid for this database";
              };
          case "22", "23" -> "the database rejected a value";
          default -> "a later attempt cannot succeed";
        };
    return what + " (SQLSTATE " + state + ": " + hint + "; not retried)";
  }

  private static String firstMessage(Throwable failure) {
    for (Throwable t : chain(failure)) {
      if (t instanceof SQLException && t.getMessage() != null) {
        return t.getMessage().replace('\n', ' ');
      }
    }
    return String.valueOf(failure.getMessage()).replace('\n', ' ');
  }
}
