package io.vaultstream.decode;

import io.vaultstream.event.Operation;
import io.vaultstream.event.SourcePosition;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A record's operation, row image, event time (null: none of its own) and log position, read from a
 * Debezium envelope, a flattened record or an operation-column record.
 */
record Frame(Operation op, Map<String, Object> row, Long micros, Long lsn, String transaction) {

  Frame(Operation op, Map<String, Object> row, Long micros, Long lsn) {
    this(op, row, micros, lsn, null);
  }

  /**
   * The first candidate that is a transaction id: a number, or text of 1 to 200 printable ASCII
   * characters (ids and GTIDs are; anything else is not stored as one).
   */
  private static String transaction(Object... candidates) {
    for (Object c : candidates) {
      String s = c instanceof Number n ? n.toString() : c instanceof String t ? t : null;
      if (s != null && s.length() <= 200 && !s.isEmpty() && printableAscii(s)) {
        return s;
      }
    }
    return null;
  }

  // A loop, not a stream: this runs for every record of a transaction.
  private static boolean printableAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch <= 0x20 || ch >= 0x7f) {
        return false;
      }
    }
    return true;
  }

  /** The fields of a Debezium envelope's source block that a frame reads. */
  static final Set<String> SOURCE_FIELDS_READ = Set.of("ts_us", "ts_ms", "lsn", "txId", "gtid");

  /** Whether a value with these fields is a Debezium envelope. */
  static boolean isDebezium(Set<?> fields) {
    return fields.contains("op") && (fields.contains("after") || fields.contains("before"));
  }

  /** The frame of a record's value; null for records that carry no change (truncates). */
  static Frame of(Map<String, Object> value, DecoderOptions options, SourcePosition at) {
    if (isDebezium(value.keySet())) {
      return debezium(value, at);
    }
    if (value.containsKey("__op") || value.containsKey("__deleted")) {
      return flattened(value, at);
    }
    if (options.operationColumn() != null && value.containsKey(options.operationColumn())) {
      return operationColumn(value, options, at);
    }
    return new Frame(Operation.UPDATE, value, null, null);
  }

  @SuppressWarnings("unchecked")
  private static Frame debezium(Map<String, Object> v, SourcePosition at) {
    String op = String.valueOf(v.get("op"));
    Operation operation =
        switch (op) {
          case "c" -> Operation.INSERT;
          case "u" -> Operation.UPDATE;
          case "d" -> Operation.DELETE;
          case "r" -> Operation.READ;
          case "t", "m" -> null;
          default ->
              throw new DecodeException(
                  "unknown Debezium operation '" + op + "'; valid: c, u, d, r, t");
        };
    if (operation == null) {
      return null;
    }
    Object image = operation == Operation.DELETE ? v.get("before") : v.get("after");
    Map<String, Object> source =
        v.get("source") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    Long micros =
        EventTime.first(
            at,
            "source.ts_us",
            source.get("ts_us"),
            "source.ts_ms",
            source.get("ts_ms"),
            "ts_us",
            v.get("ts_us"),
            "ts_ms",
            v.get("ts_ms"));
    Long lsn = lsn(source.get("lsn"), "source.lsn", at);
    Object block = v.get("transaction");
    Object txId = block instanceof Map<?, ?> tx ? tx.get("id") : null;
    return new Frame(
        operation,
        image instanceof Map<?, ?> m ? (Map<String, Object>) m : null,
        micros,
        lsn,
        transaction(txId, source.get("txId"), source.get("gtid")));
  }

  private static Frame flattened(Map<String, Object> v, SourcePosition at) {
    Map<String, Object> row = new LinkedHashMap<>();
    v.forEach(
        (k, val) -> {
          if (!k.startsWith("__")) {
            row.put(k, val);
          }
        });
    Operation op = flattenedOperation(v);
    Long micros =
        EventTime.first(
            at,
            "__source_ts_us",
            v.get("__source_ts_us"),
            "__source_ts_ms",
            v.get("__source_ts_ms"),
            "__ts_us",
            v.get("__ts_us"),
            "__ts_ms",
            v.get("__ts_ms"));
    Long lsn =
        v.get("__source_lsn") instanceof Number
            ? lsn(v.get("__source_lsn"), "__source_lsn", at)
            : lsn(v.get("__lsn"), "__lsn", at);
    return new Frame(
        op,
        row,
        micros,
        lsn,
        transaction(v.get("__source_txId"), v.get("__transaction_id"), v.get("__source_gtid")));
  }

  /**
   * The operation of a flattened record: its {@code __op}, a delete when {@code __deleted} is true,
   * an update when it says neither.
   */
  private static Operation flattenedOperation(Map<String, Object> v) {
    Object o = v.get("__op");
    Operation op =
        o == null
            ? Operation.UPDATE
            : switch (o.toString()) {
              case "c" -> Operation.INSERT;
              case "u" -> Operation.UPDATE;
              case "d" -> Operation.DELETE;
              case "r" -> Operation.READ;
              default -> throw new DecodeException("unknown __op '" + o + "'; valid: c, u, d, r");
            };
    return "true".equalsIgnoreCase(String.valueOf(v.get("__deleted"))) ? Operation.DELETE : op;
  }

  private static Frame operationColumn(
      Map<String, Object> v, DecoderOptions options, SourcePosition at) {
    Object o = v.get(options.operationColumn());
    Operation op =
        switch (String.valueOf(o).trim().toUpperCase(Locale.ROOT)) {
          case "I", "INSERT", "C" -> Operation.INSERT;
          case "U", "UPDATE", "UN", "UO" -> Operation.UPDATE;
          case "D", "DELETE" -> Operation.DELETE;
          case "R", "READ" -> Operation.READ;
          default ->
              throw new DecodeException(
                  "unknown value '"
                      + o
                      + "' in operation column '"
                      + options.operationColumn()
                      + "'; valid: I, U, D");
        };
    Map<String, Object> row = new LinkedHashMap<>(v);
    row.remove(options.operationColumn());
    Long micros = null;
    if (options.timestampColumn() != null && v.get(options.timestampColumn()) != null) {
      micros = EventTime.ofColumn(v.get(options.timestampColumn()), options.timestampColumn(), at);
      row.remove(options.timestampColumn());
    }
    return new Frame(op, row, micros, null);
  }

  /**
   * A log position, exactly: {@code longValue()} of {@code 1e999999999} would compute its billion
   * digits, and a cut-off position would order the changes of a transaction wrongly.
   */
  static Long lsn(Object v, String field, SourcePosition at) {
    if (!(v instanceof Number)) {
      return null;
    }
    Long n = ExactNumbers.longValue(v);
    if (n == null) {
      throw new DecodeException(
          at
              + ": '"
              + field
              + "' holds "
              + ValueText.kind(v)
              + ", which is not a log position; valid: a whole number from "
              + Long.MIN_VALUE
              + " to "
              + Long.MAX_VALUE);
    }
    return n;
  }
}
