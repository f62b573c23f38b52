package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigDef.Width;

/**
 * The connector's keys of referential integrity: waiting rows, the watermark, the error table and
 * waiting events held in memory.
 */
final class IntegritySettings {
  private IntegritySettings() {}

  /** The keys of waiting rows, the watermark and the error table. */
  static void define(ConfigDef d) {
    int o = 0;
    o = waitingRows(d, o);
    o = holdTime(d, o);
    heldLimits(d, o);
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

  /**
   * How long a waiting event is held in memory before it becomes a waiting row. Returns the last
   * order used in the group.
   */
  private static int holdTime(ConfigDef d, int o) {
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
    return o;
  }

  /**
   * How many waiting events, and how many bytes of them, a task holds in memory at most. Returns
   * the last order used in the group.
   */
  private static int heldLimits(ConfigDef d, int o) {
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
}
