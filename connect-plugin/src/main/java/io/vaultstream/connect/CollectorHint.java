package io.vaultstream.connect;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hint about the worker JVM's collector, logged once per worker when a connector starts. Kafka's
 * scripts start workers with G1 and a 20 ms pause goal; to meet it G1 keeps its young generation at
 * its smallest, so the batches a task has in flight are copied at collections many times a second.
 * A longer goal lets the young generation grow and the collector run less often.
 */
final class CollectorHint {
  private static final Logger LOG = LoggerFactory.getLogger(CollectorHint.class);
  private static final AtomicBoolean LOGGED = new AtomicBoolean();

  /** Pause goals below this are named in the hint. */
  static final long SHORT_GOAL_MS = 100;

  private CollectorHint() {}

  /** Logs the hint for this JVM, the first time only. */
  static void logOnce() {
    if (LOGGED.compareAndSet(false, true)) {
      try {
        forThisJvm().ifPresent(LOG::info);
      } catch (RuntimeException | LinkageError e) {
        LOG.debug("Could not read the worker JVM's collector settings", e);
      }
    }
  }

  /** The hint for the JVM this runs in, or empty when there is nothing to say. */
  static Optional<String> forThisJvm() {
    return of(usesG1(), pauseGoalMillis());
  }

  /**
   * The hint for a JVM with these settings, or empty when there is nothing to say.
   *
   * @param g1 whether the JVM collects with G1
   * @param pauseGoalMillis its {@code MaxGCPauseMillis}, or a negative number when unknown
   */
  static Optional<String> of(boolean g1, long pauseGoalMillis) {
    if (!g1 || pauseGoalMillis < 0 || pauseGoalMillis >= SHORT_GOAL_MS) {
      return Optional.empty();
    }
    return Optional.of(
        "This worker's JVM runs G1 with a pause goal of "
            + pauseGoalMillis
            + " ms (-XX:MaxGCPauseMillis="
            + pauseGoalMillis
            + ", as Kafka's scripts set it): G1 keeps its young generation small, and the records"
            + " a vaultstream task has in flight are copied at every young collection. On a worker"
            + " that runs vaultstream, -XX:MaxGCPauseMillis=200 (G1's own default, set in"
            + " KAFKA_JVM_PERFORMANCE_OPTS) let the young generation grow and cut the collector's"
            + " CPU per event several-fold in vaultstream's benchmarks, most on a freshly started"
            + " worker; see docs/CONNECT.md, \"Loading a backlog\"");
  }

  private static boolean usesG1() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc.getName().startsWith("G1 ")) {
        return true;
      }
    }
    return false;
  }

  private static long pauseGoalMillis() {
    HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    if (hs == null) {
      return -1;
    }
    try {
      return Long.parseLong(hs.getVMOption("MaxGCPauseMillis").getValue());
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }
}
