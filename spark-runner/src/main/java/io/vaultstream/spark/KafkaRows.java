package io.vaultstream.spark;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.LogicalRDD;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A micro-batch's Kafka records in Spark's internal form: key, value, topic, partition, offset and
 * timestamp at ordinals 0 to 5 of each row, the timestamp in microseconds. Read as the Kafka source
 * made them when the micro-batch is a plan over its rows with those columns first (as Spark's
 * foreachBatch gives it), so no projection copies each key and value on the way; otherwise (any
 * other plan) through a projection to those columns.
 */
final class KafkaRows {
  /** The columns read, in their ordinal order. */
  static final List<String> COLUMNS =
      List.of("key", "value", "topic", "partition", "offset", "timestamp");

  private static final List<DataType> TYPES =
      List.of(
          DataTypes.BinaryType,
          DataTypes.BinaryType,
          DataTypes.StringType,
          DataTypes.IntegerType,
          DataTypes.LongType,
          DataTypes.TimestampType);

  private KafkaRows() {}

  /** The columns read and their types, as a schema: the first six of the Kafka source's. */
  static StructType schema() {
    StructType schema = new StructType();
    for (int i = 0; i < COLUMNS.size(); i++) {
      schema = schema.add(COLUMNS.get(i), TYPES.get(i));
    }
    return schema;
  }

  /** The rows of {@code batch}, in one Spark partition with {@code whole}. */
  static JavaRDD<InternalRow> of(Dataset<Row> batch, boolean whole) {
    LogicalPlan plan = batch.queryExecution().logical();
    JavaRDD<InternalRow> rows =
        plan instanceof LogicalRDD source && sourceOrder(batch.schema())
            ? source.rdd().toJavaRDD()
            : batch
                .select(COLUMNS.get(0), COLUMNS.subList(1, COLUMNS.size()).toArray(new String[0]))
                .queryExecution()
                .toRdd()
                .toJavaRDD();
    // A micro-batch whose offset ranges are all empty has no partition, so no task and no ledger
    // entry: there is nothing for a re-run to skip.
    return whole ? rows.coalesce(1) : rows;
  }

  /** Whether a schema starts with the columns read, of the Kafka source's types. */
  static boolean sourceOrder(StructType schema) {
    StructField[] fields = schema.fields();
    if (fields.length < COLUMNS.size()) {
      return false;
    }
    for (int i = 0; i < COLUMNS.size(); i++) {
      if (!fields[i].name().equals(COLUMNS.get(i)) || !fields[i].dataType().equals(TYPES.get(i))) {
        return false;
      }
    }
    return true;
  }
}
