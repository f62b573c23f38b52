package io.vaultstream.spark.lake;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.TargetDatabase;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** A Delta vault's tables printed as the tests' PostgreSQL dump prints a database's. */
public final class LakeDump {
  private LakeDump() {}

  /**
   * Asserts that the PostgreSQL vault in {@code schema} and the Delta vault at {@code at} hold the
   * same rows, table by table (the job's vs_ tables and the wall-clock loaded_at left out); {@code
   * what} names the case in a failure. Returns PostgreSQL's rows by table.
   */
  public static Map<String, List<String>> assertSameAsPostgres(
      SparkSession spark, VaultModel model, String schema, LakeLocation at, String what)
      throws java.sql.SQLException {
    Map<String, List<String>> postgres =
        io.vaultstream.testing.VaultDump.of(
            TargetDatabase.postgres(),
            schema,
            t -> !t.startsWith("vs_"),
            c -> !c.equals("loaded_at"));
    Map<String, List<String>> delta = vault(spark, model, at);
    org.assertj.core.api.Assertions.assertThat(delta.keySet())
        .containsExactlyInAnyOrderElementsOf(postgres.keySet());
    for (String table : postgres.keySet()) {
      org.assertj.core.api.Assertions.assertThat(delta.get(table))
          .as(what.isEmpty() ? table : table + " " + what)
          .containsExactlyElementsOf(postgres.get(table));
    }
    return postgres;
  }

  /** The model's vault tables on Delta at {@code at} by name, without the job's vs_ tables. */
  public static Map<String, List<String>> vault(
      SparkSession spark, VaultModel model, LakeLocation at) {
    Map<String, List<String>> delta = new TreeMap<>();
    for (TableSpec t :
        new LakeTables(model, new HashKeyCalculator(model.hashing()), at).all().values()) {
      if (!t.name().startsWith("vs_")) {
        delta.put(t.name(), rows(spark, at, t, "loaded_at"));
      }
    }
    return delta;
  }

  /**
   * A Delta table's rows printed as the PostgreSQL dump prints them, sorted: its columns in the
   * table's order (those taken from events included), without the wall-clock {@code loaded_at} and
   * without {@code also}.
   */
  public static List<String> rows(SparkSession spark, LakeLocation at, TableSpec t, String also) {
    List<String> select = new ArrayList<>();
    List<Boolean> times = new ArrayList<>();
    for (org.apache.spark.sql.types.StructField f :
        spark.table(at.table(t.name())).schema().fields()) {
      if (f.name().equals("loaded_at") || f.name().equals(also)) {
        continue;
      }
      boolean time = f.dataType() instanceof org.apache.spark.sql.types.TimestampType;
      String q = LakeLocation.quote(f.name());
      boolean date = f.dataType() instanceof org.apache.spark.sql.types.DateType;
      // A date as its text: Spark's java.sql.Date needs module access the tests' JVM lacks.
      select.add(time ? "unix_micros(" + q + ")" : date ? "CAST(" + q + " AS STRING)" : q);
      times.add(time);
    }
    List<String> out = new ArrayList<>();
    for (Row r :
        spark
            .sql("SELECT " + String.join(", ", select) + " FROM " + at.table(t.name()))
            .collectAsList()) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < select.size(); i++) {
        if (i > 0) {
          sb.append('|');
        }
        Object v = r.get(i);
        if (v == null) {
          sb.append("null");
        } else if (times.get(i)) {
          sb.append(TargetDatabase.timestamp((Long) v));
        } else if (v instanceof byte[] bytes) {
          sb.append(HexFormat.of().withUpperCase().formatHex(bytes));
        } else if (v instanceof java.math.BigDecimal d) {
          sb.append(d.toPlainString());
        } else {
          sb.append(v);
        }
      }
      out.add(sb.toString());
    }
    out.sort(null);
    return out;
  }
}
