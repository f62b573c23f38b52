package io.vaultstream.model;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL column types a model may declare: a strict grammar, because a declared type is pasted
 * into {@code CREATE TABLE}, {@code ADD COLUMN} and {@code CAST(... AS type)} and must never carry
 * SQL of its own. Case-insensitive and whitespace-tolerant; everything else is refused.
 */
public final class TypeGrammar {
  /** The accepted forms, for messages. */
  public static final String VALID_FORMS =
      "smallint (int2), integer (int, int4), bigint (int8), real (float4), double precision"
          + " (float, float8), numeric[(p[,s])] or decimal[(p[,s])] with 1 <= p <= 1000 and"
          + " 0 <= s <= p, text, varchar[(n)] or character varying[(n)], char[(n)] or"
          + " character[(n)] with 1 <= n <= 10485760, boolean (bool), date, time[(p)]"
          + " [with time zone | without time zone], timetz[(p)], timestamp[(p)]"
          + " [with time zone | without time zone], timestamptz[(p)] with 0 <= p <= 6, bytea,"
          + " uuid, json, jsonb";

  private static final int MAX_NUMERIC_PRECISION = 1000;
  private static final int MAX_LENGTH = 10_485_760;
  private static final int MAX_TIME_PRECISION = 6;
  private static final int MAX_TYPE_LENGTH = 64;

  /** One form: a pattern over the normalised text and its canonical spelling. */
  private record Form(Pattern pattern, Function<Matcher, String> canonical) {}

  private static final List<Form> FORMS =
      List.of(
          plain("smallint|int2", "smallint"),
          plain("integer|int|int4", "integer"),
          plain("bigint|int8", "bigint"),
          plain("real|float4", "real"),
          plain("double precision|float8|float", "double precision"),
          plain("text", "text"),
          plain("boolean|bool", "boolean"),
          plain("date", "date"),
          plain("bytea", "bytea"),
          plain("uuid", "uuid"),
          plain("json", "json"),
          plain("jsonb", "jsonb"),
          form(
              "(?:numeric|decimal)(?:\\((\\d{1,4})(?:,(\\d{1,4}))?\\))?",
              m -> numeric(m.group(1), m.group(2))),
          form("(?:varchar|character varying)(?:\\((\\d{1,8})\\))?", m -> length("varchar", m)),
          form("(?:char|character)(?:\\((\\d{1,8})\\))?", m -> length("char", m)),
          form("time(?:\\((\\d)\\))?(?: without time zone)?", m -> timed("time", m)),
          form(
              "time(?:\\((\\d)\\))? with time zone|timetz(?:\\((\\d)\\))?",
              m -> timed("timetz", m)),
          form("timestamp(?:\\((\\d)\\))?(?: without time zone)?", m -> timed("timestamp", m)),
          form(
              "timestamp(?:\\((\\d)\\))? with time zone|timestamptz(?:\\((\\d)\\))?",
              m -> timed("timestamptz", m)));

  private TypeGrammar() {}

  private static Form plain(String alternatives, String canonical) {
    return new Form(Pattern.compile(alternatives), m -> canonical);
  }

  private static Form form(String regex, Function<Matcher, String> canonical) {
    return new Form(Pattern.compile(regex), canonical);
  }

  /**
   * The canonical spelling of a declared type ({@code "TIMESTAMP (3) WITH TIME ZONE"} gives {@code
   * timestamptz(3)}, {@code "int4"} gives {@code integer}), or null when the type is not one of
   * {@link #VALID_FORMS}.
   */
  public static String canonical(String type) {
    if (type == null || type.length() > MAX_TYPE_LENGTH) {
      return null;
    }
    String t = normalise(type);
    for (Form f : FORMS) {
      Matcher m = f.pattern().matcher(t);
      if (m.matches()) {
        return f.canonical().apply(m);
      }
    }
    return null;
  }

  /** Whether the type is one of {@link #VALID_FORMS}. */
  public static boolean isValid(String type) {
    return canonical(type) != null;
  }

  /** Lower case, single spaces, none around parentheses and commas. */
  private static String normalise(String type) {
    return type.toLowerCase(Locale.ROOT)
        .strip()
        .replaceAll("\\s+", " ")
        .replaceAll(" ?\\( ?", "(")
        .replaceAll(" ?, ?", ",")
        .replaceAll(" ?\\)", ")");
  }

  /** Null (not a valid form) when the bounds are broken. */
  private static String numeric(String p, String s) {
    if (p == null) {
      return "numeric";
    }
    int precision = Integer.parseInt(p);
    int scale = s == null ? 0 : Integer.parseInt(s);
    if (precision < 1 || precision > MAX_NUMERIC_PRECISION || scale > precision) {
      return null;
    }
    return "numeric(" + precision + (s == null ? "" : "," + scale) + ")";
  }

  private static String length(String base, Matcher m) {
    if (m.group(1) == null) {
      return base;
    }
    int n = Integer.parseInt(m.group(1));
    return n < 1 || n > MAX_LENGTH ? null : base + "(" + n + ")";
  }

  private static String timed(String base, Matcher m) {
    String p = null;
    for (int g = 1; g <= m.groupCount(); g++) {
      p = p == null ? m.group(g) : p;
    }
    if (p == null) {
      return base;
    }
    int precision = Integer.parseInt(p);
    return precision > MAX_TIME_PRECISION ? null : base + "(" + precision + ")";
  }
}
