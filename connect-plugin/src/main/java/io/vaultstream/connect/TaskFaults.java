package io.vaultstream.connect;

import io.vaultstream.engine.Failures;
import io.vaultstream.engine.VaultOptions;
import java.sql.SQLException;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Translates the engine's failures into Connect's terms, as the engine classifies them ({@link
 * Failures}): one that can pass is a {@link RetriableException} (Connect delivers the batch again
 * after the backoff) until it happened {@code max.retries} times in a row; one that cannot is a
 * {@link ConnectException} at once, which fails the task with what to change.
 */
final class TaskFaults {
  private static final Logger LOG = LoggerFactory.getLogger(TaskFaults.class);
  private final int maxRetries;
  private final long backoffMs;
  private int failures;

  TaskFaults(int maxRetries, long backoffMs) {
    this.maxRetries = maxRetries;
    this.backoffMs = backoffMs;
  }

  /**
   * The exception for a vault that could not be opened at start (the engine has waited out what can
   * pass, {@code max.retries} times): what happened and, when it cannot pass, what to change.
   */
  static ConnectException cannotOpen(VaultOptions options, Exception e) {
    return new ConnectException(
        "Cannot prepare the vault in "
            + options
            + ": "
            + (Failures.retriable(e)
                ? e.getMessage() + " (" + (options.maxRetries() + 1) + " attempts)"
                : Failures.explain(e)),
        e);
  }

  /**
   * The exception for stored offsets that could not be read when partitions opened: retriable
   * (Connect opens them again) when the failure can pass.
   */
  static RuntimeException offsetsUnreadable(String consumer, SQLException e) {
    if (!Failures.retriable(e)) {
      return new ConnectException(
          "Cannot read the stored offsets of " + consumer + ": " + Failures.explain(e), e);
    }
    return new RetriableException(
        "Cannot read the stored offsets of " + consumer + ": " + e.getMessage(), e);
  }

  /** Something succeeded: the retries start again from none. */
  void succeeded() {
    failures = 0;
  }

  /**
   * The exception to throw for a wait that is bounded elsewhere (a schema id the registry does not
   * know yet): retried after the backoff, without counting it among the failures in a row.
   */
  RuntimeException waiting(String what, Exception e, SinkTaskContext context) {
    LOG.info("{} waits, retrying in {} ms: {}", what, backoffMs, e.getMessage());
    context.timeout(backoffMs);
    return new RetriableException(e.getMessage(), e);
  }

  /**
   * The exception to throw for a failure of {@code what} (e.g. "Flush of 512 records for shop").
   */
  RuntimeException failed(String what, Exception e, SinkTaskContext context) {
    if (!Failures.retriable(e)) {
      return new ConnectException(what + " failed; " + Failures.explain(e), e);
    }
    failures++;
    if (failures > maxRetries) {
      return new ConnectException(
          what + " failed " + failures + " times; giving up: " + e.getMessage(), e);
    }
    LOG.warn(
        "{} failed (attempt {} of {}), retrying in {} ms: {}",
        what,
        failures,
        maxRetries + 1,
        backoffMs,
        e.getMessage());
    context.timeout(backoffMs);
    return new RetriableException(e.getMessage(), e);
  }
}
