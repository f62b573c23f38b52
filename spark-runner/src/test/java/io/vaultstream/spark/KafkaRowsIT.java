package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A micro-batch whose columns are not the Kafka source's, in its order, is read through a
 * projection: each record's key, value, topic, partition, offset and timestamp at ordinals 0 to 5.
 */
class KafkaRowsIT {
  private static SparkSession spark;

  @BeforeAll
  static void startSpark() {
    spark = SparkSession.builder().sparkContext(LocalSpark.start("kafka-rows")).getOrCreate();
  }

  @AfterAll
  static void stopSpark() {
    LocalSpark.stop(spark.sparkContext());
  }

  @Test
  void anotherShapeIsReadThroughAProjection() {
    StructType reordered =
        new StructType()
            .add("timestamp", DataTypes.TimestampType)
            .add("extra", DataTypes.StringType)
            .add("offset", DataTypes.LongType)
            .add("partition", DataTypes.IntegerType)
            .add("topic", DataTypes.StringType)
            .add("value", DataTypes.BinaryType)
            .add("key", DataTypes.BinaryType);
    Dataset<Row> batch =
        spark
            .createDataFrame(
                List.of(
                    RowFactory.create(
                        new Timestamp(1_700_000_000_123L),
                        "x",
                        42L,
                        3,
                        "src.people",
                        "v".getBytes(StandardCharsets.UTF_8),
                        "k".getBytes(StandardCharsets.UTF_8))),
                reordered)
            .repartition(2);
    JavaRDD<InternalRow> whole = KafkaRows.of(batch, true);
    assertThat(whole.getNumPartitions()).isEqualTo(1);
    List<InternalRow> rows = whole.map(InternalRow::copy).collect();
    assertThat(rows).hasSize(1);
    InternalRow r = rows.get(0);
    assertThat(new String(r.getBinary(0), StandardCharsets.UTF_8)).isEqualTo("k");
    assertThat(new String(r.getBinary(1), StandardCharsets.UTF_8)).isEqualTo("v");
    assertThat(r.getUTF8String(2).toString()).isEqualTo("src.people");
    assertThat(r.getInt(3)).isEqualTo(3);
    assertThat(r.getLong(4)).isEqualTo(42L);
    assertThat(r.getLong(5)).isEqualTo(1_700_000_000_123_000L);
  }
}
