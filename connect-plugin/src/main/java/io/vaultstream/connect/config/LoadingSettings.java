package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.engine.PipelinePool;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigDef.Width;

/**
 * The connector's keys that say how records are loaded: referential integrity, input records and
 * writes.
 */
final class LoadingSettings {
  private LoadingSettings() {}

  /** The keys of waiting rows, the watermark and the error table. */
  static void integrity(ConfigDef d) {
    int o = 0;
    o = waitingRows(d, o);
    heldEvents(d, o);
  }

  /** Waiting rows, the watermark and the error table. Returns the last order used in the group. */
  private static int waitingRows(ConfigDef d, int o) {
    d.define(
        WATERMARK,
        Type.LONG,
        120L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Seconds a link row waits for its parent before it goes to the error table (VaultSpeed WATER_MARK_SIZE).",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Watermark");
    d.define(
        RETENTION,
        Type.LONG,
        120L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Seconds an unresolved error row is retried before it is released (VaultSpeed ERROR_RECORD_RETENTION_TIME).",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Error retention");
    d.define(
        EXPIRED_ACTION,
        Type.STRING,
        "unknown",
        ValidString.in("unknown", "drop"),
        Importance.LOW,
        "What happens to a reference still unresolved after the retention: 'unknown' loads it against the unknown ghost"
            + " record (a later parent still creates the correct link), 'drop' drops it.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Expired references");
    return o;
  }

  /** Waiting events held in memory. Returns the last order used in the group. */
  private static int heldEvents(ConfigDef d, int o) {
    d.define(
        HOLD_MS,
        Type.LONG,
        0L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds an event whose parent has not arrived is kept in memory, retried with each"
            + " batch, before it is written as a waiting row (at most half the watermark). Most"
            + " parents arrive a batch or two later, and a wait that ends in memory writes no"
            + " waiting row. The offset committed for a partition stays at its earliest held event"
            + " until that event loads, so a restart reads it (and the records after it) again;"
            + " those load idempotently. 0 (the default) writes the waiting row at once, and it is"
            + " retried with every batch until its parent arrives or the watermark passes; 5000"
            + " suits a first load of a backlog.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Hold waiting events");
    d.define(
        HOLD_MAX_EVENTS,
        Type.INT,
        20_000,
        Range.atLeast(0),
        Importance.LOW,
        "At most this many waiting events are held in memory per task; further ones are written"
            + " as waiting rows at once.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Held events limit");
    d.define(
        HOLD_MAX_BYTES,
        Type.LONG,
        64L << 20,
        Range.atLeast(0),
        Importance.LOW,
        "At most about this many bytes of waiting events are held in memory per task (64 MiB by"
            + " default), estimated from each event's decoded row: twice its size in memory (the"
            + " row, and the raw record kept for the waiting row it may become) plus 512 bytes."
            + " Further events are written as waiting rows at once, so a few large records cannot"
            + " fill the heap.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Held bytes limit");
    return o;
  }

  /** The keys of how records are read. */
  static void input(ConfigDef d) {
    int o = 0;
    o = columns(d, o);
    registry(d, o);
  }

