package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.Width;

/** The connector's keys of the database connection: the database, the pool, the sessions. */
final class ConnectionSettings {
  private ConnectionSettings() {}

  /** The keys of the database connection and its pool. */
  static void define(ConfigDef d) {
    int o = 0;
    o = database(d, o);
    o = credentials(d, o);
    o = dialect(d, o);
    o = pool(d, o);
    o = poolTimeouts(d, o);
    o = session(d, o);
    o = socketTimeout(d, o);
    serverProcess(d, o);
  }

  /** The database's JDBC URL. Returns the last order used in the group. */
  private static int database(ConfigDef d, int o) {
    d.define(
        CONNECTION_URL,
        Type.STRING,
        ConfigDef.NO_DEFAULT_VALUE,
        new ConfigDef.NonEmptyString(),
        Importance.HIGH,
        "JDBC URL of the database that holds the vault, e.g. jdbc:postgresql://db:5432/dwh or"
            + " jdbc:mariadb://db:3306/dwh. The SQL dialect is chosen from it.",
        GROUP_CONNECTION,
        ++o,
        Width.LONG,
        "JDBC URL");
    return o;
  }

  /** The database user and password. Returns the last order used in the group. */
  private static int credentials(ConfigDef d, int o) {
    d.define(
        CONNECTION_USER,
        Type.STRING,
        null,
        Importance.HIGH,
        "Database user (or give it in the URL).",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "User");
    d.define(
        CONNECTION_USERNAME,
        Type.STRING,
        null,
        Importance.LOW,
        "Another name of "
            + CONNECTION_USER
            + ", as the Debezium JDBC sink calls it, so its configurations carry over. Give one of"
            + " the two; both with different values is an error.",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "User name");
    d.define(
        CONNECTION_PASSWORD,
        Type.PASSWORD,
        null,
        Importance.HIGH,
        "Database password. Never logged.",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "Password");
    return o;
  }

  /** The dialect, when the URL does not choose it. Returns the last order used in the group. */
  private static int dialect(ConfigDef d, int o) {
    d.define(
        DIALECT,
        Type.STRING,
        "",
        Importance.LOW,
        "SQL dialect; empty to choose it from the JDBC URL. Known: postgresql, mariadb.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Dialect");
    return o;
  }

  /** The connection pool's size. Returns the last order used in the group. */
  private static int pool(ConfigDef d, int o) {
    d.define(
        POOL_MAX_SIZE,
        Type.INT,
        4,
        Range.atLeast(2),
        Importance.LOW,
        "HikariCP maximum pool size per task; at least 2 (a column first seen in events is added"
            + " on a second connection while the batch holds the first), 3 with batch.pipelining.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Pool size");
    d.define(
        POOL_MIN_IDLE,
        Type.INT,
        1,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP minimum idle connections per task.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Pool minimum idle");
    return o;
  }

  /**
   * How long the pool waits for a connection and keeps one. Returns the last order used in the
   * group.
   */
  private static int poolTimeouts(ConfigDef d, int o) {
    d.define(
        POOL_CONNECTION_TIMEOUT,
        Type.LONG,
        30_000L,
        Range.atLeast(250),
        Importance.LOW,
        "HikariCP connection timeout in milliseconds.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Connection timeout");
    d.define(
        POOL_IDLE_TIMEOUT,
        Type.LONG,
        600_000L,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP idle timeout in milliseconds: how long a connection above the minimum may sit"
            + " idle before it is closed.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Idle timeout");
    d.define(
        POOL_MAX_LIFETIME,
        Type.LONG,
        1_800_000L,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP maximum lifetime of a connection in milliseconds (0: no limit); keep it below"
            + " any connection time limit of the database or a proxy in between.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Maximum lifetime");
    return o;
  }

  /**
   * The transaction isolation of the loader's sessions. Returns the last order used in the group.
   */
  private static int session(ConfigDef d, int o) {
    d.define(
        TRANSACTION_ISOLATION,
        Type.STRING,
        null,
        ConfigDef.ValidString.in(
            null,
            "READ_COMMITTED",
            "REPEATABLE_READ",
            "SERIALIZABLE",
            "READ_UNCOMMITTED",
            "TRANSACTION_READ_COMMITTED",
            "TRANSACTION_REPEATABLE_READ",
            "TRANSACTION_SERIALIZABLE",
            "TRANSACTION_READ_UNCOMMITTED"),
        Importance.LOW,
        "Transaction isolation of the pool's connections; empty for read committed, which the"
            + " loader is built for (PostgreSQL's default; on MariaDB the loader's sessions set it,"
            + " as InnoDB's default is repeatable read).",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Transaction isolation");
    return o;
  }

  /**
   * How long the driver waits for the database's answer. Returns the last order used in the group.
   */
  private static int socketTimeout(ConfigDef d, int o) {
    d.define(
        SOCKET_TIMEOUT,
        Type.LONG,
        300_000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds a read from the database may wait for an answer before the connection is"
            + " given up as broken (the driver's socketTimeout: PostgreSQL's in whole seconds,"
            + " MariaDB's in milliseconds; 0: no limit). A database that stops answering then fails the batch, which is retried,"
            + " instead of hanging the task and its shutdown. Keep it above the longest statement"
            + " the loader runs (and above "
            + STATEMENT_TIMEOUT
            + " when set).",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Socket timeout");
    return o;
  }

  /** Whether a new connection prepares its database process. Returns the last order used. */
  private static int serverProcess(ConfigDef d, int o) {
    d.define(
        PREPARE_SERVER_PROCESS,
        Type.BOOLEAN,
        true,
        Importance.LOW,
        "Whether each new connection of the loader's pool prepares its database process for the"
            + " loader's statements, once when it opens. On PostgreSQL it allocates and frees a"
            + " block of 16 MiB (a few tens of ms), which makes a server process that uses glibc's"
            + " allocator keep the memory its statements free instead of handing it back to the"
            + " system and faulting it in again at every statement (about a tenth of the time of"
            + " the process writing the batches); the process then keeps up to 32 MiB more free"
            + " memory for its life. false leaves this statement out; the session's other settings"
            + " are made either way. MariaDB: no effect.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Prepare the server process");
    return o;
  }
}
