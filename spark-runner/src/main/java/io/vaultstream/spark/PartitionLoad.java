package io.vaultstream.spark;

import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.VaultModel;
import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * The task of a micro-batch's Spark partition: loads its Kafka records ({@link
 * BatchWriter#writeInternalPartition}). A named function rather than a lambda, so that Spark's
 * closure cleaner, which reads the class files of a lambda and of what it captures at every job
 * (several milliseconds of the driver's CPU per micro-batch, and much of a fresh job's JIT work),
 * has nothing to clean.
 */
final class PartitionLoad extends AbstractFunction2<TaskContext, Iterator<InternalRow>, BoxedUnit>
    implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final ClassTag<BoxedUnit> UNIT = ClassTag$.MODULE$.apply(BoxedUnit.class);

  private final Broadcast<VaultModel> model;
  private final VaultOptions options;
  private final String query;
  private final String ledger;
  private final VaultMetrics metrics;
  private final long batchId;
  private final int chunk;

  PartitionLoad(
      Broadcast<VaultModel> model,
      VaultOptions options,
      String query,
      String ledger,
      VaultMetrics metrics,
      long batchId,
      int chunk) {
    this.model = model;
    this.options = options;
    this.query = query;
    this.ledger = ledger;
    this.metrics = metrics;
    this.batchId = batchId;
    this.chunk = chunk;
  }

  /** Loads every partition of {@code rows}, each in a task of its own; returns when all have. */
  void runOn(JavaRDD<InternalRow> rows) {
    rows.context().runJob(rows.rdd(), this, UNIT);
  }

  @Override
  public BoxedUnit apply(TaskContext task, Iterator<InternalRow> rows) {
    try {
      BatchWriter.writeInternalPartition(
          model.value(),
          options,
          query,
          ledger,
          metrics,
          batchId,
          chunk,
          CollectionConverters.asJava(rows));
    } catch (Exception e) {
      throw PartitionLoad.<RuntimeException>unchecked(e);
    }
    return BoxedUnit.UNIT;
  }

  /** Throws {@code e} as it is (a checked {@link java.sql.SQLException} too), as a lambda would. */
  @SuppressWarnings("unchecked")
  private static <E extends Exception> E unchecked(Exception e) throws E {
    throw (E) e;
  }
}
