package io.vaultstream.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values already normalised to maps, as the Connect adapter hands them to {@code decodeMap}: Java
 * values JSON cannot carry (NaN, infinities, floats, byte arrays, huge BigIntegers) and nesting far
 * deeper than a JSON parser allows.
 */
final class MapRecords {
  /** Whole numbers at and beyond PostgreSQL numeric's 131,072 digits (computed once). */
  private static final List<BigInteger> HUGE =
      List.of(
          BigInteger.TEN.pow(38),
          BigInteger.TEN.pow(131_071),
          BigInteger.TEN.pow(131_072),
          BigInteger.TEN.pow(140_000).negate());

  private final Hostile h;

  MapRecords(Hostile h) {
    this.h = h;
  }

  /** A random Debezium or flattened map for the topic. */
  Map<String, Object> any(String topic) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (String k : JsonRecords.keyColumns(topic)) {
      if (h.chance(0.9)) {
        row.put(k, h.chance(0.8) ? (Object) (long) h.between(1, 300) : value(1));
      }
    }
    for (int i = h.between(0, 5); i > 0; i--) {
      row.put(h.name(), value(2));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    if (h.chance(0.5)) {
      out.put("op", h.chance(0.8) ? h.pick(List.of("c", "u", "r", "d")) : value(0));
      out.put("after", row);
      out.put("before", h.chance(0.5) ? row : null);
      Map<String, Object> source = new LinkedHashMap<>();
      source.put("ts_ms", h.chance(0.8) ? 1_700_000_000_000L : value(0));
      out.put("source", source);
      return out;
    }
    out.putAll(row);
    if (h.chance(0.5)) {
      out.put("__op", h.chance(0.8) ? h.pick(List.of("c", "u", "r", "d")) : value(0));
    }
    return out;
  }

  /** Any normalised value, at most {@code depth} levels deep. */
  Object value(int depth) {
    return switch (h.between(0, depth <= 0 ? 13 : 15)) {
      case 0 -> null;
      case 1 -> Double.NaN;
      case 2 -> Double.POSITIVE_INFINITY;
      case 3 -> -0.0d;
      case 4 -> Float.MIN_VALUE;
      case 5 -> new BigDecimal(h.pick(Hostile.NUMBERS));
      case 6 -> h.pick(HUGE);
      case 7 -> new byte[] {0, 1, (byte) 0xff};
      case 8 -> (short) -1;
      case 9 -> Long.MIN_VALUE;
      case 10 -> Boolean.TRUE;
      case 11 -> new java.util.Date(Long.MAX_VALUE);
      case 12, 13 -> h.text();
      case 14 -> {
        List<Object> l = new ArrayList<>();
        for (int i = h.between(0, 3); i > 0; i--) {
          l.add(value(depth - 1));
        }
        yield l;
      }
      default -> {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = h.between(0, 3); i > 0; i--) {
          m.put(h.name(), value(depth - 1));
        }
        yield m;
      }
    };
  }

  /** A product whose {@code deep} column is a map (or list) nested {@code depth} levels. */
  static Map<String, Object> deep(long id, int depth, boolean lists) {
    Object inner = 1L;
    for (int i = 0; i < depth; i++) {
      inner = lists ? new ArrayList<>(List.of(inner)) : new LinkedHashMap<>(Map.of("n", inner));
    }
    Map<String, Object> after = new LinkedHashMap<>();
    after.put("id", id);
    after.put("sku", "DEEP-" + id);
    after.put("deep", inner);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("op", "c");
    out.put("after", after);
    out.put("source", Map.of("ts_ms", 1_700_000_000_000L));
    return out;
  }
}
