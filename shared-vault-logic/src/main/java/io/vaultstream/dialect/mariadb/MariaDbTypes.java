package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.model.TypeGrammar;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MariaDB's {@link ColumnTypes}: the vault's column types, a model's declared types (written as the
 * model grammar spells them) translated, and the dialect's own types recognized, so that every type
 * pasted into SQL is one of a closed set.
 */
interface MariaDbTypes extends ColumnTypes {
  /**
   * Characters of the engine's own key columns: two (4 bytes a character) and a DATETIME fit one
   * InnoDB index (3072 bytes), so a key of the 2,000 bytes the engine allows elsewhere cannot.
   */
  int KEY_TEXT_CHARS = 380;

  /** Text in a primary key (an index cannot hold LONGTEXT): three fit one index. */
  String KEY_COLUMN_TEXT = "VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

  String TEXT = "LONGTEXT";

  /**
   * A model's {@code uuid}: its text form (what PostgreSQL's uuid reads back as), each value
   * checked as a UUID where it is stored ({@link Kind#UUID}).
   */
  String UUID = "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin";

  @Override
  default String hashType(int hexLength, boolean binary) {
    return binary
        ? "BINARY(" + (hexLength / 2) + ")"
        : "CHAR(" + hexLength + ") CHARACTER SET ascii COLLATE ascii_bin";
  }

  @Override
  default String textType() {
    return TEXT;
  }

  /** Byte-wise compared text of {@link #KEY_TEXT_CHARS} characters. */
  @Override
  default String keyTextType() {
    return "VARCHAR(" + KEY_TEXT_CHARS + ") CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
  }

  @Override
  default int maxKeyChars() {
    return KEY_TEXT_CHARS;
  }

  @Override
  default String codeType() {
    return "VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin";
  }

  @Override
  default String timestampType() {
    return "DATETIME(6)";
  }

  @Override
  default String booleanType() {
    return "BOOLEAN";
  }

  @Override
  default String identityType() {
    return "BIGINT AUTO_INCREMENT";
  }

  /** The widest DECIMAL MariaDB and MySQL hold: 65 digits, 30 after the point. */
  int MAX_PRECISION = 65;

  int MAX_SCALE = 30;

  /** Longest VARCHAR that fits a row of utf8mb4 text; longer ones are LONGTEXT. */
  int MAX_VARCHAR = 16_383;

  /** The dialect's own spellings, and those information_schema.columns.column_type reports. */
  Pattern OWN =
      Pattern.compile(
          "(?i)(?:tinyint|smallint|mediumint|int|integer|bigint)(?:\\(\\d{1,3}\\))?(?: unsigned)?"
              + "(?: auto_increment)?"
              + "|decimal\\(\\d{1,2}(?:,\\d{1,2})?\\)|double|float|date|datetime(?:\\(\\d\\))?"
              + "|time(?:\\(\\d\\))?|boolean"
              + "|(?:(?:char|varchar|binary|varbinary)\\(\\d{1,5}\\)|(?:tiny|medium|long)?(?:text|blob))"
              + "(?: character set \\w{1,64})?(?: collate \\w{1,64})?");

  Pattern NUMERIC = Pattern.compile("numeric(?:\\((\\d+)(?:,(\\d+))?\\))?");
  Pattern SIZED = Pattern.compile("(varchar|char)(?:\\((\\d+)\\))?");
  Pattern TIMED = Pattern.compile("(timestamptz|timestamp|timetz|time)(?:\\((\\d)\\))?");

  /** The type as MariaDB spells it: a model's type translated, a MariaDB type as it is. */
  @Override
  default String checkedType(String type) {
    if (type != null) {
      String stripped = type.strip().replaceAll("\\s+", " ");
      if (TypeGrammar.isValid(stripped)) {
        return fromModel(TypeGrammar.canonical(stripped));
      }
      if (OWN.matcher(stripped).matches()) {
        return stripped;
      }
    }
    String shown = type == null || type.length() <= 60 ? type : type.substring(0, 60) + "...";
    throw new IllegalArgumentException(
        "The column type '"
            + shown
            + "' is refused: it is not a MariaDB type the loader writes nor one of the forms a"
            + " model may declare ("
            + TypeGrammar.VALID_FORMS
            + "); no SQL was built with it");
  }

  /** Integer types as the catalog lists them, with a display width. */
  Pattern INTEGER_WIDTH = Pattern.compile("(smallint|int|bigint)\\(\\d+\\)( signed)?");

