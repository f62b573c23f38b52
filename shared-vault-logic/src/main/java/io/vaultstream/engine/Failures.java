package io.vaultstream.engine;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.SqlStates.Cause;
import io.vaultstream.dialect.VaultDialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a failure of the engine can succeed later (retry it) or not (fail at once, with a message
 * that says what to change). The one place that decides; the Connect task and the Spark runner ask
 * it and translate the answer into their own terms. What an SQLSTATE means is the dialects' to say
 * ({@link io.vaultstream.dialect.SqlStates}).
 */
public final class Failures {
  /**
   * Every dialect on the class path, which together know the SQLSTATEs: a failure may come before a
   * dialect is chosen (the pool's first connection), and the adapters ask without one.
   */
  private static final List<VaultDialect> DIALECTS = Dialects.all();

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
    return DIALECTS.stream().anyMatch(d -> d.passes(state));
  }

  /** Whether a dialect knows that no retry gets past the SQLSTATE, and none that it passes. */
  private static boolean permanent(String state) {
    return !knownTransient(state) && DIALECTS.stream().anyMatch(d -> d.permanent(state));
  }

  /** The most specific cause a dialect gives the SQLSTATE. */
  private static Cause cause(String state) {
    return DIALECTS.stream().map(d -> d.cause(state)).min(Cause::compareTo).orElse(Cause.OTHER);
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
    return what + " (SQLSTATE " + state + ": " + hint(state) + "; not retried)";
  }

  /** What to change after a failure of the SQLSTATE. */
  private static String hint(String state) {
    if (state.length() < 2) {
      return "a later attempt cannot succeed";
    }
    return switch (cause(state)) {
      case CREDENTIALS -> "the database refused the user or password; correct them, then restart";
      case NO_DATABASE -> "the database does not exist; correct the JDBC URL, then restart";
      case NO_SCHEMA -> "the schema does not exist; create it or correct the target schema";
      case PRIVILEGE -> "the loader's database user lacks a privilege; grant it, then restart";
      case MISSING_OBJECT ->
          "a vault table or column is missing; create it (vaultstream ddl) or turn auto-create on,"
              + " then restart";
      case INVALID_STATEMENT -> "the statement is not valid for this database";
      case REJECTED_VALUE -> "the database rejected a value";
      case OTHER -> "a later attempt cannot succeed";
    };
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
