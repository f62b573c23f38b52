package io.vaultstream.event;

/**
 * Why an event's rows for one vault object were not loaded in this batch.
 *
 * @param code an error code of the error table (NULL_BUSINESS_KEY, UNRESOLVED_REFERENCE, ...)
 * @param target the vault object concerned
 * @param refSource for an unresolved reference: the source table whose row is missing
 * @param refPk for an unresolved reference: that row's primary key (key map text form)
 */
public record Problem(
    ChangeEvent event, String code, String target, String message, String refSource, String refPk) {
  public static final String NULL_BUSINESS_KEY = "NULL_BUSINESS_KEY";
  public static final String UNRESOLVED_REFERENCE = "UNRESOLVED_REFERENCE";
  public static final String BAD_RECORD = "BAD_RECORD";
  public static final String TYPE_CONVERSION = "TYPE_CONVERSION";
  public static final String CONSTRAINT_VIOLATION = "CONSTRAINT_VIOLATION";

  /** An update or delete of a non-historized link's source row, which the link does not take. */
  public static final String NON_HISTORIZED_CHANGE = "NON_HISTORIZED_CHANGE";

  /** The message is kept as it will be stored ({@link StoredText#message}). */
  public Problem {
    message = StoredText.message(message);
  }

  /** A problem that waiting will not solve. */
  public static Problem of(ChangeEvent event, String code, String target, String message) {
    return new Problem(event, code, target, message, null, null);
  }

  /** A row of another source that is not known yet. */
  public static Problem unresolved(
      ChangeEvent event, String target, String message, String refSource, String refPk) {
    return new Problem(event, UNRESOLVED_REFERENCE, target, message, refSource, refPk);
  }

  /** Whether waiting for the referenced row can solve it. */
  public boolean waits() {
    return refSource != null;
  }
}
