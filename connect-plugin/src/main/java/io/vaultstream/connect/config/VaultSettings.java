package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.write.ColumnLimits;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigDef.Width;

/** The connector's keys of the vault: its model, schema and hashing. */
final class VaultSettings {
  private VaultSettings() {}

  /** The keys of the vault: its model, schema and hashing. */
  static void define(ConfigDef d) {
    int o = 0;
    o = model(d, o);
    o = allowedModelDir(d, o);
    o = targetSchema(d, o);
    o = tables(d, o);
    o = evolution(d, o);
    o = evolutionBounds(d, o);
    hashing(d, o);
  }

  /** Where the model is read from. Returns the last order used in the group. */
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
    return o;
  }

  /** The directory the model may be read from. Returns the last order used in the group. */
  private static int allowedModelDir(ConfigDef d, int o) {
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
    return o;
  }

  /** The schema of the vault's tables. Returns the last order used in the group. */
  private static int targetSchema(ConfigDef d, int o) {
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
   * Whether the vault's and the loader's tables are created at start. Returns the last order used
   * in the group.
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
    return o;
  }

  /** Whether columns first seen in events are added. Returns the last order used in the group. */
  private static int evolution(ConfigDef d, int o) {
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
    return o;
  }

  /**
   * How many columns one record and one table may add. Returns the last order used in the group.
   */
  private static int evolutionBounds(ConfigDef d, int o) {
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
    return o;
  }

  /** The hashing profile. Returns the last order used in the group. */
  private static int hashing(ConfigDef d, int o) {
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
