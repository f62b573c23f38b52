package io.vaultstream.spark.lake;

import io.vaultstream.spark.lake.LakeChanges.Action;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One change of a key's row in a micro-batch's {@link LakeChanges}: its action and the row (an
 * immutable map, {@link #NULL} standing for a null value). A key's later change folds into the one
 * before it, so that the batch's MERGE has one row per key.
 */
record LakeChange(Action action, Map<String, Object> row) {
  /** Stands for a null value in an immutable row. */
  static final Object NULL = new Object();

  /**
   * The one change that does what this change then {@code next} do to the row of their key. After
   * any change but a delete the key's row exists, so a later insert does nothing; of two earliest
   * sightings, the earlier load time (and its record source) wins.
   */
  LakeChange then(LakeChange next, String loadDts, String recordSource) {
    if (next.action() == Action.DELETE) {
      return next;
    }
    if (action() == Action.DELETE) {
      return new LakeChange(Action.UPSERT, next.row()); // the stored row is replaced
    }
    if (next.action() == Action.INSERT) {
      return this;
    }
    if (next.action() == Action.EARLIEST && action() == Action.EARLIEST) {
      Long was = micros(row().get(loadDts));
      Long now = micros(next.row().get(loadDts));
      if (was == null || now == null) {
        return next;
      }
      if (now >= was) {
        return this;
      }
      Map<String, Object> earlier = new LinkedHashMap<>(row());
      earlier.put(loadDts, next.row().get(loadDts));
      earlier.put(recordSource, next.row().getOrDefault(recordSource, NULL));
      return new LakeChange(Action.EARLIEST, Map.copyOf(earlier));
    }
    return next;
  }

  /**
   * A load time given as epoch microseconds (a number, or its text: the target's own times) or ISO
   * text, in microseconds; null when absent or not a time.
   */
  private static Long micros(Object v) {
    if (v == null || v == NULL) {
      return null;
    }
    try {
      return LakeValues.micros(LakeChanges.text(v, "TIMESTAMP"));
    } catch (DateTimeParseException | ArithmeticException e) {
      return null;
    }
  }
}
