package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a lakehouse vault's existing tables to the model at start, by the rules the database
 * targets follow: a column the model now declares that a satellite, reference table or
 * non-historized link lacks is added; a column whose declared type the model widened (a larger
 * integer, a double for a float, more digits of a decimal) is widened in place; with auto-evolve
 * off, the job refuses to start and names the statements to run. A column changed to another kind,
 * a key column the table lacks, and (on Iceberg, whose inserts must name every column) a column the
 * model no longer names are refused at start, naming the table, the column and what to do.
 */
final class LakeMigration {
  private static final Logger LOG = LoggerFactory.getLogger(LakeMigration.class);
  private static final List<String> INTEGERS = List.of("TINYINT", "SMALLINT", "INT", "BIGINT");
  private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\((\\d+),(\\d+)\\)");
  private static final Pattern ANY_DECIMAL =
      Pattern.compile("(?:DECIMAL|DEC|NUMERIC)\\((\\d+)(?:,(\\d+))?\\)");

  private LakeMigration() {}

  /**
   * Brings every table of the model (the loader's own tables aside: their shape is the job's, not
   * the model's) to its shape: every table is compared first, so a refusal leaves every table as it
   * was; returns the statements run.
   */
  static List<String> apply(
      SparkSession spark, LakeLocation at, Iterable<TableSpec> tables, boolean autoEvolve) {
    List<String> statements = new ArrayList<>();
    for (TableSpec t : tables) {
      if (t.kind() != TableKind.TECHNICAL) {
        statements.addAll(statements(spark, at, t));
      }
    }
    if (statements.isEmpty()) {
      return statements;
    }
    if (!autoEvolve) {
      throw new IllegalStateException(
          at.describe()
              + " do not match the model and auto-evolve is off: run "
              + String.join("; ", statements)
              + ", or turn auto-evolve on");
    }
    for (String s : statements) {
      spark.sql(s);
      LOG.info("{}: {} (the model declares it)", at.describe(), s);
    }
    return statements;
  }

  /** The statements that bring {@code t} to its shape (none when it has it). */
  static List<String> statements(SparkSession spark, LakeLocation at, TableSpec t) {
    String table = at.table(t.name());
    // Spark finds columns whatever the case of their names.
    Map<String, String> stored = new LinkedHashMap<>();
    Map<String, String> names = new LinkedHashMap<>();
    for (StructField f : spark.table(table).schema().fields()) {
      stored.put(f.name().toLowerCase(Locale.ROOT), f.dataType().sql());
      names.put(f.name().toLowerCase(Locale.ROOT), f.name());
    }
    List<String> out = new ArrayList<>();
    for (ColumnSpec c : t.columns()) {
      out.addAll(column(at, t, c, stored.remove(c.name().toLowerCase(Locale.ROOT))));
    }
    if (!t.discoversColumns() && at.format() == LakeFormat.ICEBERG && !stored.isEmpty()) {
      String gone = names.get(stored.keySet().iterator().next());
      throw refused(
          at,
          t,
          gone,
          "is no longer in the model; an Iceberg table's inserts must name every column: drop it"
              + " (ALTER TABLE "
              + table
              + " DROP COLUMN "
              + LakeLocation.quote(gone)
              + ") or declare it again");
    }
    return out;
  }

  /**
   * The statements that bring column {@code c}, stored as {@code has} (null: absent), to the model.
   */
  private static List<String> column(LakeLocation at, TableSpec t, ColumnSpec c, String has) {
    if (has == null) {
      return List.of(added(at, t, c));
    }
    String declared = spelling(c.type());
    return switch (compare(spelling(has), declared, at.format())) {
      case SAME, NARROWER -> List.of();
      case WIDER -> at.format().widen(at.table(t.name()), c.name(), c.type());
      case OTHER -> throw typeRefused(at, t, c, has, declared);
    };
  }

