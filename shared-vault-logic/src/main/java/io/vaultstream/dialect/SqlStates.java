package io.vaultstream.dialect;

import java.sql.SQLException;
import java.util.Set;

/**
 * Which of a database's failures the engine must recognize, told by SQLSTATE (or the server's error
 * number): rows it refuses, races, lock timeouts, and whether a later attempt can pass. The
 * defaults hold the SQL standard's classes; a dialect adds its database's own states. Part of
 * {@link VaultDialect}; no package outside {@code dialect} knows an SQLSTATE.
 */
public interface SqlStates {

  /**
   * SQLSTATE classes a later attempt can get past: connection exceptions, transaction rollbacks
   * (serialization failure, deadlock), insufficient resources (too many connections, disk full),
   * operator intervention (admin shutdown, the server starting up, a statement timeout) and system
   * errors (I/O).
   */
  Set<String> PASSING_CLASSES = Set.of("08", "40", "53", "57", "58");

  /**
   * SQLSTATE classes no retry can get past: the configuration, the model or the database's
   * privileges must change first (invalid authorization, syntax or access rule violations such as a
   * missing privilege, table or column, a database or schema that does not exist, unsupported
   * features, invalid roles), or the data (data exceptions and constraint violations that the
   * engine did not isolate to one record).
   */
  Set<String> PERMANENT_CLASSES =
      Set.of("28", "42", "3D", "3F", "0A", "0L", "0P", "22", "23", "2B", "2F", "38", "39", "44");

  /** What a failure's SQLSTATE says must change, for the engine's messages. */
  enum Cause {
    /** A privilege the database user lacks. */
    PRIVILEGE,
    /** A vault table or column that does not exist. */
    MISSING_OBJECT,
    /** The user or password. */
    CREDENTIALS,
    /** The database named by the URL does not exist. */
    NO_DATABASE,
    /** The schema does not exist. */
    NO_SCHEMA,
    /** A value the database rejected. */
    REJECTED_VALUE,
    /** A statement the database does not take. */
    INVALID_STATEMENT,
    /** Nothing more specific. */
    OTHER
  }

  /**
   * Single SQLSTATEs outside {@link #PASSING_CLASSES} that a later attempt can get past; by default
   * a read-only transaction (a standby that is promoted soon, or a failover).
   */
  default Set<String> passingStates() {
    return Set.of("25006");
  }

  /**
   * Single SQLSTATEs outside {@link #PERMANENT_CLASSES} that no retry gets past; none by default.
   */
  default Set<String> permanentStates() {
    return Set.of();
  }

  /** Whether a failure of this SQLSTATE (five characters) is known to pass with time. */
  default boolean passes(String state) {
    return state != null
        && state.length() == 5
        && (PASSING_CLASSES.contains(state.substring(0, 2)) || passingStates().contains(state));
  }

  /** Whether no retry gets past a failure of this SQLSTATE (five characters). */
  default boolean permanent(String state) {
    return state != null
        && state.length() == 5
        && !passes(state)
        && (PERMANENT_CLASSES.contains(state.substring(0, 2)) || permanentStates().contains(state));
  }

  /** What a failure of this SQLSTATE (five characters) says must change. */
  default Cause cause(String state) {
    if (state.equals(undefinedTableState()) || state.equals(undefinedColumnState())) {
      return Cause.MISSING_OBJECT;
    }
    return switch (state.substring(0, 2)) {
      case "28" -> Cause.CREDENTIALS;
      case "3D" -> Cause.NO_DATABASE;
      case "3F" -> Cause.NO_SCHEMA;
      case "42" -> state.equals("42501") ? Cause.PRIVILEGE : Cause.INVALID_STATEMENT;
      case "22", "23" -> Cause.REJECTED_VALUE;
      default -> Cause.OTHER;
    };
  }

  /**
   * Whether the failure is the database refusing a value of a row: a value its column's type cannot
   * take (see {@link #isConversionFailure}) or a constraint the row breaks (SQLSTATE classes 22 and
   * 23). No retry passes it; the engine finds the rows by loading the batch in parts.
   */
  default boolean isRejectedRow(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("22") || state.startsWith("23"));
  }

  /** Of the rows {@link #isRejectedRow} refuses, whether a value did not fit its column's type. */
  default boolean isConversionFailure(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("22");
  }

  /**
   * Whether the failure is a unique (primary key) violation: rows another writer inserted; by
   * default SQLSTATE 23505, as PostgreSQL, DB2, H2 and Derby report it.
   */
  default boolean isUniqueViolation(SQLException e) {
    return "23505".equals(e.getSQLState());
  }

  /**
   * Whether the failure is a statement that gave up waiting for a lock ({@link
   * SessionSettings#lockTimeout}).
   */
  default boolean isLockTimeout(SQLException e) {
    return false;
  }

  /**
   * The SQLSTATE of a statement the database cancelled or interrupted (a statement timeout, an
   * operator's cancel), which the engine also gives its own failure "interrupted" so callers retry
   * both alike; by default 57014, query canceled in the standard's class 57 (operator
   * intervention), as PostgreSQL and DB2 report it.
   */
  default String interruptedState() {
    return "57014";
  }

  /** Whether the failure is a statement the database cancelled or interrupted. */
  default boolean isInterrupted(SQLException e) {
    return interruptedState().equals(e.getSQLState());
  }

  /**
   * The SQLSTATE the engine gives its own failure "a vault table does not exist" (as the database
   * reports a statement on a missing table), so callers classify both alike; by default X/Open's
   * 42S02 (MariaDB, MySQL, SQL Server, H2).
   */
  default String undefinedTableState() {
    return "42S02";
  }

  /** The SQLSTATE the engine gives its own failure "a vault table lacks a column" (42S22). */
  default String undefinedColumnState() {
    return "42S22";
  }
}