  /**
   * The columns that carry the operation and the event time. Returns the last order used in the
   * group.
   */
  private static int columns(ConfigDef d, int o) {
    d.define(
        OPERATION_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records (VaultSpeed/GoldenGate style): the column holding I, U or D. Debezium envelopes and"
            + " flattened records are detected without it.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Operation column");
    d.define(
        TIMESTAMP_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records: the column holding the change time; empty to use the Kafka timestamp.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Timestamp column");
    return o;
  }

  /** The schema registry. Returns the last order used in the group. */
  private static int registry(ConfigDef d, int o) {
    d.define(
        SCHEMA_REGISTRY,
        Type.STRING,
        "",
        Importance.LOW,
        "Schema registry URL for Confluent wire-format Avro values read with the ByteArrayConverter (the engine"
            + " fetches writer schemas by id with GET /schemas/ids/{id}); empty when values are not Avro or the"
            + " worker's Avro converter already decodes them. Without user info: a URL with"
            + " user:password@ is refused (Connect shows the URL in the connector's configuration);"
            + " give the credentials in "
            + SCHEMA_REGISTRY_USER_INFO
            + ".",
        GROUP_INPUT,
        ++o,
        Width.LONG,
        "Schema registry");
    d.define(
        SCHEMA_REGISTRY_USER_INFO,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "user:password for HTTP basic authentication to the schema registry (Confluent's"
            + " basic.auth.user.info with basic.auth.credentials.source=USER_INFO), in place of"
            + " user info in the URL (Confluent's source URL), which "
            + SCHEMA_REGISTRY
            + " refuses. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry user info");
    d.define(
        SCHEMA_REGISTRY_BEARER_TOKEN,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "A token for bearer authentication to the schema registry (Confluent's bearer.auth.token"
            + " with bearer.auth.credentials.source=STATIC_TOKEN); not together with basic"
            + " authentication. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry token");
    return o;
  }

  /** The keys of batches, retries and timeouts. */
  static void writes(ConfigDef d) {
    int o = 0;
    o = batches(d, o);
    retries(d, o);
  }

  /** When a batch ends, and whether batches overlap. Returns the last order used in the group. */
  private static int batches(ConfigDef d, int o) {
    d.define(
        BATCH_SIZE,
        Type.INT,
        5000,
        Range.atLeast(1),
        Importance.MEDIUM,
        "Records buffered before they are written in one transaction (the buffer is also written at an offset commit when no batch is being written).",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch size");
    d.define(
        BATCH_MAX_BYTES,
        Type.LONG,
        64L << 20,
        Range.atLeast(1),
        Importance.LOW,
        "At most about this many bytes of records are buffered per task before they are written"
            + " in one transaction (64 MiB by default), estimated as "
            + HOLD_MAX_BYTES
            + " estimates held events: twice each record's decoded row in memory plus 512 bytes."
            + " A batch ends at "
            + BATCH_SIZE
            + " records or at this size, whichever comes first, so a few large records cannot fill"
            + " the worker's heap.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch max bytes");
    d.define(
        BATCH_MAX_WAIT,
        Type.LONG,
        250L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Milliseconds a buffered record waits at most before its batch is written, so a slow stream"
            + " still reaches the vault quickly; 0 writes at every put. It applies while no batch is"
            + " being written: meanwhile the buffer fills on up to batch.size or batch.max.bytes,"
            + " and is written as soon as the writer is free, so batches grow under a backlog.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch max wait");
    d.define(
        BATCH_PIPELINING,
        Type.BOOLEAN,
        true,
        Importance.LOW,
        "Plan each batch (waiting rows, key map, rows to write) while the previous batch is being"
            + " written, so the task's work and the database's work overlap. Batches still commit"
            + " one by one, in order, each in one transaction. Uses one more pooled connection"
            + " (needs "
            + POOL_MAX_SIZE
            + " of at least "
            + PipelinePool.MIN_SIZE
            + ").",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch pipelining");
    return o;
  }

  /** Retries and timeouts. Returns the last order used in the group. */
  private static int retries(ConfigDef d, int o) {
    d.define(
        MAX_RETRIES,
        Type.INT,
        10,
        Range.atLeast(0),
        Importance.LOW,
        "Times an operation that failed for a reason that can pass (the database unreachable or"
            + " restarting, a lost connection, a serialization failure or deadlock, a lock or"
            + " statement timeout, a schema registry outage) is retried before the task fails:"
            + " writing a batch, and opening the vault when the task starts. A failure that cannot"
            + " pass (authentication, a missing privilege, table or column) fails the task at once.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Max retries");
    d.define(
        RETRY_BACKOFF,
        Type.LONG,
        3000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds to wait before such a retry.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Retry backoff");
    d.define(
        STATEMENT_TIMEOUT,
        Type.LONG,
        0L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds the database lets one statement of the loader run before it cancels it"
            + " (PostgreSQL: statement_timeout; MariaDB: max_statement_time; the batch is then"
            + " retried); 0 (the default) sets"
            + " none and keeps the server's or role's setting. Off by default because the slowest"
            + " legitimate statement (an index built at start-up on a large existing table, a"
            + " vacuum of the loader's queue tables) depends on the database, and "
            + SOCKET_TIMEOUT
            + " already bounds a database that hangs. When set, keep it below "
            + SOCKET_TIMEOUT
            + ".",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Statement timeout");
    d.define(
        DDL_LOCK_TIMEOUT,
        Type.LONG,
        5000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds a schema change of the loader (a column first seen in events, the tables"
            + " created at start-up) waits for its table's lock (PostgreSQL: lock_timeout; on MariaDB"
            + " the loader sets none and the server's lock_wait_timeout applies). While it"
            + " waits, every later reader of the table waits behind it; so it gives up and is tried"
            + " again (three attempts, then the batch is retried). 0 waits without limit.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "DDL lock timeout");
    return o;
  }
}