  /** The statement adding the missing column {@code c}, which must be one a table can gain. */
  private static String added(LakeLocation at, TableSpec t, ColumnSpec c) {
    if (!t.canGain(c)) {
      throw refused(
          at,
          t,
          c.name(),
          "is missing, and the model gives it as a key or technical column: keys cannot be"
              + " changed in place; load a new table (a new name in the model)");
    }
    return "ALTER TABLE "
        + at.table(t.name())
        + " ADD COLUMNS ("
        + LakeLocation.quote(c.name())
        + " "
        + c.type()
        + ")";
  }

  /** A declared type the column, stored as {@code has}, cannot be changed to in place. */
  private static IllegalStateException typeRefused(
      LakeLocation at, TableSpec t, ColumnSpec c, String has, String declared) {
    return refused(
        at,
        t,
        c.name(),
        "is "
            + has
            + " and the model declares "
            + declared
            + ", which "
            + at.format().label()
            + " cannot change in place (a larger integer, a double for a float, more digits"
            + (at.format() == LakeFormat.ICEBERG
                ? " of a decimal with the same scale"
                : " of a decimal")
            + "): declare such a type, or load a new table");
  }

  /**
   * A type in one spelling: upper case, Spark's synonyms resolved ({@code INTEGER} is {@code INT},
   * {@code DECIMAL(p)} is {@code DECIMAL(p,0)}). Not parsed by Spark: what {@code TIMESTAMP} means
   * depends on a session setting, and the tables' types are compared as written.
   */
  static String spelling(String type) {
    String t = type.toUpperCase(Locale.ROOT).replace(" ", "");
    switch (t) {
      case "INTEGER":
        return "INT";
      case "LONG":
        return "BIGINT";
      case "SHORT":
        return "SMALLINT";
      case "BYTE":
        return "TINYINT";
      case "REAL":
        return "FLOAT";
      case "TIMESTAMP_LTZ":
        return "TIMESTAMP";
      case "DECIMAL", "DEC", "NUMERIC":
        return "DECIMAL(10,0)";
      default:
        break;
    }
    Matcher m = ANY_DECIMAL.matcher(t);
    if (m.matches()) {
      return "DECIMAL(" + m.group(1) + "," + (m.group(2) == null ? "0" : m.group(2)) + ")";
    }
    return t;
  }

  private static IllegalStateException refused(
      LakeLocation at, TableSpec t, String column, String what) {
    return new IllegalStateException(
        "The column "
            + column
            + " of the "
            + at.format().label()
            + " table "
            + at.table(t.name())
            + " "
            + what);
  }

  /** How a type the model declares compares with a column's stored type (Spark's spelling). */
  enum Verdict {
    SAME,
    WIDER,
    NARROWER,
    OTHER
  }

  static Verdict compare(String stored, String declared, LakeFormat format) {
    String a = stored.toUpperCase(Locale.ROOT);
    String b = declared.toUpperCase(Locale.ROOT);
    if (a.equals(b)) {
      return Verdict.SAME;
    }
    if (wider(a, b, format)) {
      return Verdict.WIDER;
    }
    return wider(b, a, format) ? Verdict.NARROWER : Verdict.OTHER;
  }

  /**
   * Whether {@code to} holds every value of {@code from} unchanged and the format widens a column
   * from the one to the other in place: integers to larger ones, a float to a double, a decimal to
   * more digits (Iceberg keeps the scale; Delta may add decimals too, keeping the integer digits).
   */
  static boolean wider(String from, String to, LakeFormat format) {
    int i = INTEGERS.indexOf(from);
    int j = INTEGERS.indexOf(to);
    if (i >= 0 && j >= 0) {
      return j > i;
    }
    if (from.equals("FLOAT") && to.equals("DOUBLE")) {
      return true;
    }
    Matcher f = DECIMAL.matcher(from);
    Matcher t = DECIMAL.matcher(to);
    if (f.matches() && t.matches()) {
      int fp = Integer.parseInt(f.group(1));
      int fs = Integer.parseInt(f.group(2));
      int tp = Integer.parseInt(t.group(1));
      int ts = Integer.parseInt(t.group(2));
      boolean scale = format == LakeFormat.ICEBERG ? ts == fs : ts >= fs;
      return scale && tp - ts >= fp - fs && (tp != fp || ts != fs);
    }
    return false;
  }
}
