package io.vaultstream.engine;

import io.vaultstream.decode.SchemaIdNotYetKnownException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an operation again after a backoff while it fails for a reason that can pass ({@link
 * Failures#retriable}); a failure that cannot pass, or the last one, is thrown at once.
 */
public final class Retries {
  private static final Logger LOG = LoggerFactory.getLogger(Retries.class);

  private Retries() {}

  /** One attempt of the operation. */
  @FunctionalInterface
  public interface Attempt<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs {@code attempt} up to {@code maxRetries + 1} times, {@code backoffMs} apart.
   *
   * @param what names the operation in the log, e.g. "Opening the vault at
   *     jdbc:postgresql://db/dwh"
   */
  public static <T, E extends Exception> T call(
      String what, int maxRetries, long backoffMs, Attempt<T, E> attempt) throws E {
    return call(() -> what, maxRetries, backoffMs, attempt);
  }

  /**
   * As {@link #call(String, int, long, Attempt)}, the operation's name made only when it is logged
   * (for an operation run per record).
   */
  public static <T, E extends Exception> T call(
      Supplier<String> what, int maxRetries, long backoffMs, Attempt<T, E> attempt) throws E {
    for (int n = 1; ; n++) {
      try {
        return attempt.run();
      } catch (Exception e) {
        // A schema id the registry does not know yet: the registry client bounds that wait itself
        // (then the record is a bad record), so it is not counted among the retries.
        boolean bounded = e instanceof SchemaIdNotYetKnownException;
        if ((n > maxRetries && !bounded) || !Failures.retriable(e)) {
          throw e;
        }
        if (bounded) {
          n--;
          LOG.info("{} waits, retrying in {} ms: {}", what.get(), backoffMs, e.getMessage());
        } else {
          LOG.warn(
              "{} failed (attempt {} of {}), retrying in {} ms: {}",
              what.get(),
              n,
              maxRetries + 1,
              backoffMs,
              e.getMessage());
        }
        try {
          Thread.sleep(backoffMs);
        } catch (InterruptedException stop) {
          Thread.currentThread().interrupt();
          throw e; // stopping: the last failure is the answer
        }
      }
    }
  }
}
