package io.vaultstream.decode;

import io.vaultstream.model.SourceTable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings schemaless values to the SQL types a model declares for its source columns, so a record
 * without a schema hashes like one with a schema: {@code "2026-01-01T00:00:02Z"} in a timestamptz
 * column becomes an instant, {@code 29.7} in a numeric(12,2) column becomes {@code 29.70}.
 */
final class DeclaredTypes {
  private static final Pattern SCALE =
      Pattern.compile("(?:numeric|decimal)\\s*\\(\\s*\\d+\\s*,\\s*(\\d+)\\s*\\)");

  private DeclaredTypes() {}

  /** The row with declared columns converted; the row itself when the source declares no types. */
  static Map<String, Object> apply(SourceTable source, Map<String, Object> row) {
    if (!source.declaresColumns()) {
      return row;
    }
    Map<String, Object> out = null;
    for (Map.Entry<String, String> c : source.columns().entrySet()) {
      Object v = row.get(c.getKey());
      if (c.getValue() == null || v == null) {
        continue;
      }
      Object converted;
      try {
        converted = convert(c.getValue().toLowerCase(Locale.ROOT).trim(), v);
      } catch (RuntimeException e) {
        throw new DecodeException(
            "column '"
                + c.getKey()
                + "' of source '"
                + source.name()
                + "' is declared "
                + c.getValue()
                + ", but the value '"
                + v
                + "' is not one");
      }
      if (converted != v) {
        if (out == null) {
          out = new LinkedHashMap<>(row);
        }
        out.put(c.getKey(), converted);
      }
    }
    return out == null ? row : out;
  }

  private static Object convert(String type, Object v) {
    if (type.startsWith("timestamptz") || type.startsWith("timestamp with time zone")) {
      return v instanceof String s ? instant(s) : v;
    }
    if (type.startsWith("timestamp")) {
      return v instanceof String s ? LocalDateTime.parse(s.trim().replace(' ', 'T')) : v;
    }
    if (type.equals("date")) {
      if (v instanceof String s) {
        return LocalDate.parse(s.trim());
      }
      return v instanceof Number n ? LocalDate.ofEpochDay(n.longValue()) : v;
    }
    if (type.startsWith("time")) {
      return v instanceof String s ? LocalTime.parse(s.trim()) : v;
    }
    if (type.startsWith("numeric") || type.startsWith("decimal")) {
      if (!(v instanceof Number || v instanceof String)) {
        return v;
      }
      BigDecimal d = v instanceof BigDecimal b ? b : new BigDecimal(v.toString().trim());
      Matcher m = SCALE.matcher(type);
      if (m.find() && d.scale() != Integer.parseInt(m.group(1))) {
        // As PostgreSQL stores a value in numeric(p,s): rounded half away from zero.
        d = d.setScale(Integer.parseInt(m.group(1)), RoundingMode.HALF_UP);
      }
      return d;
    }
    if (type.equals("bigint") || type.equals("int8")) {
      return v instanceof Long
          ? v
          : Long.valueOf(new BigDecimal(v.toString().trim()).longValueExact());
    }
    if (type.equals("integer")
        || type.equals("int")
        || type.equals("int4")
        || type.equals("smallint")
        || type.equals("int2")) {
      return v instanceof Integer
          ? v
          : Integer.valueOf(new BigDecimal(v.toString().trim()).intValueExact());
    }
    if (type.equals("boolean") || type.equals("bool")) {
      if (v instanceof Boolean) {
        return v;
      }
      String s = v.toString().trim().toLowerCase(Locale.ROOT);
      if (s.equals("true") || s.equals("t") || s.equals("1")) {
        return Boolean.TRUE;
      }
      if (s.equals("false") || s.equals("f") || s.equals("0")) {
        return Boolean.FALSE;
      }
      throw new IllegalArgumentException(s);
    }
    if (type.equals("bytea")) {
      return v instanceof String s ? Base64.getDecoder().decode(s) : v;
    }
    return v;
  }

  private static Instant instant(String s) {
    String t = s.trim();
    try {
      return OffsetDateTime.parse(t.replace(' ', 'T')).toInstant();
    } catch (DateTimeParseException e) {
      // A timestamp without an offset is taken as UTC (SPEC 4).
      return LocalDateTime.parse(t.replace(' ', 'T')).toInstant(java.time.ZoneOffset.UTC);
    }
  }
}
