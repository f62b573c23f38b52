package io.vaultstream.decode;

import io.vaultstream.event.SourcePosition;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.TypeGrammar;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Brings schemaless values to the SQL types a model declares for its source columns, so a record
 * without a schema hashes like one with a schema: {@code "2026-01-01T00:00:02Z"} in a timestamptz
 * column becomes an instant, {@code 29.7} in a numeric(12,2) column becomes {@code 29.70}. A value
 * the declared type cannot hold (as PostgreSQL would refuse it) is a bad record naming the column.
 */
final class DeclaredTypes {
  private DeclaredTypes() {}

  /**
   * The row with declared columns converted; the row itself when the source declares no types.
   *
   * @param keyOnly only the primary key's columns (a delete's before image: under PostgreSQL's
   *     default replica identity its other columns hold placeholders such as {@code ""}, which the
   *     loader never uses and which need not fit their types)
   */
  static Map<String, Object> apply(
      SourceTable source, Map<String, Object> row, SourcePosition at, boolean keyOnly) {
    if (!source.declaresColumns()) {
      return row;
    }
    Map<String, Object> out = null;
    for (Map.Entry<String, String> c : source.columns().entrySet()) {
      Object v = row.get(c.getKey());
      if (c.getValue() == null
          || v == null
          || (keyOnly && !source.primaryKey().contains(c.getKey()))) {
        continue;
      }
      // The grammar's canonical spelling ("timestamp(3) with time zone" is "timestamptz(3)"), so
      // every form the model accepts converts as its type; the raw text only for unchecked models.
      String canonical = TypeGrammar.canonical(c.getValue());
      String type = canonical != null ? canonical : c.getValue().toLowerCase(Locale.ROOT).trim();
      Object converted;
      try {
        converted = convert(type, v);
      } catch (Misfit e) {
        throw misfit(at, source, c.getKey(), c.getValue(), v, e.getMessage());
      } catch (RuntimeException e) {
        throw misfit(at, source, c.getKey(), c.getValue(), v, validFor(type));
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

  /** Why a value does not fit, when there is more to say than the type. */
  static final class Misfit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Misfit(String valid) {
      super(valid, null, false, false);
    }
  }

  /** A declared text type with a length: {@code varchar(n)}, {@code char(n)}, {@code char}. */
  private static final Pattern TEXT_LENGTH = Pattern.compile("(varchar|char)(?:\\((\\d+)\\))?");

  /**
   * Refuses a text longer than its declared length: PostgreSQL's cast to {@code char(n)} or {@code
   * varchar(n)} would cut it silently, and the vault would store another value than the source's.
   */
  private static Object checkLength(Matcher m, Object v) {
    int max =
        m.group(2) != null ? Integer.parseInt(m.group(2)) : m.group(1).equals("char") ? 1 : -1;
    String text = max < 0 ? null : CanonicalText.of(v);
    if (text != null && text.length() > max && text.codePointCount(0, text.length()) > max) {
      throw new Misfit("a text of at most " + max + " characters");
    }
    return v;
  }

  private static Object convert(String type, Object v) {
    Matcher text = TEXT_LENGTH.matcher(type);
    if (text.matches()) {
      return checkLength(text, v);
    }
    if (type.startsWith("time") || type.equals("date")) {
      return temporal(type, v);
    }
    if (type.equals("boolean") || type.equals("bool")) {
      return bool(v);
    }
    if (type.equals("bytea")) {
      return v instanceof String s ? Base64.getDecoder().decode(s) : v;
    }
    return DeclaredNumbers.convert(type, v);
  }

  /** The timestamp, date and time types: text parsed, other values as they are. */
  private static Object temporal(String type, Object v) {
    if (type.startsWith("timestamptz") || type.startsWith("timestamp with time zone")) {
      return v instanceof String s ? instant(s) : v;
    }
    if (type.startsWith("timestamp")) {
      return v instanceof String s ? LocalDateTime.parse(s.trim().replace(' ', 'T')) : v;
    }
    if (type.equals("date")) {
      return date(v);
    }
    if (type.startsWith("timetz") || type.startsWith("time with time zone")) {
      return v instanceof String s ? OffsetTime.parse(s.trim()) : v;
    }
    if (v instanceof String s) {
      String t = s.trim();
      // PostgreSQL's time accepts 24:00:00 (see TimeOfDay).
      return TimeOfDay.isEndOfDay(t) ? TimeOfDay.END_OF_DAY : LocalTime.parse(t);
    }
    return v;
  }

  private static Object date(Object v) {
    if (v instanceof String s) {
      return LocalDate.parse(s.trim());
    }
    if (v instanceof Number) {
      Long days = ExactNumbers.longValue(v);
      if (days == null) {
        throw new Misfit("a whole number of days since 1970-01-01, or YYYY-MM-DD");
      }
      return LocalDate.ofEpochDay(days);
    }
    return v;
  }

  private static String validFor(String type) {
    if (type.startsWith("timestamp")) {
      return "an ISO-8601 timestamp, YYYY-MM-DD HH:MM:SS[.ffffff][+HH:MM]";
    }
    if (type.equals("date")) {
      return "YYYY-MM-DD, or a whole number of days since 1970-01-01";
    }
    if (type.startsWith("time")) {
      return "HH:MM:SS[.ffffff]" + (type.contains("z") ? "+HH:MM" : "") + ", up to 24:00:00";
    }
    return type.equals("bytea") ? "base64 text" : null;
  }

  /** The spellings PostgreSQL's boolean input accepts. */
  private static Boolean bool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    return switch (v.toString().trim().toLowerCase(Locale.ROOT)) {
      case "true", "t", "yes", "y", "on", "1" -> Boolean.TRUE;
      case "false", "f", "no", "n", "off", "0" -> Boolean.FALSE;
      default -> throw new Misfit("true, false, t, f, yes, no, on, off, 1 or 0");
    };
  }

  private static Instant instant(String s) {
    String t = s.trim();
    try {
      return OffsetDateTime.parse(t.replace(' ', 'T')).toInstant();
    } catch (DateTimeException e) {
      // A timestamp without an offset is taken as UTC, as the canonical text of a timestamp is in
      // UTC.
      return LocalDateTime.parse(t.replace(' ', 'T')).toInstant(java.time.ZoneOffset.UTC);
    }
  }

  private static DecodeException misfit(
      SourcePosition at, SourceTable source, String column, String type, Object v, String valid) {
    return new DecodeException(
        at
            + ": column '"
            + column
            + "' of source '"
            + source.name()
            + "' holds "
            + ValueText.kind(v)
            + ", which is not a "
            + type
            + " as the model declares (sources."
            + source.name()
            + ".columns)"
            + (valid == null ? "" : "; valid: " + valid));
  }
}