  /** DATETIME and TIME as the catalog lists them: no precision is 0. */
  Pattern DATETIME_OR_TIME = Pattern.compile("(datetime|time)(?:\\((\\d)\\))?");

  /**
   * A MariaDB column type (as the catalog lists it, or as {@link #checkedType} writes a model's) in
   * the model's canonical spelling, or null for the types a model's type does not map back from
   * (TINYINT(1) of a boolean, LONGBLOB and the like). LONGTEXT, which holds what a model's text
   * holds, is text; DATETIME(p) is timestamp(p), the type a model's timestamp becomes.
   */
  @Override
  default String canonicalType(String type) {
    if (type == null) {
      return null;
    }
    String t = type.strip().toLowerCase(Locale.ROOT);
    int charset = t.indexOf(" character set ");
    if (charset >= 0) {
      t = t.substring(0, charset);
    }
    Matcher m = INTEGER_WIDTH.matcher(t);
    if (m.matches()) {
      t = m.group(1);
    }
    m = DATETIME_OR_TIME.matcher(t);
    if (m.matches()) {
      String base = m.group(1).equals("datetime") ? "timestamp" : "time";
      return base + "(" + (m.group(2) == null ? "0" : m.group(2)) + ")";
    }
    return switch (t) {
      case "longtext" -> "text";
      case "float" -> "real";
      case "double" -> "double precision";
      default -> TypeGrammar.canonical(t);
    };
  }

  /** A model's type (canonical spelling) as a MariaDB type. */
  private static String fromModel(String canonical) {
    String t = canonical.toLowerCase(Locale.ROOT);
    String unsized = unsized(t);
    if (unsized != null) {
      return unsized;
    }
    Matcher m = NUMERIC.matcher(t);
    if (m.matches()) {
      return decimal(m.group(1), m.group(2), canonical);
    }
    m = SIZED.matcher(t);
    if (m.matches()) {
      return characters(m.group(1), m.group(2));
    }
    m = TIMED.matcher(t);
    if (m.matches()) {
      String p = m.group(2) == null ? "6" : m.group(2);
      return (m.group(1).startsWith("timestamp") ? "DATETIME(" : "TIME(") + p + ")";
    }
    throw new IllegalArgumentException(
        "The column type '" + canonical + "' has no MariaDB counterpart the loader knows");
  }

  /** A model's type that takes no length or precision as a MariaDB type, or null. */
  private static String unsized(String t) {
    switch (t) {
      case "smallint":
        return "SMALLINT";
      case "integer":
        return "INT";
      case "bigint":
        return "BIGINT";
      case "real":
        return "FLOAT";
      case "double precision":
        return "DOUBLE";
      case "text":
      case "json":
      case "jsonb":
        return TEXT;
      case "boolean":
        return "BOOLEAN";
      case "date":
        return "DATE";
      case "bytea":
        return "LONGBLOB";
      case "uuid":
        return UUID;
      default:
        return null;
    }
  }

  /**
   * A character type ({@code char} or {@code varchar}, with its length or without) as MariaDB's.
   */
  private static String characters(String kind, String length) {
    if (length == null) {
      return kind.equals("char") ? "CHAR(1)" : TEXT;
    }
    int n = Integer.parseInt(length);
    if (kind.equals("char") && n <= 255) {
      return "CHAR(" + n + ")";
    }
    return n <= MAX_VARCHAR ? "VARCHAR(" + n + ")" : TEXT;
  }

  private static String decimal(String precision, String scale, String canonical) {
    if (precision == null) {
      // An unconstrained numeric holds any number; MariaDB's widest decimal is the closest.
      return "DECIMAL(" + MAX_PRECISION + "," + MAX_SCALE + ")";
    }
    int p = Integer.parseInt(precision);
    int s = scale == null ? 0 : Integer.parseInt(scale);
    if (p > MAX_PRECISION || s > MAX_SCALE) {
      throw new IllegalArgumentException(
          "The column type '"
              + canonical
              + "' is wider than MariaDB's DECIMAL (at most 65 digits, 30 after the point);"
              + " declare numeric(p,s) with p <= 65 and s <= 30, or text");
    }
    return "DECIMAL(" + p + "," + s + ")";
  }

  /** Whether a column of this type can be part of an index without a prefix length. */
  static boolean indexable(String type) {
    String t = type.toLowerCase(Locale.ROOT);
    return !(t.endsWith("text") || t.contains("text ") || t.endsWith("blob"));
  }
}
