package io.vaultstream.spark.lake;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.model.TypeGrammar;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The column types of a vault in Delta Lake (Spark SQL's types): hash keys as hex {@code STRING} or
 * {@code BINARY} as the model's hashing output says, times as {@code TIMESTAMP} (an instant, shown
 * in the session's time zone; the job runs its sessions in UTC), flags as {@code BOOLEAN}, every
 * other engine column as {@code STRING}. A source column's declared type maps to the nearest Spark
 * type that holds every value exactly (docs/LAKEHOUSE.md lists the mapping); an undeclared column
 * is {@code STRING}.
 */
public final class LakeTypes implements VaultValues {
  /** Spark's largest decimal precision. */
  static final int MAX_PRECISION = 38;

  private static final Pattern NUMERIC = Pattern.compile("numeric\\((\\d+)(?:,(\\d+))?\\)");
  private static final Pattern TIMED = Pattern.compile("(timestamptz|timestamp)(?:\\((\\d)\\))?");

  /** Each batch reads the key map as pinned at its start: no loader keeps mappings between them. */
  @Override
  public boolean keepsWriterMarks() {
    return false;
  }

  /** A time as epoch microseconds: exact, and the same in every session's time zone. */
  @Override
  public String timestampText(long micros) {
    return LakeValues.timeText(micros);
  }

  /**
   * A table's rows of a batch commit in one MERGE, which one value its column's type refuses would
   * fail in every run of the batch: the engine checks each event's values first.
   */
  @Override
  public boolean checksValues() {
    return true;
  }

  @Override
  public String valueProblem(String type, String text) {
    return LakeValues.problem(type, text);
  }

  @Override
  public String booleanText(boolean value) {
    return Boolean.toString(value);
  }

  @Override
  public boolean isTrueText(String text) {
    return "true".equals(text);
  }

  /** The characters a Delta table without column mapping refuses in a column's name. */
  static final String REFUSED_NAME_CHARS = " ,;{}()\n\t=";

  /**
   * A name Delta refuses (its tables are created without column mapping): one with a space, a tab,
   * a line break or one of {@code ,;{}()=}.
   */
  @Override
  public String columnNameProblem(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (REFUSED_NAME_CHARS.indexOf(name.charAt(i)) >= 0) {
        return "Lakehouse tables refuse column names with a space, a tab, a line break or one of"
            + " , ; { } ( ) =";
      }
    }
    return null;
  }

  /** Spark compares column names without case: two names that differ only in case are one. */
  @Override
  public String columnNameKey(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  @Override
  public String hashType(int hexLength, boolean binary) {
    return binary ? "BINARY" : "STRING";
  }

  @Override
  public String textType() {
    return "STRING";
  }

  @Override
  public String keyTextType() {
    return "STRING";
  }

  @Override
  public String timestampType() {
    return "TIMESTAMP";
  }

  @Override
  public String booleanType() {
    return "BOOLEAN";
  }

  @Override
  public String identityType() {
    // Identity columns make Delta refuse concurrent commits; the loader numbers its rows itself.
    return "BIGINT";
  }

  /**
   * The Spark type of a model's declared type; an {@link IllegalArgumentException} naming a type
   * the model grammar does not know.
   */
  @Override
  public String checkedType(String type) {
    String canonical = TypeGrammar.canonical(type);
    if (canonical == null) {
      throw new IllegalArgumentException(
          "The declared type '"
              + type
              + "' is not one vaultstream knows (docs/MODEL.md lists the declared types)");
    }
    return sparkType(canonical);
  }

  @Override
  public String canonicalType(String type) {
    return type == null ? null : type.toUpperCase(Locale.ROOT);
  }

  /** The Spark type of a declared type in the model's canonical spelling. */
  static String sparkType(String canonical) {
    switch (canonical) {
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
      case "boolean":
        return "BOOLEAN";
      case "date":
        return "DATE";
      case "bytea":
        return "BINARY";
      default:
        break;
    }
    Matcher n = NUMERIC.matcher(canonical);
    if (n.matches() && Integer.parseInt(n.group(1)) <= MAX_PRECISION) {
      return "DECIMAL(" + n.group(1) + "," + (n.group(2) == null ? "0" : n.group(2)) + ")";
    }
    Matcher t = TIMED.matcher(canonical);
    if (t.matches() && (t.group(2) == null || Integer.parseInt(t.group(2)) <= 6)) {
      // A time without a zone is a wall-clock reading, not an instant.
      return t.group(1).equals("timestamp") ? "TIMESTAMP_NTZ" : "TIMESTAMP";
    }
    // Text of every kind, uuid, json, times of day, numbers beyond 38 digits or of unbounded
    // precision, and timestamps finer than microseconds keep their exact canonical text.
    return "STRING";
  }
}
