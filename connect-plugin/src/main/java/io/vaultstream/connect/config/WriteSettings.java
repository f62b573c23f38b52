package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.engine.PipelinePool;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.Width;

/** The connector's keys of writes: batches, retries and timeouts. */
final class WriteSettings {
  private WriteSettings() {}

  /** The keys of batches, retries and timeouts. */
  static void define(ConfigDef d) {
    int o = 0;
    o = batches(d, o);
    o = batchWait(d, o);
    o = readSkew(d, o);
    o = pipelining(d, o);
    o = keyMapCache(d, o);
    o = retries(d, o);
    o = timeouts(d, o);
    tableSizes(d, o);
  }

  /** How many records and bytes a batch holds at most. Returns the last order used in the group. */
  private static int batches(ConfigDef d, int o) {
    d.define(
        BATCH_SIZE,
        Type.INT,
        2500,
        Range.atLeast(1),
        Importance.MEDIUM,
        "Records buffered before they are written in one transaction (the buffer is also written at"
            + " an offset commit when no batch is being written). The buffered batch and the one"
            + " being written live through the worker's young garbage collections: with Kafka's"
            + " default heap and collector settings, 2500 keeps them small enough to be freed"
            + " young, where 5000 made the collector's time per event several times larger.",
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
    return o;
  }

  /** How long a buffered record waits at most. Returns the last order used in the group. */
  private static int batchWait(ConfigDef d, int o) {
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
    return o;
  }

  /**
   * How far in source time one partition may be read ahead of the others. Returns the last order
   * used in the group.
   */
  private static int readSkew(ConfigDef d, int o) {
    d.define(
        READ_SKEW_MAX,
        Type.LONG,
        1000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds of source time one partition may be read ahead of the slowest partition"
            + " that is still delivering records; a partition further ahead is paused until that"
            + " one catches up. A backlog of one topic per table is otherwise read in long runs of"
            + " one topic, and children read before their parents wait for them (in memory, or as"
            + " waiting rows written and read back). It applies while the task reads a backlog"
            + " (records written to Kafka more than 10 s before) and for 5 s after: a stream read as"
            + " it is written is not paced, a pause would only add latency. A partition that"
            + " delivered nothing for a second"
            + " (caught up, or quiet) holds no other back, and none stays paused longer than a"
            + " minute (a source whose clock runs ahead is read anyway, with a warning). Each task"
            + " paces its own partitions. 0 turns pacing off.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Read skew max");
    return o;
  }

  /**
   * Whether a batch is planned while the one before it is written. Returns the last order used in
   * the group.
   */
  private static int pipelining(ConfigDef d, int o) {
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

  /** How many rows' key map timelines a task keeps in memory. Returns the last order used. */
  private static int keyMapCache(ConfigDef d, int o) {
    d.define(
        KEY_MAP_CACHE_KEYS,
        Type.INT,
        100_000,
        Range.atLeast(0),
        Importance.LOW,
        "Rows whose key map entries (a source row's business keys over time) a task keeps in"
            + " memory between batches, so a row met again is not read from the database again;"
            + " past this many the task drops them all and starts over. Each batch first reads the"
            + " loaders' marks in vs_writers: when another loader wrote mappings, or the vault went"
            + " back to an earlier state, everything kept is dropped and read again. About 300 bytes"
            + " of heap per row (30 MB at the default); 0 turns keeping them off (every batch reads"
            + " what it needs).",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Key map cache keys");
    return o;
  }

  /**
   * Retries of operations that failed for a reason that can pass. Returns the last order used in
   * the group.
   */
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
    return o;
  }

  /** The timeouts of statements and schema changes. Returns the last order used in the group. */
  private static int timeouts(ConfigDef d, int o) {
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

  /** How often the queue tables' sizes are read. Returns the last order used in the group. */
  private static int tableSizes(ConfigDef d, int o) {
    d.define(
        TABLE_SIZES_INTERVAL,
        Type.LONG,
        30_000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds between two reads of the waiting and error tables' sizes and of the oldest"
            + " waiting row's age, which the task shows as JMX attributes (WaitingRows, ErrorRows,"
            + " OldestWaitingAgeMillis) for the alert rules. Each read counts the rows of both"
            + " tables, on a thread of its own, with one of the task's pooled connections for as"
            + " long as it takes; 0 turns the reads off (the attributes stay 0).",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Table sizes interval");
    return o;
  }
}
