package io.vaultstream.spark;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * The events the job's tasks decoded and loaded, as they report them through the job's {@code
 * vaultstream.events} accumulator (summed over the successful tasks' updates).
 */
final class SparkBenchDecoded extends SparkListener {
  private final AtomicLong events = new AtomicLong();

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    if (end.taskInfo() == null || !end.taskInfo().successful()) {
      return;
    }
    for (AccumulableInfo a :
        scala.jdk.javaapi.CollectionConverters.asJava(end.taskInfo().accumulables())) {
      if (a.name().isDefined()
          && "vaultstream.events".equals(a.name().get())
          && a.update().isDefined()
          && a.update().get() instanceof Number n) {
        events.addAndGet(n.longValue());
      }
    }
  }

  /**
   * The count, once it reaches {@code expected} or, at the latest, after {@code seconds}: Spark
   * hands task ends to listeners on a thread of its own, shortly after the tasks end.
   */
  long await(long expected, int seconds) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (events.get() < expected && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
    return events.get();
  }
}
