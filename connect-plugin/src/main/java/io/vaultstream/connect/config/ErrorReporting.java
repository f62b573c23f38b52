package io.vaultstream.connect.config;

import java.util.Map;

/** What Connect's own {@code errors.*} settings say about reporting records the loader refuses. */
public final class ErrorReporting {
  private ErrorReporting() {}

  /**
   * Whether Connect's errant record reporter may be used: it throws on the first record it is given
   * unless errors.tolerance is all, even with a dead letter queue or errors.log.enable.
   */
  public static boolean toleratesErrors(Map<String, String> props) {
    String tolerance = props.get("errors.tolerance");
    return tolerance != null && tolerance.trim().equalsIgnoreCase("all");
  }

  /** Whether the connector is configured to report errant records (a dead letter queue or logs). */
  public static boolean reportsErrors(Map<String, String> props) {
    String dlq = props.get("errors.deadletterqueue.topic.name");
    return (dlq != null && !dlq.isBlank())
        || "true".equalsIgnoreCase(String.valueOf(props.get("errors.log.enable")).trim());
  }
}
