package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.write.ColumnLimits;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigDef.Width;

/**
 * The connector's keys that say where the vault is and what it holds: the connection and the vault
 * model.
 */
final class TargetSettings {
  private TargetSettings() {}

  /** The keys of the database connection and its pool. */
  static void connection(ConfigDef d) {
    int o = 0;
    o = database(d, o);
    o = pool(d, o);
    session(d, o);
  }

  /** The database and the loader's credentials. Returns the last order used in the group. */
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

  /** The connection pool. Returns the last order used in the group. */
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

  /** The loader's database sessions. Returns the last order used in the group. */
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

  /** The keys of the vault: its model, schema and hashing. */
  static void vault(ConfigDef d) {
    int o = 0;
    o = model(d, o);
    tables(d, o);
  }

  /**
   * Where the model is read from, and the schema of its tables. Returns the last order used in the
   * group.
   */
  private static int model(ConfigDef d, int o) {
    d.define(
        VAULT_MODEL,
        Type.STRING,
        "",
        Importance.HIGH,
        "The vault model as JSON or YAML text. Give this or " + VAULT_MODEL_PATH + ".",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model");
    d.define(
        VAULT_MODEL_PATH,
        Type.STRING,
        "",
        Importance.HIGH,
        "Path of the vault model file (JSON or YAML) on every worker. Give this or "
            + VAULT_MODEL
            + ".",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model file");
    d.define(
        VAULT_MODEL_ALLOWED_DIR,
        Type.STRING,
        "",
        Importance.MEDIUM,
        "A directory "
            + VAULT_MODEL_PATH
            + " must be inside, after symbolic links; empty (the default) for any path. The worker"
            + " reads the model file with its own permissions whenever a connector is created or"
            + " validated through the REST API, so set this where others may configure"
            + " connectors. In any case only a regular file of at most 4 MiB is read, and a file"
            + " that is not a vault model is never quoted in errors.",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model directory");
    d.define(
        TARGET_SCHEMA,
        Type.STRING,
        "",
        Importance.MEDIUM,
        "Database schema of the vault tables (on MariaDB a database); empty for the"
            + " connection's current schema (database). At most 63 bytes on PostgreSQL (which"
            + " would cut a longer name silently) and 64 characters on MariaDB.",
        GROUP_VAULT,
        ++o,
        Width.MEDIUM,
        "Target schema");
    return o;
  }

  /**
   * What the loader may change in the tables, and how it hashes. Returns the last order used in the
   * group.
   */
  private static int tables(ConfigDef d, int o) {
    d.define(
        AUTO_CREATE,
        Type.BOOLEAN,
        true,
        Importance.MEDIUM,
        "Create what is missing when a task starts: the model's vault tables with their ghost"
            + " records, and the loader's own tables (key map, offsets, waiting and error rows) with"
            + " their indexes. Off: they must all exist (the output of 'vaultstream ddl'), and the"
            + " database user needs no right to create tables.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto create");
    d.define(
        AUTO_EVOLVE,
        Type.BOOLEAN,
        true,
        Importance.MEDIUM,
        "Add an attribute column first seen in events to its table, when that table takes its"
            + " columns from events (a satellite or reference table whose model lists no"
            + " columns); the column is text, whatever its first value looks like (declare the"
            + " source's columns in the model for typed columns). Off: such an event fails the"
            + " task, naming the column and the ALTER TABLE that adds it. Adding a column needs the"
            + " table's owner (the loader's user when it created the table). Tables whose model"
            + " lists their columns never change: other columns of the source are not loaded.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto evolve");
    d.define(
        AUTO_EVOLVE_MAX_PER_RECORD,
        Type.INT,
        ColumnLimits.DEFAULT.perRecord(),
        Range.atLeast(1),
        Importance.LOW,
        "The most columns one record may add to a table that takes its columns from events; a"
            + " record that brings more is an error row (BAD_RECORD) before any ALTER TABLE.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto evolve: columns per record");
    d.define(
        AUTO_EVOLVE_MAX_PER_TABLE,
        Type.INT,
        ColumnLimits.DEFAULT.perTable(),
        Range.between(1, 1000),
        Importance.LOW,
        "The most columns a table that takes its columns from events may gain from them in all; a"
            + " record that would add more is an error row (BAD_RECORD) before any ALTER TABLE."
            + " PostgreSQL holds at most 1,600 columns and about 8 KB of row, MariaDB about 400"
            + " text columns.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto evolve: columns per table");
    d.define(
        HASH_PROFILE,
        Type.STRING,
        "",
        ValidString.in("", "automate-dv", "datavault4dbt", "vaultspeed"),
        Importance.LOW,
        "Overrides the model's hashing profile: automate-dv, datavault4dbt or vaultspeed; empty to keep the model's.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Hash profile");
    return o;
  }
}
