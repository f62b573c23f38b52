package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
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

  private LakeMigration() {}

  /** Brings every table to its shape in the model; throws when it cannot or may not. */
  static void apply(
      SparkSession spark, LakeLocation at, Iterable<TableSpec> tables, boolean autoEvolve) {
    for (TableSpec t : tables) {
      List<String> statements = statements(spark, at, t);
      if (statements.isEmpty()) {
        continue;
      }
      if (!autoEvolve) {
        throw new IllegalStateException(
            "The "
                + at.format().label()
                + " table "
                + at.table(t.name())
                + " does not match the model and auto-evolve is off: run "
                + String.join("; ", statements)
                + ", or turn auto-evolve on");
      }
      for (String s : statements) {
        spark.sql(s);
        LOG.info("{}: {} (the model declares it)", at.describe(), s);
      }
    }
  }

  /** The statements that bring {@code t} to its shape (none when it has it). */
  static List<String> statements(SparkSession spark, LakeLocation at, TableSpec t) {
    String table = at.table(t.name());
    Map<String, String> stored = new LinkedHashMap<>();
    for (StructField f : spark.table(table).schema().fields()) {
      stored.put(f.name(), f.dataType().sql());
    }
    List<String> out = new ArrayList<>();
    for (ColumnSpec c : t.columns()) {
      String has = stored.remove(c.name());
      if (has == null) {
        if (!t.canGain(c)) {
          throw refused(
              at,
              t,
              c.name(),
              "is missing, and the model gives it as a key or technical"
                  + " column: keys cannot be changed in place; load a new table (a new name in the"
                  + " model)");
        }
        out.add(
            "ALTER TABLE "
                + table
                + " ADD COLUMNS ("
                + LakeLocation.quote(c.name())
                + " "
                + c.type()
                + ")");
        continue;
      }
      switch (compare(has, spark(c.type()), at.format())) {
        case SAME, NARROWER -> {}
        case WIDER -> out.addAll(at.format().widen(table, c.name(), c.type()));
        case OTHER ->
            throw refused(
                at,
                t,
                c.name(),
                "is "
                    + has
                    + " and the model declares "
                    + c.type()
                    + ", which it cannot take in place: declare a type of the same kind"
                    + " (wider), or load a new table");
      }
    }
    if (!t.discoversColumns() && at.format() == LakeFormat.ICEBERG) {
      for (String gone : stored.keySet()) {
        throw refused(
            at,
            t,
            gone,
            "is no longer in the model; an Iceberg table's inserts must"
                + " name every column: drop it (ALTER TABLE "
                + table
                + " DROP COLUMN "
                + LakeLocation.quote(gone)
                + ") or declare it again");
      }
    }
    return out;
  }

  /** A type in Spark's own spelling ({@code integer} is {@code INT}). */
  static String spark(String type) {
    try {
      return org.apache.spark.sql.types.DataType.fromDDL(type).sql();
    } catch (RuntimeException e) {
      return type.toUpperCase(Locale.ROOT);
    }
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
