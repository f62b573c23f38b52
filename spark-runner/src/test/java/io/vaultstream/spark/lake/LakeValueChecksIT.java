package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * The loader's check of values against Delta column types never lets through a value Spark's cast
 * refuses: seeded generated texts (numbers near each type's bounds, roundings at the scale,
 * exponents, words, dates and times in several spellings, hex) are checked and cast by the MERGE's
 * own expression; every value the check admits casts to a value (with ANSI off, a refused cast is a
 * null instead of an error, so one query tries them all).
 */
class LakeValueChecksIT extends LakeSessionTests {
  private static final List<String> TYPES =
      List.of(
          "SMALLINT",
          "INT",
          "BIGINT",
          "FLOAT",
          "DOUBLE",
          "BOOLEAN",
          "DATE",
          "TIMESTAMP",
          "TIMESTAMP_NTZ",
          "BINARY",
          "DECIMAL(7,2)",
          "DECIMAL(38,0)",
          "DECIMAL(5,5)");

  @Test
  void everyValueTheCheckAdmitsCastsToAValueOfItsColumnType() {
    String previous = spark.conf().get("spark.sql.ansi.enabled");
    spark.conf().set("spark.sql.ansi.enabled", "false");
    try {
      createGeneratedValuesView();
      int admitted = 0;
      for (String type : TYPES) {
        admitted += assertTheAdmittedValuesCastTo(type);
      }
      assertThat(admitted).as("the generator makes values the check admits").isGreaterThan(1500);
    } finally {
      spark.conf().set("spark.sql.ansi.enabled", previous);
    }
  }

  /** The temporary view generated_values: 1500 seeded generated texts in its column v. */
  private static void createGeneratedValuesView() {
    Random random = new Random(20261202L);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      texts.add(generated(random));
    }
    List<Row> rows = new ArrayList<>();
    for (String t : texts) {
      rows.add(RowFactory.create(t));
    }
    spark
        .createDataFrame(
            rows,
            DataTypes.createStructType(
                List.of(DataTypes.createStructField("v", DataTypes.StringType, false))))
        .createOrReplaceTempView("generated_values");
  }

  /**
   * Every generated value the check admits for {@code type} casts to a value of it; returns how
   * many it admits.
   */
  private static int assertTheAdmittedValuesCastTo(String type) {
    int admitted = 0;
    List<String> cast = new ArrayList<>();
    for (Row r :
        spark
            .sql(
                "SELECT v, CAST("
                    + LakeValues.cast("v", type)
                    + " AS "
                    + type
                    + ") IS NULL FROM generated_values")
            .collectAsList()) {
      String v = r.getString(0);
      if (LakeValues.problem(type, v) == null) {
        admitted++;
        if (r.getBoolean(1)) {
          cast.add(v);
        }
      }
    }
    assertThat(cast).as("values admitted for %s that Spark cannot cast", type).isEmpty();
    return admitted;
  }

  /** A text near what columns of the types hold, or not. */
  private static String generated(Random r) {
    return switch (r.nextInt(12)) {
      case 0 -> Long.toString(r.nextLong() >> r.nextInt(64));
      case 1 -> Integer.toString(r.nextInt()) + (r.nextBoolean() ? "" : "0");
      case 2 -> Short.MAX_VALUE + r.nextInt(3) - 1 + "";
      case 3 -> (r.nextBoolean() ? "-" : "") + (r.nextInt(200_000)) + "." + r.nextInt(1000);
      case 4 -> (r.nextInt(9) + 1) + "e" + (r.nextInt(80) - 40);
      case 5 ->
          List.of("NaN", "Infinity", "-Infinity", "true", "false", "t", "no", "twelve", "")
              .get(r.nextInt(9));
      case 6 ->
          String.format(
              "%04d-%02d-%02d", 1 + r.nextInt(9999), 1 + r.nextInt(13), 1 + r.nextInt(31));
      case 7 ->
          String.format(
              "20%02d-%02d-%02d%s%02d:%02d:%02d%s%s",
              r.nextInt(100),
              1 + r.nextInt(12),
              1 + r.nextInt(28),
              r.nextBoolean() ? " " : "T",
              r.nextInt(25),
              r.nextInt(60),
              r.nextInt(61),
              r.nextBoolean() ? "." + r.nextInt(1_000_000) : "",
              List.of("", "Z", "+02", "+05:30", "-08:00").get(r.nextInt(5)));
      case 8 ->
          java.util.HexFormat.of().formatHex(new byte[r.nextInt(4)]) + (r.nextBoolean() ? "" : "g");
      case 9 -> "0." + "9".repeat(1 + r.nextInt(8));
      case 10 -> "9".repeat(1 + r.nextInt(45));
      default -> Long.toString(r.nextLong());
    };
  }
}
